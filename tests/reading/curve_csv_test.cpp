// The CSV curve reader: default and named columns, tolerated formatting, and every malformed file with
// its exact one-line message.
#include "suite/reading/curve_csv.hpp"

#include <gtest/gtest.h>
#include <sys/stat.h>

#include <fstream>

#include "tests/support/error_text.hpp"
#include "tests/support/scratch.hpp"

namespace autobench::reading {
namespace {

using autobench::testing::error_of;

const std::string kCurve = "size,throughput\n1,10\n2,20\n4,35\n8,40\n16,41\n";

CurveColumns columns(std::string x = "", std::string y = "", std::size_t min_points = 5) {
  return {std::move(x), std::move(y), min_points, false};
}

std::string parse_error(const std::string& text, const CurveColumns& c = columns()) {
  return error_of<CurveCsvError>([&] { parse_curve_csv(text, "c.csv", c); });
}

TEST(CurveCsv, ReadsTheDefaultColumnsByName) {
  const auto r = parse_curve_csv("throughput,time,size\n10,1,1\n20,1,2\n35,1,4\n40,1,8\n41,1,16\n", "c.csv", columns());
  EXPECT_EQ(r.x_name, "size");
  EXPECT_EQ(r.y_name, "throughput");
  EXPECT_EQ(r.curve.x, (std::vector<double>{1, 2, 4, 8, 16}));
  EXPECT_EQ(r.curve.y, (std::vector<double>{10, 20, 35, 40, 41}));
}

TEST(CurveCsv, ReadsTheCsvFilesAutobenchExports) {
  const auto r = parse_curve_csv(
      "problem_size,execution_time_ms,throughput_GB/s,is_knee\n1,1,10,0\n2,1,20,0\n4,1,35,1\n8,1,40,0\n16,1,41,0\n",
      "c.csv", columns());
  EXPECT_EQ(r.x_name, "problem_size");
  EXPECT_EQ(r.y_name, "throughput_GB/s");
  EXPECT_EQ(r.curve.y[2], 35);
}

TEST(CurveCsv, FallsBackToTheFirstColumnsWithoutKnownNames) {
  const auto r = parse_curve_csv("n,gflops\n1,10\n2,20\n4,35\n8,40\n16,41\n", "c.csv", columns());
  EXPECT_EQ(r.x_name, "n");
  EXPECT_EQ(r.y_name, "gflops");
  const auto later = parse_curve_csv("gflops,size\n10,1\n20,2\n35,4\n40,8\n41,16\n", "c.csv", columns());
  EXPECT_EQ(later.x_name, "size");
  EXPECT_EQ(later.y_name, "gflops");  // the first column that is not x
}

TEST(CurveCsv, ReadsNamedColumns) {
  const auto r = parse_curve_csv("a,b,c\n1,5,10\n2,6,20\n3,7,35\n4,8,40\n5,9,41\n", "c.csv", columns("b", "c"));
  EXPECT_EQ(r.curve.x, (std::vector<double>{5, 6, 7, 8, 9}));
  EXPECT_EQ(r.curve.y, (std::vector<double>{10, 20, 35, 40, 41}));
}

TEST(CurveCsv, ToleratesCrlfBomBlankLinesSpacesAndQuotes) {
  const auto r = parse_curve_csv("\xEF\xBB\xBF\"size\", \"throughput\"\r\n\r\n1, 10\r\n2,20\r\n\n4,3.5e1\r\n8,40\r\n16,41",
                                 "c.csv", columns());
  EXPECT_EQ(r.curve.x, (std::vector<double>{1, 2, 4, 8, 16}));
  EXPECT_EQ(r.curve.y, (std::vector<double>{10, 20, 35, 40, 41}));
}

TEST(CurveCsv, EmptyFile) {
  EXPECT_EQ(parse_error(""), "c.csv: line 1: the file is empty (expected a header row, then one row per size)");
  EXPECT_EQ(parse_error("\n  \n"), "c.csv: line 1: the file is empty (expected a header row, then one row per size)");
}

TEST(CurveCsv, MissingNamedColumn) {
  EXPECT_EQ(parse_error(kCurve, columns("n")), "c.csv: line 1: no column 'n' (columns: size, throughput)");
  EXPECT_EQ(parse_error("\nsize,throughput\n1,2\n", columns("size", "gflops")),
            "c.csv: line 2: no column 'gflops' (columns: size, throughput)");
}

TEST(CurveCsv, OneColumnOnly) {
  EXPECT_EQ(parse_error("size\n1\n2\n"), "c.csv: line 1: only one column, 'size' (a curve needs two: x and y)");
}

TEST(CurveCsv, NonNumericCell) {
  EXPECT_EQ(parse_error("size,throughput\n1,10\n2,fast\n"), "c.csv: line 3: throughput 'fast' is not a number");
  EXPECT_EQ(parse_error("size,throughput\n1,10\n2x,20\n"), "c.csv: line 3: size '2x' is not a number");
  EXPECT_EQ(parse_error("size,throughput\n1,10\n2,\n"), "c.csv: line 3: throughput '' is not a number");
}

TEST(CurveCsv, NonFiniteCell) {
  EXPECT_EQ(parse_error("size,throughput\n1,nan\n"), "c.csv: line 2: throughput 'nan' is not a finite number");
  EXPECT_EQ(parse_error("size,throughput\n1,10\ninf,20\n"), "c.csv: line 3: size 'inf' is not a finite number");
}

TEST(CurveCsv, WrongCellCount) {
  EXPECT_EQ(parse_error("size,throughput\n1,10\n2,20,7\n"),
            "c.csv: line 3: 3 cells, the header has 2 (cells are separated by commas)");
  EXPECT_EQ(parse_error("size,throughput\n1;10\n"),
            "c.csv: line 2: 1 cell, the header has 2 (cells are separated by commas)");
}

TEST(CurveCsv, NonIncreasingX) {
  EXPECT_EQ(parse_error("size,throughput\n1,10\n4,20\n\n4,30\n"),
            "c.csv: line 5: size '4' does not exceed '4' on line 3 (size must strictly increase)");
  EXPECT_EQ(parse_error("size,throughput\n1,10\n4,20\n2,30\n"),
            "c.csv: line 4: size '2' does not exceed '4' on line 3 (size must strictly increase)");
}

TEST(CurveCsv, TooFewPoints) {
  EXPECT_EQ(parse_error("size,throughput\n1,10\n2,20\n4,30\n8,35\n"),
            "c.csv: line 5: the curve has 4 points, at least 5 are needed");
  EXPECT_EQ(parse_error("size,throughput\n"), "c.csv: line 1: the curve has 0 points, at least 5 are needed");
  EXPECT_NO_THROW(parse_curve_csv("size,throughput\n1,10\n2,20\n", "c.csv", columns("", "", 2)));
}

TEST(CurveCsv, NonPositiveXForALogScale) {
  CurveColumns log = columns();
  log.positive_x = true;
  EXPECT_EQ(parse_error("size,throughput\n0,10\n", log),
            "c.csv: line 2: size '0' is not positive (a log x-scale needs size > 0)");
  EXPECT_NO_THROW(parse_curve_csv("size,throughput\n0,10\n1,20\n2,30\n3,35\n4,36\n", "c.csv", columns()));
}

TEST(CurveCsv, ReadsFilesAndNamesOnesThatCannotBeRead) {
  autobench::testing::ScratchDir dir;
  const auto path = dir.path("curve.csv");
  std::ofstream(path) << kCurve;
  EXPECT_EQ(read_curve_csv(path, columns()).curve.size(), 5u);
  EXPECT_EQ(error_of<CurveCsvError>([&] { read_curve_csv(dir.path("missing.csv"), columns()); }),
            dir.path("missing.csv") + ": no such file");
  EXPECT_EQ(error_of<CurveCsvError>([&] { read_curve_csv(dir.path(""), columns()); }),
            dir.path("") + ": is a directory, not a regular file");
  const auto fifo = dir.path("fifo.csv");
  ASSERT_EQ(mkfifo(fifo.c_str(), 0600), 0);
  EXPECT_EQ(error_of<CurveCsvError>([&] { read_curve_csv(fifo, columns()); }), fifo + ": is a FIFO, not a regular file");
  EXPECT_EQ(error_of<CurveCsvError>([&] { read_curve_csv("/dev/zero", columns()); }),
            "/dev/zero: is a character device, not a regular file");
  const auto empty = dir.path("empty.csv");
  std::ofstream(empty).close();
  EXPECT_EQ(error_of<CurveCsvError>([&] { read_curve_csv(empty, columns()); }),
            empty + ": line 1: the file is empty (expected a header row, then one row per size)");
}

// What `report --format csv` writes (RFC 4180): quoted cells with commas, doubled quotes and line breaks.
TEST(CurveCsv, ReadsQuotedCellsAsTheReportWritesThem) {
  const std::string text =
      "\"size\",tunables,device,\"throughput, GB/s\"\n"
      "1,\"BLOCK_SIZE=256,VW=4\",\"sim: RTX \"\"model\"\" #0\",10\n"
      "2,\"BLOCK_SIZE=128,VW=2\",\"two\nlines\",20\n"
      "4,,\"\",35\n"
      "8,\"a,b\",x,40\n"
      "16,\"\"\"\",\"GPU, big\",41\n";
  const auto r = parse_curve_csv(text, "c.csv", columns("", "throughput, GB/s"));
  EXPECT_EQ(r.x_name, "size");
  EXPECT_EQ(r.y_name, "throughput, GB/s");
  EXPECT_EQ(r.curve.x, (std::vector<double>{1, 2, 4, 8, 16}));
  EXPECT_EQ(r.curve.y, (std::vector<double>{10, 20, 35, 40, 41}));
}

TEST(CurveCsv, LineNumbersCountTheLineBreaksInsideQuotes) {
  // The quoted cell on line 3 spans lines 3-4, so the bad x is on line 5.
  EXPECT_EQ(parse_error("size,note,throughput\n1,a,10\n2,\"b\nc\",20\nx,d,30\n"),
            "c.csv: line 5: size 'x' is not a number");
}

TEST(CurveCsv, AnUnclosedQuoteNamesItsLine) {
  EXPECT_EQ(parse_error("size,throughput\n1,10\n2,\"20\n4,35\n"),
            "c.csv: line 3: a quoted cell is not closed (missing '\"')");
}

}  // namespace
}  // namespace autobench::reading
