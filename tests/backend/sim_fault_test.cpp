// AUTOBENCH_SIM_FAULT parsing (test-only fault injection): start, after:N, slow:F, throttle:SIZE and hot,
// several comma-separated with one rank's combined, and the one-line refusal of anything else; a slowed
// model's launches take 1/F of the time at saturation; a throttled size reports the lower clock and the
// thermal reason, and other sizes do not; a hot device reports them, and 87 C, at every size.
#include <gtest/gtest.h>

#include <stdexcept>

#include "kernels/kernel.hpp"
#include "suite/backend/sim/sim_device.hpp"
#include "suite/backend/sim/sim_fault.hpp"

namespace sim = autobench::backend::sim;

TEST(SimFault, ParsesEachForm) {
  EXPECT_EQ(sim::parse_sim_fault("").rank, -1);
  EXPECT_TRUE(sim::parse_sim_fault("2:start").at_start);
  EXPECT_EQ(sim::parse_sim_fault("1:after:110").lost_after, 110);
  const auto slow = sim::parse_sim_fault("3:slow:0.8");
  EXPECT_EQ(slow.rank, 3);
  EXPECT_FALSE(slow.at_start);
  EXPECT_EQ(slow.lost_after, -1);
  EXPECT_DOUBLE_EQ(slow.speed, 0.8);
  EXPECT_DOUBLE_EQ(sim::parse_sim_fault("0:slow:2").speed, 2.0);
  EXPECT_DOUBLE_EQ(sim::parse_sim_fault("1:after:3").speed, 1.0);
  const auto throttle = sim::parse_sim_fault("1:throttle:4096");
  EXPECT_EQ(throttle.rank, 1);
  EXPECT_EQ(throttle.throttle_size, 4096u);
  EXPECT_EQ(throttle.lost_after, -1);
  EXPECT_EQ(sim::parse_sim_fault("1:slow:2").throttle_size, 0u);
  EXPECT_TRUE(sim::parse_sim_fault("4:hot").hot);
  EXPECT_FALSE(sim::parse_sim_fault("4:slow:0.9").hot);
}

TEST(SimFault, SeveralFaultsAreCommaSeparatedAndOneRanksCombine) {
  const std::string text = "3:slow:0.9,7:hot,3:throttle:64";
  const auto three = sim::sim_fault_of(text, 3);
  EXPECT_EQ(three.rank, 3);
  EXPECT_DOUBLE_EQ(three.speed, 0.9);
  EXPECT_EQ(three.throttle_size, 64u);
  EXPECT_FALSE(three.hot);
  EXPECT_TRUE(sim::sim_fault_of(text, 7).hot);
  const auto none = sim::sim_fault_of(text, 0);
  EXPECT_EQ(none.rank, -1);
  EXPECT_DOUBLE_EQ(none.speed, 1.0);
  EXPECT_EQ(sim::sim_fault_of("", 0).rank, -1);
  EXPECT_THROW(sim::sim_fault_of("3:slow:0.9,7:warm", 3), std::invalid_argument) << "every item is checked";
}

TEST(SimFault, AHotDeviceReportsThrottlingAtEverySize) {
  const auto& model = sim::model_named("H100 SXM");
  const auto& kernel = *autobench::kernels::find("vecadd");
  sim::SimOptions options;
  options.hot = true;
  sim::SimDevice device(model, options);
  for (std::uint64_t n : {std::uint64_t{1} << 12, std::uint64_t{1} << 24}) {
    const auto t = device.prepare(kernel, n)->time({}, {1, 8, false});
    EXPECT_DOUBLE_EQ(t.sm_clock_mhz, model.boost_clock_mhz * sim::kHotClockShare);
    EXPECT_EQ(t.clock_event_reasons, sim::kThrottledReason);
    EXPECT_DOUBLE_EQ(t.temperature_c, sim::kHotTemperatureC);
  }
}

TEST(SimFault, RefusesOtherValues) {
  for (const char* bad : {"slow", "1:slow", "1:slow:0", "1:slow:11", "1:slow:-1", "1:slow:abc", "1:fast:2", "1:throttle", "1:hot:2", "hot", "1:throttle:0",
                          "1:throttle:-5"}) {
    try {
      sim::parse_sim_fault(bad);
      ADD_FAILURE() << bad << " was accepted";
    } catch (const std::invalid_argument& e) {
      EXPECT_NE(std::string(e.what()).find(std::string("'") + bad + "' is not RANK:start, RANK:after:N, RANK:slow:F"),
                std::string::npos)
          << e.what();
    }
  }
}

TEST(SimFault, ASlowModelTakesLongerInProportion) {
  const auto& model = sim::model_named("RTX 4000 Ada");
  const auto slow = sim::with_speed(model, 0.5);
  for (const auto& kernel : autobench::kernels::all()) {
    const std::uint64_t n = 64 * sim::saturation_size(model, kernel);
    const double ratio = sim::expected_time_s(slow, kernel, n) / sim::expected_time_s(model, kernel, n);
    EXPECT_NEAR(ratio, 2.0, 0.02) << kernel.name << ": only the launch latency is not slowed";
  }
}

TEST(SimFault, AThrottledSizeReportsTheLowerClockAndTheThermalReason) {
  const auto& model = sim::model_named("RTX 4000 Ada");
  const auto& kernel = *autobench::kernels::find("fp32");
  const std::uint64_t n = 16 * sim::saturation_size(model, kernel);
  sim::SimOptions options;
  options.throttle_size = n;
  sim::SimDevice device(model, options);
  const auto throttled = device.prepare(kernel, n)->time({}, {1, 8, false});
  const auto clean = device.prepare(kernel, 2 * n)->time({}, {1, 8, false});
  EXPECT_DOUBLE_EQ(throttled.sm_clock_mhz, model.boost_clock_mhz * sim::kThrottledClockShare);
  EXPECT_EQ(throttled.clock_event_reasons, sim::kThrottledReason);
  EXPECT_DOUBLE_EQ(clean.sm_clock_mhz, model.boost_clock_mhz);
  EXPECT_EQ(clean.clock_event_reasons, 0u);
  EXPECT_GT(throttled.seconds.front(), clean.seconds.front() / 2 * 1.2) << "the throttled size runs slower";
}
