// A summary built once as data (title, lines, sections of tables) and rendered as plain text or Markdown.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "suite/formatting/text_table.hpp"

namespace autobench::formatting {

// The widest line of the plain-text form, in characters (tables are laid out to fit it; other lines wrap).
inline constexpr std::size_t kTextWidth = 120;

struct TextSection {
  std::string title{};
  std::optional<TextTable> table{};   // none: the title says why (e.g. "Devices: none")
  std::string list_title{};           // shown, with the list, only when the list has entries
  std::vector<std::string> list{};    // one entry each; an entry's later lines are indented under it
};

struct TextDocument {
  std::string title;
  std::vector<std::string> lines;   // under the title; a line's later lines are indented under it
  std::vector<TextSection> sections;

  // The title, the lines, then each section after a blank line: its title, the table's aligned
  // columns, the list title and the list's entries indented by two spaces. Every line but a table's is
  // wrapped at a space to kTextWidth characters, the rest of it indented by two more spaces.
  std::string text() const;
  // "# title", the lines as a bullet list, then per section "## title", the Markdown table, the list
  // title and the list as bullets; blocks separated by blank lines.
  std::string markdown() const;
};

}  // namespace autobench::formatting
