// Where a dataset's time went: step seconds summed per kernel (unmeasured samples left out), the
// printed table with its "all" and "share" rows, and the steps' JSON form (journals without them read
// as zero).
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "suite/dataset/dataset_time_split.hpp"

namespace ds = autobench::dataset;

namespace {

ds::Sample measured(const std::string& kernel, ds::StepSeconds steps) {
  ds::Sample s;
  s.config.kernel = kernel;
  s.rank = 0;
  s.steps = steps;
  return s;
}

}  // namespace

TEST(TimeSplit, SumsEveryMeasuredConfigurationPerKernelByName) {
  ds::Sample planned = measured("gemm", {9, 9, 9, 9});
  planned.rank = -1;  // never measured: left out
  ds::Sample failed = measured("vecadd", {0.5, 0.25, 0, 0.25});
  failed.error = "verification failed: ...";
  const auto split = ds::time_split({measured("vecadd", {1, 2, 3, 4}), planned, measured("gemm", {0.5, 0, 1, 0}),
                                     failed, measured("vecadd", {1, 1, 1, 1})});
  ASSERT_EQ(split.size(), 2u);
  EXPECT_EQ(split[0].kernel, "gemm");
  EXPECT_EQ(split[0].configurations, 1u);
  EXPECT_DOUBLE_EQ(split[0].seconds.total_s(), 1.5);
  EXPECT_EQ(split[1].kernel, "vecadd");
  EXPECT_EQ(split[1].configurations, 3u);
  EXPECT_DOUBLE_EQ(split[1].seconds.prepare_s, 2.5);
  EXPECT_DOUBLE_EQ(split[1].seconds.verify_s, 3.25);
  EXPECT_DOUBLE_EQ(split[1].seconds.time_s, 4.0);
  EXPECT_DOUBLE_EQ(split[1].seconds.destroy_s, 5.25);
  EXPECT_TRUE(ds::time_split({planned}).empty());
}

TEST(TimeSplit, TableHasARowPerKernelThenAllAndEachStepsShare) {
  const std::string table = ds::time_split_table({{"gemm", 2, {0.5, 0.25, 1.0, 0.25}}, {"vecadd", 8, {0, 3, 1, 0}}});
  EXPECT_EQ(table,
            "kernel  configurations  prepare_s  verify_s  time_s  destroy_s  total_s  ms_each\n"
            "------  --------------  ---------  --------  ------  ---------  -------  -------\n"
            "gemm                 2      0.500     0.250   1.000      0.250    2.000  1000.00\n"
            "vecadd               8      0.000     3.000   1.000      0.000    4.000   500.00\n"
            "all                 10      0.500     3.250   2.000      0.250    6.000   600.00\n"
            "share                        8.3%     54.2%   33.3%       4.2%   100.0%\n");
  EXPECT_EQ(ds::time_split_table({}), "");
  const std::string nothing = ds::time_split_table({{"idle", 0, {}}});  // no seconds: no shares
  EXPECT_NE(nothing.find("\nshare "), std::string::npos) << nothing;
  EXPECT_EQ(nothing.find('%'), std::string::npos) << nothing;
}

TEST(TimeSplit, StepsRoundTripThroughJsonAndOldJournalsReadAsZero) {
  const ds::Sample s = measured("fp32", {0.125, 2.5, 0.75, 0.0625});
  const nlohmann::json j = s;
  EXPECT_EQ(j.at("steps").at("verify_s"), 2.5);
  const auto back = j.get<ds::Sample>();
  EXPECT_DOUBLE_EQ(back.steps.prepare_s, 0.125);
  EXPECT_DOUBLE_EQ(back.steps.verify_s, 2.5);
  EXPECT_DOUBLE_EQ(back.steps.time_s, 0.75);
  EXPECT_DOUBLE_EQ(back.steps.destroy_s, 0.0625);
  nlohmann::json old = j;
  old.erase("steps");  // a journal written before the steps were recorded
  EXPECT_DOUBLE_EQ(old.get<ds::Sample>().steps.total_s(), 0.0);
}
