// Reading a saved performance curve (problem size, metric) from CSV text with a header row.
#pragma once

#include <cstddef>
#include <stdexcept>
#include <string>

#include "detect/curve.hpp"

namespace autobench::reading {

// Which columns hold the curve, and what the curve must satisfy. An empty name picks the default column:
// x: `size`, else `problem_size` (the CSV files autobench writes), else the first column;
// y: `throughput`, else the first column whose name starts with `throughput_` (e.g. `throughput_GB/s`),
//    else the first column other than x's.
struct CurveColumns {
  std::string x;
  std::string y;
  std::size_t min_points = 5;  // fewer data rows are an error
  bool positive_x = false;     // every x must be > 0 (a log x-space)
};

struct CsvCurve {
  detect::Curve curve;
  std::string x_name;  // the header of the column x came from
  std::string y_name;
};

// A CSV file that does not hold a usable curve. what() is one line, "<file>: line <L>: <problem>" (no
// line for a file that cannot be read), naming the offending value and what is allowed.
struct CurveCsvError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// Parses `text` (the contents of `file`, used in messages). Cells are separated by commas and trimmed of
// spaces and one pair of enclosing double quotes (no quoted commas); the first non-blank line is the
// header; blank lines are skipped, line numbers count them; CRLF line ends and a UTF-8 byte order mark
// are accepted. Every data row has the header's number of cells, x and y are finite numbers, x strictly
// increases, and there are at least min_points rows. Throws CurveCsvError otherwise.
CsvCurve parse_curve_csv(const std::string& text, const std::string& file, const CurveColumns& columns);

// The largest curve file read: a curve of a million sizes is some 40 MB of CSV.
inline constexpr std::size_t kMaxCsvBytes = std::size_t{1} << 30;

// Reads `file` and parses it; throws CurveCsvError also when the file cannot be read, is not a regular file
// (a FIFO, a device, a directory: named as what it is) or holds more than kMaxCsvBytes.
CsvCurve read_curve_csv(const std::string& file, const CurveColumns& columns);

}  // namespace autobench::reading
