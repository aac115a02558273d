#include "power/corrections.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <stdexcept>
#include <vector>

namespace autobench::power {
namespace {

// Below the ridge the model is a line: P̂(f) = 50 + 0.1·f, so P̂(1400) − P̂(1000) = 40 W.
const PowerFrequencyModel kModel{50.0, 0.1, 1e-3, 1500.0};

TEST(Corrections, FrequencyMovesAlongTheModel) {
  EXPECT_DOUBLE_EQ(correct_for_frequency(180.0, 1000.0, 1400.0, kModel), 220.0);
  EXPECT_DOUBLE_EQ(correct_for_frequency(180.0, 1400.0, 1400.0, kModel), 180.0);
  // Above the ridge: P̂(1600) = 50 + 0.1·1600·1.1² = 243.6; P̂(1400) = 190.
  EXPECT_NEAR(correct_for_frequency(250.0, 1600.0, 1400.0, kModel), 250.0 - 243.6 + 190.0, 1e-12);
}

TEST(Corrections, TemperatureRemovesLeakageAboveTheReference) {
  EXPECT_DOUBLE_EQ(correct_for_temperature(200.0, 70.0, 40.0, 0.5), 185.0);
  EXPECT_DOUBLE_EQ(correct_for_temperature(200.0, 40.0, 40.0, 0.5), 200.0);
}

TEST(Corrections, ReferenceTemperatureIsTheCampaignMinimum) {
  const std::vector<MeasuredPower> campaign{{1, 1, 55, 1}, {1, 1, NAN, 1}, {1, 1, 48, 1}, {1, 1, 61, 1}};
  EXPECT_DOUBLE_EQ(reference_temperature(campaign), 48.0);
  EXPECT_TRUE(std::isnan(reference_temperature(std::vector<MeasuredPower>{{1, 1, NAN, 1}})));
}

TEST(Corrections, CampaignAppliesFrequencyThenTemperatureThenEnergy) {
  CorrectionModel model;
  model.frequency = kModel;
  model.reference_clock_mhz = 1400.0;
  model.temperature_slope_w_per_c = 0.5;
  const std::vector<MeasuredPower> campaign{
      {180.0, 1000.0, 40.0, 2.0},  // +40 W for the clock, T_ref = 40 → 220 W, 440 J
      {200.0, 1400.0, 60.0, 0.5},  // no clock change, −0.5·20 = −10 W → 190 W, 95 J
  };
  const auto out = correct_campaign(campaign, model);
  ASSERT_EQ(out.size(), 2u);
  EXPECT_DOUBLE_EQ(out[0].power_w, 220.0);
  EXPECT_DOUBLE_EQ(out[0].energy_j, 440.0);
  EXPECT_DOUBLE_EQ(out[1].power_w, 190.0);
  EXPECT_DOUBLE_EQ(out[1].energy_j, 95.0);
}

TEST(Corrections, WithoutModelsEnergyIsMeasuredPowerTimesTime) {
  const auto out = correct_campaign(std::vector<MeasuredPower>{{150.0, NAN, NAN, 0.2}}, CorrectionModel{});
  EXPECT_DOUBLE_EQ(out[0].power_w, 150.0);
  EXPECT_DOUBLE_EQ(out[0].energy_j, 30.0);
}

TEST(Corrections, MissingClockOrTemperatureGivesNaNNotAnUncorrectedValue) {
  CorrectionModel frequency_only;
  frequency_only.frequency = kModel;
  frequency_only.reference_clock_mhz = 1400.0;
  EXPECT_TRUE(std::isnan(correct_campaign(std::vector<MeasuredPower>{{150, NAN, 50, 1}}, frequency_only)[0].power_w));

  CorrectionModel temperature_only;
  temperature_only.temperature_slope_w_per_c = 0.5;
  const auto out = correct_campaign(std::vector<MeasuredPower>{{150, 1000, NAN, 1}, {150, 1000, 50, 1}}, temperature_only);
  EXPECT_TRUE(std::isnan(out[0].energy_j));
  EXPECT_DOUBLE_EQ(out[1].power_w, 150.0);  // the only temperature is the reference
}

TEST(Corrections, OutsideTheMeasuredClockRangeNothingIsCorrected) {
  // Calibrated at 1000-1500 MHz: a point at 1980 MHz would be an extrapolation of the fit.
  CorrectionModel model;
  model.frequency = kModel;
  model.reference_clock_mhz = 1400.0;
  model.clock_min_mhz = 1000;
  model.clock_max_mhz = 1500;
  const auto out = correct_campaign(
      std::vector<MeasuredPower>{{180, 1000, 40, 1}, {180, 1510, 40, 1}, {180, 1980, 40, 1}, {180, 700, 40, 1}}, model);
  EXPECT_DOUBLE_EQ(out[0].power_w, 220.0);
  EXPECT_EQ(out[0].refused, Refused::no);
  EXPECT_TRUE(std::isfinite(out[1].power_w)) << "within the slack of a locked clock's wobble";
  for (std::size_t i : {2u, 3u}) {
    EXPECT_TRUE(std::isnan(out[i].power_w)) << i;
    EXPECT_TRUE(std::isnan(out[i].energy_j)) << i;
    EXPECT_EQ(out[i].refused, Refused::outside_clock_range) << i;
  }
}

TEST(Corrections, ImpossibleCorrectedPowerIsRefused) {
  CorrectionModel model;
  model.temperature_slope_w_per_c = -50;  // a hostile slope: 20 °C above the reference adds 1000 W
  const std::vector<MeasuredPower> campaign{{150, 1000, 40, 1}, {150, 1000, 60, 1}};
  const auto limited = correct_campaign(campaign, model, 350.0);
  EXPECT_DOUBLE_EQ(limited[0].power_w, 150.0);
  EXPECT_TRUE(std::isnan(limited[1].power_w));
  EXPECT_EQ(limited[1].refused, Refused::impossible);
  model.temperature_slope_w_per_c = 50;  // now the hot point goes negative: impossible whatever the limit
  const auto negative = correct_campaign(campaign, model);
  EXPECT_TRUE(std::isnan(negative[1].power_w));
  EXPECT_EQ(negative[1].refused, Refused::impossible);
}

TEST(Corrections, FrequencyModelNeedsAReferenceClock) {
  CorrectionModel model;
  model.frequency = kModel;
  EXPECT_THROW(correct_campaign(std::vector<MeasuredPower>{{1, 1, 1, 1}}, model), std::invalid_argument);
}

}  // namespace
}  // namespace autobench::power
