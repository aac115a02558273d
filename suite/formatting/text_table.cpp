// Plain-text and Markdown tables (see text_table.hpp).
#include "suite/formatting/text_table.hpp"

#include <algorithm>
#include <stdexcept>

#include "suite/text/echo.hpp"

namespace autobench::formatting {
namespace {

// One Markdown table line: the cells between pipes, their own pipes escaped.
std::string markdown_line(const std::vector<std::string>& cells) {
  std::string line = "|";
  for (const auto& cell : cells) {
    line += " ";
    for (char ch : cell) line += ch == '|' ? std::string("\\|") : std::string(1, ch);
    line += " |";
  }
  return line + "\n";
}

}  // namespace

std::size_t display_width(const std::string& s) {
  return static_cast<std::size_t>(
      std::count_if(s.begin(), s.end(), [](char c) { return (static_cast<unsigned char>(c) & 0xC0) != 0x80; }));
}

TextTable::TextTable(std::vector<Column> columns) : columns_(std::move(columns)) {
  for (auto& c : columns_) c.header = text::printable(c.header, text::kMessageBytes);
}

void TextTable::add_row(std::vector<std::string> cells) {
  if (cells.size() != columns_.size()) {
    throw std::invalid_argument("table row has " + std::to_string(cells.size()) + " cells for " +
                                std::to_string(columns_.size()) + " columns");
  }
  for (auto& cell : cells) cell = text::printable(cell, text::kMessageBytes);  // a newline cannot forge a row
  rows_.push_back(std::move(cells));
}

std::string TextTable::str() const {
  std::vector<std::size_t> widths;
  for (const auto& c : columns_) widths.push_back(display_width(c.header));
  for (const auto& row : rows_) {
    for (std::size_t i = 0; i < row.size(); ++i) widths[i] = std::max(widths[i], display_width(row[i]));
  }

  std::string out;
  auto line = [&](const std::vector<std::string>& cells) {
    std::string text;
    for (std::size_t i = 0; i < cells.size(); ++i) {
      const std::string pad(widths[i] - display_width(cells[i]), ' ');
      if (i > 0) text += "  ";
      text += columns_[i].align == Align::right ? pad + cells[i] : cells[i] + pad;
    }
    text.erase(text.find_last_not_of(' ') + 1);
    out += text + "\n";
  };
  std::vector<std::string> headers, rules;
  for (std::size_t i = 0; i < columns_.size(); ++i) {
    headers.push_back(columns_[i].header);
    rules.push_back(std::string(widths[i], '-'));
  }
  line(headers);
  line(rules);
  for (const auto& row : rows_) line(row);
  return out;
}

std::string TextTable::markdown() const {
  std::vector<std::string> headers;
  std::string rule = "|";
  for (const auto& c : columns_) {
    headers.push_back(c.header);
    rule += c.align == Align::right ? "---:|" : "---|";
  }
  std::string out = markdown_line(headers) + rule + "\n";
  for (const auto& row : rows_) out += markdown_line(row);
  return out;
}

}  // namespace autobench::formatting
