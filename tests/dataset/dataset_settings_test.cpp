// Dataset settings are checked against the shared option limits (suite/campaign/limits.hpp), on the command
// line and in the dataset.json that --resume reads back, with one message naming the option and the value;
// their option table drives both the command line and dataset.json.
#include "suite/dataset/dataset_settings.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <limits>
#include <stdexcept>
#include <string>
#include <vector>

#include "suite/cli/option_binding.hpp"

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

// The settings `args` give `dataset`'s options, parsed by CLI11 as the command binds them.
DatasetSettings parsed(std::vector<std::string> args) {
  CLI::App app;
  DatasetSettings s;
  cli::add_options(app, dataset_options(), s);
  std::reverse(args.begin(), args.end());
  app.parse(args);
  return s;
}

TEST(DatasetSettings, OneTableEntryDrivesTheCommandLineAndDatasetJson) {
  const DatasetSettings typed = parsed({"--per-kernel", "40", "--ratio", "1:1:1", "--kernels", "gemm,fp32", "--seed",
                                        "7", "--memory-fraction", "0.25", "--output", "out", "--backend", "sim"});
  EXPECT_EQ(typed.per_kernel, 40);
  EXPECT_EQ(typed.kernels, (std::vector<std::string>{"gemm", "fp32"}));
  const nlohmann::json j = to_json(typed);
  EXPECT_EQ(j.at("per_kernel"), 40);
  EXPECT_EQ(j.at("ratio"), "1:1:1");
  EXPECT_EQ(j.at("seed"), 7);
  EXPECT_EQ(j.at("memory_fraction"), 0.25);
  EXPECT_EQ(j.at("output_dir"), "out");
  EXPECT_EQ(j.size(), dataset_options().size()) << "every option of the table is stored, and nothing else";
  const DatasetSettings back = settings_from_json(j);
  EXPECT_EQ(to_json(back), j);
  EXPECT_EQ(back.kernels, typed.kernels);
  EXPECT_EQ(back.memory_fraction, 0.25);

  try {
    parsed({"--balance-max", "0"});
    FAIL() << "--balance-max 0 was accepted";
  } catch (const CLI::ValidationError& e) {
    EXPECT_STREQ(e.what(), "--balance-max: 0 is not allowed: must be a finite number in (0, 10]");
  }
}

TEST(DatasetSettings, ADatasetJsonWithoutAKeyIsRefusedNamingIt) {
  for (const auto& o : dataset_options()) {
    SCOPED_TRACE(o.key);
    nlohmann::json j = to_json(DatasetSettings{});
    j.erase(o.key);
    try {
      settings_from_json(j);
      ADD_FAILURE() << "read without " << o.key;
    } catch (const std::invalid_argument& e) {
      EXPECT_NE(std::string(e.what()).find(std::string("'") + o.key + "'"), std::string::npos) << e.what();
    }
  }
}

}  // namespace
}  // namespace autobench::dataset
