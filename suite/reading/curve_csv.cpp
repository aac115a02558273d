// Curves from CSV text (see curve_csv.hpp).
#include "suite/reading/curve_csv.hpp"

#include <charconv>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <optional>
#include <sstream>
#include <vector>

namespace autobench::reading {
namespace {

struct Line {
  std::size_t number;  // 1-based, counting blank lines
  std::vector<std::string> cells;
};

std::string trimmed(const std::string& s) {
  const auto begin = s.find_first_not_of(" \t");
  if (begin == std::string::npos) return "";
  std::string out = s.substr(begin, s.find_last_not_of(" \t") - begin + 1);
  if (out.size() >= 2 && out.front() == '"' && out.back() == '"') out = out.substr(1, out.size() - 2);
  return out;
}

std::vector<std::string> split(const std::string& line) {
  std::vector<std::string> cells;
  std::size_t start = 0;
  while (true) {
    const auto comma = line.find(',', start);
    cells.push_back(trimmed(line.substr(start, comma - start)));
    if (comma == std::string::npos) return cells;
    start = comma + 1;
  }
}

// The non-blank lines of the text, split into cells.
std::vector<Line> lines_of(const std::string& text) {
  std::vector<Line> out;
  std::istringstream in(text.rfind("\xEF\xBB\xBF", 0) == 0 ? text.substr(3) : text);
  std::string line;
  for (std::size_t number = 1; std::getline(in, line); ++number) {
    if (!line.empty() && line.back() == '\r') line.pop_back();
    if (line.find_first_not_of(" \t") != std::string::npos) out.push_back({number, split(line)});
  }
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
    throw CurveCsvError(file_ + ": line " + std::to_string(line) + ": " + problem);
  }

 private:
  std::string file_;
};

std::string quoted(const std::string& s) { return "'" + s + "'"; }

std::string joined(const std::vector<std::string>& names) {
  std::string out;
  for (const auto& n : names) out += (out.empty() ? "" : ", ") + n;
  return out;
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
    fail.at(header.number, "no column " + quoted(wanted) + " (columns: " + joined(header.cells) + ")");
  }
  for (const auto& name : defaults) {
    if (auto i = find([&](const std::string& h) { return h == name; })) return *i;
    if (default_prefix)
      if (auto i = find([&](const std::string& h) { return h.rfind(name + "_", 0) == 0; })) return *i;
  }
  if (fallback >= header.cells.size())
    fail.at(header.number, "only one column, " + quoted(joined(header.cells)) + " (a curve needs two: x and y)");
  return fallback;
}

double number(const std::string& cell, const std::string& column, std::size_t line, const Failure& fail) {
  double v = 0.0;
  const char* end = cell.data() + cell.size();
  const auto r = std::from_chars(cell.data(), end, v);
  if (cell.empty() || r.ec != std::errc() || r.ptr != end)
    fail.at(line, column + " " + quoted(cell) + " is not a number");
  if (!std::isfinite(v)) fail.at(line, column + " " + quoted(cell) + " is not a finite number");
  return v;
}

}  // namespace

CsvCurve parse_curve_csv(const std::string& text, const std::string& file, const CurveColumns& columns) {
  const Failure fail(file);
  const std::vector<Line> lines = lines_of(text);
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
      fail.at(line.number, out.x_name + " " + quoted(line.cells[xi]) + " is not positive (a log x-scale needs " +
                               out.x_name + " > 0)");
    if (k > 1 && !(x > out.curve.x.back()))
      fail.at(line.number, out.x_name + " " + quoted(line.cells[xi]) + " does not exceed " +
                               quoted(lines[k - 1].cells[xi]) + " on line " + std::to_string(lines[k - 1].number) +
                               " (" + out.x_name + " must strictly increase)");
    out.curve.x.push_back(x);
    out.curve.y.push_back(y);
  }
  if (out.curve.size() < columns.min_points)
    fail.at(line_count(text), "the curve has " + std::to_string(out.curve.size()) + " points, at least " +
                                  std::to_string(columns.min_points) + " are needed");
  return out;
}

CsvCurve read_curve_csv(const std::string& file, const CurveColumns& columns) {
  std::error_code ec;
  if (!std::filesystem::exists(file, ec)) throw CurveCsvError(file + ": no such file");
  if (std::filesystem::is_directory(file, ec)) throw CurveCsvError(file + ": is a directory, not a CSV file");
  std::ifstream in(file, std::ios::binary);
  if (!in.is_open()) throw CurveCsvError(file + ": cannot be read");
  std::ostringstream text;
  text << in.rdbuf();
  return parse_curve_csv(text.str(), file, columns);
}

}  // namespace autobench::reading
