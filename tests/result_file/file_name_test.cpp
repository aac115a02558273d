// Names read from files made safe as part of an output file's name.
#include "suite/result_file/file_name.hpp"

#include <gtest/gtest.h>

#include <string>

#include "suite/results/results.hpp"
#include "suite/result_file/csv_export.hpp"

namespace autobench::result_file {
namespace {

TEST(FileNamePart, TheSuitesOwnNamesAreUnchanged) {
  for (const char* name : {"vecadd", "gemm", "triangle", "kneedle", "l-method", "fp32", "H100_SXM", "a.b+c-d"})
    EXPECT_EQ(file_name_part(name), name);
}

TEST(FileNamePart, NoNameLeavesItsDirectory) {
  EXPECT_EQ(file_name_part("../../../OUTSIDE"), "_._.._.._OUTSIDE");
  EXPECT_EQ(file_name_part("/etc/passwd"), "_etc_passwd");
  EXPECT_EQ(file_name_part(".."), "_.");
  EXPECT_EQ(file_name_part("."), "_");
  EXPECT_EQ(file_name_part(".hidden"), "_hidden");
  EXPECT_EQ(file_name_part(""), "_");
  EXPECT_EQ(file_name_part(std::string("a\0b/c\\d", 7)), "a_b_c_d");
  EXPECT_EQ(file_name_part("H100 SXM µ"), "H100_SXM___");
  EXPECT_EQ(file_name_part(std::string(1000, 'k')), std::string(64, 'k'));
  for (const char* hostile : {"../x", "a/../../b", "/abs", "~", "\x1b[2J"}) {
    const std::string part = file_name_part(hostile);
    EXPECT_EQ(part.find('/'), std::string::npos) << hostile;
    EXPECT_NE(part.front(), '.') << hostile;
  }
}

TEST(FileNamePart, CsvFileNamesUseIt) {
  results::Campaign c;
  c.kernel = "../../../OUTSIDE";
  c.detector = "tri/angle";
  c.rank = 1;
  c.repeat = 2;
  EXPECT_EQ(csv_file_name(c), "_._.._.._OUTSIDE_tri_angle_rank1_repeat2.csv");
}

}  // namespace
}  // namespace autobench::result_file
