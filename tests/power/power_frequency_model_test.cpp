#include "power/power_frequency_model.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <random>
#include <stdexcept>
#include <vector>

namespace autobench::power {
namespace {

const PowerFrequencyModel kTruth{60.0, 0.05, 6e-4, 1200.0};  // 90 W at 600 MHz, ≈279 W at 2000 MHz

TEST(PowerFrequencyModel, VoltageIsFlatBelowTheRidgeAndLinearAbove) {
  EXPECT_DOUBLE_EQ(kTruth.voltage(800.0), 1.0);
  EXPECT_DOUBLE_EQ(kTruth.voltage(1200.0), 1.0);
  EXPECT_DOUBLE_EQ(kTruth.voltage(1700.0), 1.3);  // 1 + 6e-4·500
}

TEST(PowerFrequencyModel, PowerHandComputed) {
  EXPECT_DOUBLE_EQ(kTruth.power_w(1000.0), 60.0 + 0.05 * 1000.0);
  EXPECT_NEAR(kTruth.power_w(1700.0), 60.0 + 0.05 * 1700.0 * 1.69, 1e-12);
}

std::vector<double> clocks() {
  std::vector<double> f;
  for (int rep = 0; rep < 2; ++rep)
    for (double x = 600.0; x <= 2000.0; x += 50.0) f.push_back(x);
  return f;
}

TEST(FitPowerFrequency, RecoversExactParametersFromNoiseFreeData) {
  const auto f = clocks();
  std::vector<double> p;
  for (double x : f) p.push_back(kTruth.power_w(x));
  const auto fit = fit_power_frequency(f, p);
  EXPECT_NEAR(fit.model.static_w, 60.0, 1e-4);
  EXPECT_NEAR(fit.model.dynamic_w_per_mhz, 0.05, 1e-8);
  EXPECT_NEAR(fit.model.voltage_slope_per_mhz, 6e-4, 1e-9);
  EXPECT_NEAR(fit.model.ridge_mhz, 1200.0, 0.1);
  EXPECT_NEAR(fit.quality.r_squared, 1.0, 1e-12);
}

// σ = 1 W noise, 58 points. Over 200 seeds the worst errors were 3.5 W, 7.3 % (a), 7.9 % (k) and 24 MHz;
// the tolerances are about twice that.
TEST(FitPowerFrequency, RecoversParametersFromNoisyData) {
  const auto f = clocks();
  std::mt19937 rng(2024);
  std::normal_distribution<double> noise(0.0, 1.0);
  std::vector<double> p;
  for (double x : f) p.push_back(kTruth.power_w(x) + noise(rng));
  const auto fit = fit_power_frequency(f, p);
  EXPECT_NEAR(fit.model.static_w, 60.0, 6.0);
  EXPECT_NEAR(fit.model.dynamic_w_per_mhz, 0.05, 0.05 * 0.15);
  EXPECT_NEAR(fit.model.voltage_slope_per_mhz, 6e-4, 6e-4 * 0.15);
  EXPECT_NEAR(fit.model.ridge_mhz, 1200.0, 50.0);
  EXPECT_GT(fit.quality.r_squared, 0.999);
  EXPECT_NEAR(fit.quality.rmse, 1.0, 0.3);
  ASSERT_EQ(fit.quality.residuals.size(), f.size());
  double sum = 0.0;
  for (double r : fit.quality.residuals) sum += r;
  EXPECT_NEAR(sum / static_cast<double>(f.size()), 0.0, 0.2);  // the static term absorbs any offset
}

TEST(FitPowerFrequency, RejectsTooFewClocksAndBadInput) {
  EXPECT_THROW(fit_power_frequency(std::vector<double>{1, 2, 3, 4}, std::vector<double>{1, 2, 3, 4}),
               std::invalid_argument);
  EXPECT_THROW(fit_power_frequency(std::vector<double>{1, 1, 2, 2, 3, 3}, std::vector<double>{1, 1, 2, 2, 3, 3}),
               std::invalid_argument);
  EXPECT_THROW(fit_power_frequency(std::vector<double>{1, 2, 3, 4, 5}, std::vector<double>{1, 2, 3, 4}),
               std::invalid_argument);
  EXPECT_THROW(fit_power_frequency(std::vector<double>{1, 2, 3, 4, 5}, std::vector<double>{1, 2, NAN, 4, 5}),
               std::invalid_argument);
}

}  // namespace
}  // namespace autobench::power
