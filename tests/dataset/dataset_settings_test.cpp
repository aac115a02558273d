// Dataset settings are checked against the shared option limits (suite/campaign/limits.hpp), on the command
// line and in the dataset.json that --resume reads back, with one message naming the option and the value.
#include "suite/dataset/dataset_settings.hpp"

#include <gtest/gtest.h>

#include <limits>
#include <stdexcept>
#include <string>

namespace autobench::dataset {
namespace {

std::string refusal(const DatasetSettings& s) {
  try {
    check(s);
  } catch (const std::invalid_argument& e) {
    return e.what();
  }
  return "";
}

TEST(DatasetSettings, NumbersOutsideTheirLimitsNameTheOptionTheValueAndTheRange) {
  EXPECT_EQ(refusal(DatasetSettings{}), "");
  DatasetSettings s;
  s.per_kernel = 0;
  EXPECT_EQ(refusal(s), "--per-kernel 0 is not allowed: must be a whole number in [1, 1000000]");
  s = {};
  s.max_waves = std::numeric_limits<double>::quiet_NaN();
  EXPECT_EQ(refusal(s), "--max-waves nan is not allowed: must be a finite number in [1, 10000]");
  s = {};
  s.balance_max = 0;
  EXPECT_EQ(refusal(s), "--balance-max 0 is not allowed: must be a finite number in (0, 10]");
  s = {};
  s.warmup = -1;
  EXPECT_EQ(refusal(s), "--warmup -1 is not allowed: must be a whole number in [0, 10000]");
  s = {};
  s.iterations = 100001;
  EXPECT_EQ(refusal(s), "--iterations 100001 is not allowed: must be a whole number in [1, 100000]");
  s = {};
  s.test_fraction = 1;
  EXPECT_EQ(refusal(s), "--test-fraction 1 is not allowed: must be a finite number in (0, 1)");
  s = {};
  s.memory_fraction = std::numeric_limits<double>::infinity();
  EXPECT_EQ(refusal(s), "--memory-fraction inf is not allowed: must be a finite number in (0, 0.95]");
}

TEST(DatasetSettings, AStoredValueIsCheckedLikeATypedOne) {
  DatasetSettings s;
  s.per_kernel = 40;
  auto j = to_json(s);
  EXPECT_EQ(settings_from_json(j).per_kernel, 40);
  j["test_fraction"] = 1.5;
  try {
    settings_from_json(j);
    FAIL() << "a stored --test-fraction 1.5 was accepted";
  } catch (const std::invalid_argument& e) {
    EXPECT_STREQ(e.what(), "--test-fraction 1.5 is not allowed: must be a finite number in (0, 1)");
  }
}

}  // namespace
}  // namespace autobench::dataset
