// Correction of a campaign's points with hand-computed numbers: frequency to f_ref along P(f), then
// temperature to the campaign's lowest window temperature; the references recorded on the campaign.
#include "suite/energy/campaign_correction.hpp"

#include <gtest/gtest.h>

#include <cmath>

namespace autobench::energy {
namespace {

results::Point point(double watts, double clock, double temperature, double seconds, double throughput) {
  results::Point p;
  p.power_w = watts + 1;  // raw differs: the correction starts from the filtered power
  p.power_filtered_w = watts;
  p.power_sm_clock_mhz = clock;
  p.power_temperature_c = temperature;
  p.time_mean_s = seconds;
  p.throughput = throughput;
  return p;
}

TEST(CampaignCorrection, FrequencyThenTemperatureWithTheCampaignsLowestTemperature) {
  results::Campaign c;
  c.points = {point(300, 1500, 50, 0.002, 1000), point(400, 1800, 60, 0.001, 2000)};
  power::CorrectionModel m;
  // P(f) = 100 + 0.1·f below the ridge at 2000 MHz: P̂(1500) = 250, P̂(1800) = 280, P̂(f_ref = 1900) = 290.
  m.frequency = power::PowerFrequencyModel{100.0, 0.1, 1e-3, 2000.0};
  m.reference_clock_mhz = 1900;
  m.temperature_slope_w_per_c = 2.0;
  correct_campaign(c, m);
  // 300 − 250 + 290 = 340, T_ref = 50: no temperature change.  400 − 280 + 290 = 410, − 2·(60 − 50) = 390.
  EXPECT_DOUBLE_EQ(c.points[0].power_corrected_w, 340.0);
  EXPECT_DOUBLE_EQ(c.points[1].power_corrected_w, 390.0);
  EXPECT_DOUBLE_EQ(c.points[0].energy_corrected_j, 340.0 * 0.002);
  EXPECT_DOUBLE_EQ(c.points[1].energy_corrected_j, 390.0 * 0.001);
  EXPECT_DOUBLE_EQ(c.points[1].efficiency_corrected, 2000.0 * 0.001 / (390.0 * 0.001));
  EXPECT_DOUBLE_EQ(c.power_reference_clock_mhz, 1900);
  EXPECT_DOUBLE_EQ(c.power_reference_temperature_c, 50);
}

TEST(CampaignCorrection, TemperatureOnlyAndMissingReadings) {
  results::Campaign c;
  c.points = {point(300, 1500, 55, 0.002, 1000), point(310, 1500, NAN, 0.002, 1000), point(320, 1500, 45, 0.002, 1000)};
  power::CorrectionModel m;
  m.temperature_slope_w_per_c = 0.5;
  correct_campaign(c, m);
  EXPECT_DOUBLE_EQ(c.points[0].power_corrected_w, 300 - 0.5 * 10);
  EXPECT_TRUE(std::isnan(c.points[1].power_corrected_w)) << "no temperature: NaN, not uncorrected";
  EXPECT_DOUBLE_EQ(c.points[2].power_corrected_w, 320);
  EXPECT_TRUE(std::isnan(c.power_reference_clock_mhz));
  EXPECT_DOUBLE_EQ(c.power_reference_temperature_c, 45);
}

TEST(CampaignCorrection, RefusedPointsAreNaNAndNamedInTheWarning) {
  results::Campaign c;
  c.kernel = "vecadd";
  c.points = {point(300, 1200, 50, 0.002, 1000), point(300, 1980, 50, 0.002, 1000), point(300, 1300, 50, 0.002, 1000)};
  power::CorrectionModel m;
  m.frequency = power::PowerFrequencyModel{100.0, 0.1, 1e-3, 2000.0};
  m.reference_clock_mhz = 1400;
  m.clock_min_mhz = 1000;  // calibrated with --clocks 1000:1500:100
  m.clock_max_mhz = 1500;
  EXPECT_EQ(correct_campaign(c, m, 350.0),
            "vecadd: power not corrected at 1 of 3 points (clock outside the calibration's 1000-1500 MHz: 1)");
  EXPECT_DOUBLE_EQ(c.points[0].power_corrected_w, 320.0);
  EXPECT_TRUE(std::isnan(c.points[1].power_corrected_w));
  EXPECT_TRUE(std::isnan(c.points[1].energy_corrected_j));
  m.clock_min_mhz = m.clock_max_mhz = NAN;
  m.frequency = power::PowerFrequencyModel{100.0, -50, 1e-3, 2000.0};  // a hostile slope: tens of kW, or negative
  const std::string warning = correct_campaign(c, m, 350.0);
  EXPECT_NE(warning.find("at 3 of 3 points (corrected power negative or above 2 x the power limit: 3)"),
            std::string::npos) << warning;
  for (const auto& p : c.points) EXPECT_TRUE(std::isnan(p.power_corrected_w));
}

TEST(CampaignCorrection, AnEmptyModelChangesNothing) {
  results::Campaign c;
  c.points = {point(300, 1500, 55, 0.002, 1000)};
  correct_campaign(c, {});
  EXPECT_TRUE(std::isnan(c.points[0].power_corrected_w));
  EXPECT_TRUE(std::isnan(c.power_reference_temperature_c));
}

}  // namespace
}  // namespace autobench::energy
