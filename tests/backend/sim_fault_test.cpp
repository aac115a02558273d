// AUTOBENCH_SIM_FAULT parsing (test-only fault injection): start, after:N and slow:F, and the one-line
// refusal of anything else; a slowed model's launches take 1/F of the time at saturation.
#include <gtest/gtest.h>

#include <stdexcept>

#include "kernels/kernel.hpp"
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
}

TEST(SimFault, RefusesOtherValues) {
  for (const char* bad : {"slow", "1:slow", "1:slow:0", "1:slow:11", "1:slow:-1", "1:slow:abc", "1:fast:2"}) {
    try {
      sim::parse_sim_fault(bad);
      ADD_FAILURE() << bad << " was accepted";
    } catch (const std::invalid_argument& e) {
      EXPECT_NE(std::string(e.what()).find(std::string("'") + bad + "' is not RANK:start, RANK:after:N or RANK:slow:F"),
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
