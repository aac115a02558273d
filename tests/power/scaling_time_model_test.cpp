// t(f) = t_fixed + W/f: exact and noisy data, standard errors, R², and the clocks it needs.
#include "power/scaling_time_model.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <random>
#include <stdexcept>
#include <vector>

namespace autobench::power {
namespace {

// gemm on the H100 (bench/power): 8.87 ms at 705 MHz, 3.19 ms at 1980 MHz → W ≈ 6.2 ms·GHz, t_fixed ≈ 0.04 ms.
const ScalingTimeModel kTruth{4e-5, 6.2};

TEST(ScalingTimeModel, HandComputed) { EXPECT_DOUBLE_EQ(kTruth.time(1000.0), 4e-5 + 6.2e-3); }

TEST(FitScalingTime, RecoversExactParameters) {
  std::vector<double> f, t;
  for (double x = 705.0; x <= 1980.0; x += 255.0) f.push_back(x), t.push_back(kTruth.time(x));
  const auto fit = fit_scaling_time(f, t);
  EXPECT_NEAR(fit.model.fixed_s, 4e-5, 1e-12);
  EXPECT_NEAR(fit.model.work_s_mhz, 6.2, 1e-9);
  EXPECT_NEAR(fit.quality.r_squared, 1.0, 1e-12);
  EXPECT_LT(fit.standard_error.work_s_mhz, 1e-9);
}

TEST(FitScalingTime, NoisyDataLieWithinTheirStandardErrors) {
  std::vector<double> f;
  for (int rep = 0; rep < 2; ++rep)
    for (double x = 705.0; x <= 1980.0; x += 85.0) f.push_back(x);
  for (unsigned seed = 1; seed <= 30; ++seed) {
    std::mt19937 rng(seed);
    std::normal_distribution<double> noise(0.0, 2e-5);  // 20 µs of timing noise
    std::vector<double> t;
    for (double x : f) t.push_back(kTruth.time(x) + noise(rng));
    const auto fit = fit_scaling_time(f, t);
    EXPECT_LE(std::abs(fit.model.fixed_s - kTruth.fixed_s), 3.5 * fit.standard_error.fixed_s) << seed;
    EXPECT_LE(std::abs(fit.model.work_s_mhz - kTruth.work_s_mhz), 3.5 * fit.standard_error.work_s_mhz) << seed;
    EXPECT_GT(fit.standard_error.work_s_mhz, 0.0);
    EXPECT_GT(fit.quality.r_squared, 0.999);
  }
}

TEST(FitScalingTime, NeedsFourDistinctPositiveClocks) {
  EXPECT_THROW(fit_scaling_time(std::vector<double>{1, 2, 3, 3}, std::vector<double>{1, 2, 3, 4}), std::invalid_argument);
  EXPECT_THROW(fit_scaling_time(std::vector<double>{0, 2, 3, 4}, std::vector<double>{1, 2, 3, 4}), std::invalid_argument);
  EXPECT_NO_THROW(fit_scaling_time(std::vector<double>{1, 2, 3, 4}, std::vector<double>{1, 2, 3, 4}));
}

}  // namespace
}  // namespace autobench::power
