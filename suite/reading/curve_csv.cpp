// Curves from CSV text (see curve_csv.hpp).
#include "suite/reading/curve_csv.hpp"

#include <charconv>
#include <cmath>
#include <optional>
#include <vector>

#include "suite/files/input_file.hpp"
#include "suite/text/echo.hpp"

namespace autobench::reading {
namespace {

struct Line {
  std::size_t number;  // 1-based, counting blank lines
  std::vector<std::string> cells;
};

std::string trimmed(const std::string& s) {
  const auto begin = s.find_first_not_of(" \t");
  if (begin == std::string::npos) return "";
  return s.substr(begin, s.find_last_not_of(" \t") - begin + 1);
}

// The non-blank records of the text, split into cells as RFC 4180 writes them (what `report --format
// csv` writes): a quoted cell may hold commas, line breaks and doubled quotes; unquoted cells are
// trimmed. Throws CurveCsvError naming the line where a quoted cell is left open.
std::vector<Line> lines_of(const std::string& text, const std::string& file) {
  const std::string body = text.rfind("\xEF\xBB\xBF", 0) == 0 ? text.substr(3) : text;
  std::vector<Line> out;
  Line record{1, {}};
  std::string cell;
  bool quoted_cell = false, in_quotes = false, blank = true;
  std::size_t number = 1, open_line = 0;
  const auto end_cell = [&] {
    record.cells.push_back(quoted_cell ? cell : trimmed(cell));
    cell.clear();
    quoted_cell = false;
  };
  const auto end_record = [&] {
    end_cell();
    if (!blank) out.push_back(std::move(record));
    record = Line{number + 1, {}};
    blank = true;
  };
  for (std::size_t i = 0; i < body.size(); ++i) {
    const char c = body[i];
    if (in_quotes) {
      if (c == '"' && i + 1 < body.size() && body[i + 1] == '"') {
        cell += '"';
        ++i;
      } else if (c == '"') {
        in_quotes = false;
      } else {
        if (c == '\n') ++number;
        cell += c;
      }
      continue;
    }
    if (c == '"' && trimmed(cell).empty()) {
      cell.clear();
      in_quotes = quoted_cell = true;
      open_line = number;
      blank = false;
    } else if (c == ',') {
      end_cell();
      blank = false;
    } else if (c == '\n' || (c == '\r' && (i + 1 == body.size() || body[i + 1] == '\n'))) {
      if (c == '\r') ++i;
      end_record();
      ++number;
    } else {
      if (c != ' ' && c != '\t') blank = false;
      if (!quoted_cell) cell += c;  // text after a closing quote is dropped with the quote's cell
    }
  }
  if (in_quotes)
    throw CurveCsvError(text::printable(file) + ": line " + std::to_string(open_line) + ": a quoted cell is not closed (missing '\"')");
  if (!blank || !cell.empty()) end_record();
  return out;
}

std::size_t line_count(const std::string& text) {
  std::size_t n = 0;
  for (char c : text) n += c == '\n';
  return n + (!text.empty() && text.back() != '\n');
}

class Failure {
 public:
  explicit Failure(std::string file) : file_(std::move(file)) {}
  [[noreturn]] void at(std::size_t line, const std::string& problem) const {
    throw CurveCsvError(text::printable(file_) + ": line " + std::to_string(line) + ": " + problem);
  }

 private:
  std::string file_;
};

std::string joined(const std::vector<std::string>& names) {
  std::string out;
  for (const auto& n : names) out += (out.empty() ? "" : ", ") + n;
  return text::printable(out);
}

// The header's column named `wanted`; when that is empty, the first column named one of `defaults`
// (or, with `default_prefix`, starting with one of them and '_'), else the column at `fallback`.
std::size_t column(const Line& header, const std::string& wanted, const std::vector<std::string>& defaults,
                   bool default_prefix, std::size_t fallback, const Failure& fail) {
  const auto find = [&](auto&& match) -> std::optional<std::size_t> {
    for (std::size_t i = 0; i < header.cells.size(); ++i)
      if (match(header.cells[i])) return i;
    return std::nullopt;
  };
  if (!wanted.empty()) {
    if (auto i = find([&](const std::string& h) { return h == wanted; })) return *i;
    fail.at(header.number, "no column " + text::echo(wanted) + " (columns: " + joined(header.cells) + ")");
  }
  for (const auto& name : defaults) {
    if (auto i = find([&](const std::string& h) { return h == name; })) return *i;
    if (default_prefix)
      if (auto i = find([&](const std::string& h) { return h.rfind(name + "_", 0) == 0; })) return *i;
  }
  if (fallback >= header.cells.size())
    fail.at(header.number, "only one column, " + text::echo(joined(header.cells)) + " (a curve needs two: x and y)");
  return fallback;
}

double number(const std::string& cell, const std::string& column, std::size_t line, const Failure& fail) {
  double v = 0.0;
  const char* end = cell.data() + cell.size();
  const auto r = std::from_chars(cell.data(), end, v);
  if (cell.empty() || r.ec != std::errc() || r.ptr != end)
    fail.at(line, text::printable(column) + " " + text::echo(cell) + " is not a number");
  if (!std::isfinite(v)) fail.at(line, text::printable(column) + " " + text::echo(cell) + " is not a finite number");
  return v;
}

}  // namespace

CsvCurve parse_curve_csv(const std::string& text, const std::string& file, const CurveColumns& columns) {
  const Failure fail(file);
  const std::vector<Line> lines = lines_of(text, file);
  if (lines.empty()) fail.at(1, "the file is empty (expected a header row, then one row per size)");
  const Line& header = lines.front();
  const std::size_t xi = column(header, columns.x, {"size", "problem_size"}, false, 0, fail);
  const std::size_t yi = column(header, columns.y, {"throughput"}, true, xi == 0 ? 1 : 0, fail);

  CsvCurve out;
  out.x_name = header.cells[xi];
  out.y_name = header.cells[yi];
  for (std::size_t k = 1; k < lines.size(); ++k) {
    const Line& line = lines[k];
    if (line.cells.size() != header.cells.size())
      fail.at(line.number, std::to_string(line.cells.size()) + (line.cells.size() == 1 ? " cell" : " cells") +
                               ", the header has " +
                               std::to_string(header.cells.size()) + " (cells are separated by commas)");
    const double x = number(line.cells[xi], out.x_name, line.number, fail);
    const double y = number(line.cells[yi], out.y_name, line.number, fail);
    if (columns.positive_x && !(x > 0.0))
      fail.at(line.number, text::printable(out.x_name) + " " + text::echo(line.cells[xi]) +
                               " is not positive (a log x-scale needs " + text::printable(out.x_name) + " > 0)");
    if (k > 1 && !(x > out.curve.x.back()))
      fail.at(line.number, text::printable(out.x_name) + " " + text::echo(line.cells[xi]) + " does not exceed " +
                               text::echo(lines[k - 1].cells[xi]) + " on line " + std::to_string(lines[k - 1].number) +
                               " (" + text::printable(out.x_name) + " must strictly increase)");
    out.curve.x.push_back(x);
    out.curve.y.push_back(y);
  }
  if (out.curve.size() < columns.min_points)
    fail.at(line_count(text), "the curve has " + std::to_string(out.curve.size()) + " points, at least " +
                                  std::to_string(columns.min_points) + " are needed");
  return out;
}

CsvCurve read_curve_csv(const std::string& file, const CurveColumns& columns) {
  std::string text;
  try {
    text = files::read_regular_file(file, kMaxCsvBytes);
  } catch (const files::InputRefused& e) {
    throw CurveCsvError(e.what());
  }
  return parse_curve_csv(text, file, columns);
}

}  // namespace autobench::reading
