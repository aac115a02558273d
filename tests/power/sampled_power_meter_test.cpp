// The real-time power meter reads the energy counter only at a window's edges (the first sensor update
// after the load's start plus lag and one interval, and the last reading) and the cheap instant power at
// every reading; the counter's difference over those edges still gives the load's power, and the
// instant readings its integrated power.
#include "power/io/sampled_power_meter.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <memory>
#include <thread>

#include "power/sim_sensor.hpp"
#include "power/update_window.hpp"

namespace autobench::power::io {
namespace {

using namespace std::chrono_literals;

struct Calls {
  int readings = 0, counter = 0;
};

// A simulated sensor (300 W, 2 W noise, updates every 20 ms, 5 ms lag) that counts its calls.
class CountingSensor final : public CounterSensor {
 public:
  explicit CountingSensor(Calls& calls) : calls_(calls), sim_(config()) {}
  Sample read() override {
    ++calls_.readings;
    return sim_.read();
  }
  double read_energy_j() override {
    ++calls_.counter;
    return sim_.read_energy_j();
  }

 private:
  static SimSensorConfig config() {
    SimSensorConfig c;
    c.profile = {{0.0, 300.0}};
    c.noise_w = 2.0;
    c.update_period_s = 0.02;
    c.lag_s = 0.005;
    return c;
  }
  Calls& calls_;
  SimSensor sim_;
};

TEST(SampledPowerMeter, ReadsTheEnergyCounterOnlyAtTheWindowsEdges) {
  Calls calls;
  const SensorTiming timing{0.02, 0.005};
  SampledPowerMeter meter("sim", [&] { return std::make_unique<CountingSensor>(calls); }, timing);
  const double interval = 0.002;
  meter.start(interval);
  const double load_start = meter.now_s();
  const double load_end = load_start + 0.3;
  meter.idle(load_end - meter.now_s());
  const auto trace = meter.stop(load_end + timing.lag_s);

  // A busy 2-core machine delays the sampler thread; the fixed schedule still gives several readings.
  EXPECT_GE(calls.readings, 10);
  EXPECT_EQ(std::count_if(trace.begin(), trace.end(), [](const Sample& s) { return std::isfinite(s.energy_j); }), 2);
  // Two edges, each read again when a sensor update fell between the counter and its reading.
  EXPECT_GE(calls.counter, 2);
  EXPECT_LE(calls.counter, 4);
  EXPECT_TRUE(std::isfinite(trace.back().energy_j)) << "the end edge is the last reading";
  EXPECT_GE(trace.back().t_s, load_end + timing.lag_s);
  const auto start = std::find_if(trace.begin(), trace.end(), [](const Sample& s) { return std::isfinite(s.energy_j); });
  EXPECT_GE(start->t_s, load_start + timing.lag_s + interval) << "the start edge is inside the load";

  const auto w = measure_update_window(trace, load_start, load_end, {timing.lag_s, timing.update_period_s, interval});
  ASSERT_TRUE(w.covered);
  EXPECT_NEAR(w.counter_power_w, 300.0, 3.0) << "the counter's difference over the edges";
  EXPECT_NEAR(w.held.mean_power_w, 300.0, 3.0) << "the instant readings between them";
}

}  // namespace
}  // namespace autobench::power::io
