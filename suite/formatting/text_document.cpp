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

std::string bullets(const std::vector<std::string>& entries) {
  std::string out;
  for (const auto& e : entries) out += entry("- ", e, "  ");
  return out;
}

}  // namespace

std::string TextDocument::text() const {
  std::string out = title + "\n";
  for (const auto& line : lines) out += entry("", line, "  ");
  for (const auto& s : sections) {
    out += "\n" + s.title + "\n";
    if (s.table) out += s.table->str();
    if (s.list.empty()) continue;
    out += s.list_title + "\n";
    for (const auto& e : s.list) out += entry("  ", e, "    ");
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
