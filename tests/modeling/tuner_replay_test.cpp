// The model tuner replayed on a pool of measured points: sizes in ascending order, two warm-up sizes (a
// random sample, then the refitted model's top-k), then guided sizes that time few configurations; all
// find the best of a simple cost.
#include <gtest/gtest.h>

#include <cmath>

#include "kernels/tuning.hpp"
#include "suite/modeling/tuner_replay.hpp"
#include "tests/support/gemm_pool.hpp"

namespace ab = autobench;

namespace {

// Every GEMM configuration at four sizes; the time is n³ times a factor per tunable (additive in ln t).
using Pool = ab::testing::GemmPool;

Pool gemm_pool() {
  // Any order of the sizes: the replay sorts them.
  return ab::testing::gemm_pool({4096, 1024, 8192, 2048}, [](const ab::kernels::Tunables& config, std::uint64_t n) {
    const double factor = (config.at("MWG") == 64 ? 1.0 : 1.2) * (config.at("NWG") == 128 ? 1.0 : 1.1) *
                          (config.at("VWM") == 4 ? 1.0 : 1.06) * (config.at("MDIMC") == 16 ? 1.0 : 1.04);
    return std::pow(static_cast<double>(n) / 1024, 3) * 1e-5 * factor;
  });
}

}  // namespace

TEST(TunerReplay, WarmsUpAtTwoSizesThenGuidesAndFindsTheBestOfASimpleCost) {
  const Pool pool = gemm_pool();
  ab::modeling::TunerReplaySettings s;
  s.repeats = 3;
  const auto rows = ab::modeling::replay_tuner(pool.names, pool.samples, s);
  ASSERT_EQ(rows.size(), 4u);
  for (std::size_t i = 0; i < rows.size(); ++i) {
    EXPECT_EQ(rows[i].size, 1024.0 * (1 << i)) << "ascending sizes";
    EXPECT_EQ(rows[i].configurations, 216u);
    EXPECT_GE(rows[i].ratio_mean, 1.0);
    EXPECT_LE(rows[i].ratio_mean, rows[i].ratio_max);
    if (i < 2) {
      EXPECT_EQ(rows[i].guided, 0) << "warm-up";
      EXPECT_DOUBLE_EQ(rows[i].timed_mean - rows[i].further_mean, s.warmup_budget) << "a random sample of the budget";
      EXPECT_GT(rows[i].further_mean, 0) << "then the refitted model's top-k";
      EXPECT_LE(rows[i].further_mean, s.warmup_budget);
    } else {
      EXPECT_EQ(rows[i].guided, 3);
      EXPECT_GE(rows[i].timed_mean, s.top_k + s.random);
      EXPECT_DOUBLE_EQ(rows[i].timed_mean - rows[i].further_mean, s.top_k + s.random) << "first round (incumbents among the top-k)";
      EXPECT_GT(rows[i].further_mean, 0) << "the fastest's one-tunable neighbours";
      EXPECT_LE(rows[i].timed_mean, 0.2 * 216);
    }
    EXPECT_EQ(rows[i].within_2_percent, 3) << "the model finds the best of an additive cost, size " << rows[i].size;
  }
}

TEST(TunerReplay, RefusesLockedClocksAndBadSettings) {
  Pool pool = gemm_pool();
  ab::modeling::TunerReplaySettings s;
  s.top_k = 0;
  EXPECT_THROW(ab::modeling::replay_tuner(pool.names, pool.samples, s), std::invalid_argument);
  pool.names.push_back("sm_clock_mhz");
  for (auto& r : pool.samples.rows) r.push_back(1980);
  EXPECT_THROW(ab::modeling::replay_tuner(pool.names, pool.samples, {}), std::invalid_argument);
}
