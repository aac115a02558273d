// Plain-text and Markdown rendering of a summary document (see text_document.hpp).
#include "suite/formatting/text_document.hpp"

namespace autobench::formatting {
namespace {

// `first` before the entry's first line, `indent` before each later line.
std::string entry(const std::string& first, const std::string& text, const std::string& indent) {
  std::string out = first;
  for (char ch : text) out += ch == '\n' ? "\n" + indent : std::string(1, ch);
  return out + "\n";
}

// The lines of `text`, split at its newlines.
std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> lines;
  std::size_t at = 0;
  for (std::size_t nl; (nl = text.find('\n', at)) != std::string::npos; at = nl + 1) lines.push_back(text.substr(at, nl - at));
  lines.push_back(text.substr(at));
  return lines;
}

// As `entry`, each line longer than kTextWidth broken at its last space within the width; what follows a
// break goes on a line of its own after `indent`. A word longer than the width stays whole.
std::string wrapped(const std::string& first, const std::string& text, const std::string& indent) {
  std::string out;
  for (std::string rest : lines_of(text)) {
    std::string line = out.empty() ? first : indent;
    while (display_width(line) + display_width(rest) > kTextWidth) {
      const std::size_t room = kTextWidth > display_width(line) ? kTextWidth - display_width(line) : 0;
      std::size_t cut = rest.rfind(' ', room);
      if (cut == std::string::npos || cut == 0) cut = rest.find(' ', room);
      if (cut == std::string::npos) break;
      out += line + rest.substr(0, cut) + "\n";
      line = indent;
      rest = rest.substr(cut + 1);
    }
    out += line + rest + "\n";
  }
  return out;
}

std::string bullets(const std::vector<std::string>& entries) {
  std::string out;
  for (const auto& e : entries) out += entry("- ", e, "  ");
  return out;
}

}  // namespace

std::string TextDocument::text() const {
  std::string out = wrapped("", title, "  ");
  for (const auto& line : lines) out += wrapped("", line, "  ");
  for (const auto& s : sections) {
    out += "\n" + wrapped("", s.title, "  ");
    if (s.table) out += s.table->str();
    if (s.list.empty()) continue;
    out += wrapped("", s.list_title, "  ");
    for (const auto& e : s.list) out += wrapped("  ", e, "    ");
  }
  return out;
}

std::string TextDocument::markdown() const {
  std::vector<std::string> blocks{"# " + title + "\n"};
  if (!lines.empty()) blocks.push_back(bullets(lines));
  for (const auto& s : sections) {
    blocks.push_back("## " + s.title + "\n");
    if (s.table) blocks.push_back(s.table->markdown());
    if (s.list.empty()) continue;
    blocks.push_back(s.list_title + "\n");
    blocks.push_back(bullets(s.list));
  }
  std::string out;
  for (const auto& b : blocks) out += (out.empty() ? "" : "\n") + b;
  return out;
}

}  // namespace autobench::formatting
