// A table with aligned columns, rendered as plain text for terminals or as a GitHub-flavoured Markdown table.
#pragma once

#include <string>
#include <vector>

namespace autobench::formatting {

// Characters, not bytes: UTF-8 continuation bytes do not count.
std::size_t display_width(const std::string& s);

class TextTable {
 public:
  enum class Align { left, right };
  struct Column {
    std::string header;
    Align align = Align::left;
  };

  // Headers and cells are kept as text::printable makes them (control characters, a newline included,
  // escaped; bounded to text::kMessageBytes): whatever a file held, it cannot move the cursor or forge a row.
  explicit TextTable(std::vector<Column> columns);
  // One cell per column; throws std::invalid_argument on another count.
  void add_row(std::vector<std::string> cells);
  // The header line, a rule, then the rows; columns two spaces apart, widths in UTF-8 characters,
  // no trailing spaces.
  std::string str() const;
  // "| a | b |", a rule "|---|---:|" ("---:" on right-aligned columns), then one such line per row;
  // a "|" in a cell is written "\|".
  std::string markdown() const;

 private:
  std::vector<Column> columns_;
  std::vector<std::vector<std::string>> rows_;
};

}  // namespace autobench::formatting
