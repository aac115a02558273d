// One CSV record as RFC 4180 writes it, shared by the CSV outputs (report --format csv, export --tidy).
#pragma once

#include <string>
#include <vector>

namespace autobench::formatting {

// The fields joined by commas and ended by "\n"; a field holding a comma, a double quote or a line
// break is quoted, its quotes doubled.
inline std::string csv_line(const std::vector<std::string>& fields) {
  std::string out;
  for (std::size_t i = 0; i < fields.size(); ++i) {
    if (i > 0) out += ',';
    const auto& text = fields[i];
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
