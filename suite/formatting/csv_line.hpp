// One CSV record as RFC 4180 writes it, safe to open in a spreadsheet, shared by the CSV outputs (report
// --format csv, export --tidy, a run's csv/).
#pragma once

#include <cstdlib>
#include <string>
#include <string_view>
#include <vector>

namespace autobench::formatting {

// A field a spreadsheet would run as a formula (it starts with = + - @, a tab or a carriage return and is
// not a number such as -1.5 or -inf) with a leading ' (OWASP's CSV injection advice): "=cmd|' /C calc'!A0"
// becomes "'=cmd|' /C calc'!A0"; every other field as it is.
inline std::string spreadsheet_safe(const std::string& text) {
  if (text.empty() || std::string_view("=+-@\t\r").find(text.front()) == std::string_view::npos) return text;
  char* end = nullptr;
  std::strtod(text.c_str(), &end);
  return end == text.c_str() + text.size() ? text : "'" + text;
}

// The fields (made spreadsheet_safe) joined by commas and ended by "\n"; a field holding a comma, a double
// quote or a line break is quoted, its quotes doubled.
inline std::string csv_line(const std::vector<std::string>& fields) {
  std::string out;
  for (std::size_t i = 0; i < fields.size(); ++i) {
    if (i > 0) out += ',';
    const std::string text = spreadsheet_safe(fields[i]);
    if (text.find_first_of(",\"\r\n") == std::string::npos) {
      out += text;
      continue;
    }
    out += '"';
    for (char ch : text) out += ch == '"' ? std::string("\"\"") : std::string(1, ch);
    out += '"';
  }
  return out + "\n";
}

}  // namespace autobench::formatting
