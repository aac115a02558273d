#include "power/temperature_model.hpp"

#include <gtest/gtest.h>

#include <random>
#include <stdexcept>
#include <vector>

namespace autobench::power {
namespace {

TEST(FitTemperature, ExactLine) {
  const auto fit = fit_temperature(std::vector<double>{40, 50, 60}, std::vector<double>{200, 203, 206});
  EXPECT_NEAR(fit.model.slope_w_per_c, 0.3, 1e-12);
  EXPECT_NEAR(fit.model.intercept_w, 188.0, 1e-10);
  EXPECT_NEAR(fit.model.power_w(70.0), 209.0, 1e-10);
  EXPECT_NEAR(fit.quality.r_squared, 1.0, 1e-12);
}

// α = 0.35 W/°C over 35–75 °C, σ = 0.5 W on 41 points: the slope's standard error is ≈ 0.0064 W/°C;
// the tolerance 0.03 is about 4.7 standard errors.
TEST(FitTemperature, RecoversSlopeFromNoisyData) {
  std::mt19937 rng(5);
  std::normal_distribution<double> noise(0.0, 0.5);
  std::vector<double> t, p;
  for (double c = 35.0; c <= 75.0; c += 1.0) {
    t.push_back(c);
    p.push_back(180.0 + 0.35 * c + noise(rng));
  }
  const auto fit = fit_temperature(t, p);
  EXPECT_NEAR(fit.model.slope_w_per_c, 0.35, 0.03);
  EXPECT_NEAR(fit.quality.rmse, 0.5, 0.15);
  EXPECT_GT(fit.quality.r_squared, 0.95);
  EXPECT_EQ(fit.quality.residuals.size(), t.size());
}

TEST(FitTemperature, RejectsASingleTemperature) {
  EXPECT_THROW(fit_temperature(std::vector<double>{50, 50, 50}, std::vector<double>{1, 2, 3}), std::invalid_argument);
  EXPECT_THROW(fit_temperature(std::vector<double>{40, 50}, std::vector<double>{1, 2}), std::invalid_argument);
}

}  // namespace
}  // namespace autobench::power
