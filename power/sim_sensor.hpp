// A simulated power sensor: a known true power signal delivered with update period, lag and seeded noise.
#pragma once

#include <cstdint>
#include <vector>

#include "power/counter_edges.hpp"
#include "power/sensor.hpp"

namespace autobench::power {

// True power is piecewise constant: `watts` from `start_s` (relative to the origin) until the next step.
struct PowerStep {
  double start_s = 0.0;
  double watts = 0.0;
};

struct SimSensorConfig {
  std::vector<PowerStep> profile{{0.0, 100.0}};  // before the first step, the first step's watts
  double origin_s = numerics::kNaN;          // steady time of profile time 0; NaN → when the sensor is constructed
  double update_period_s = 0.1;    // the sensor publishes a new value every period...
  double update_phase_s = 0.0;     // ...at origin + phase + k·period
  double lag_s = 0.0;              // a value published at u shows the true power at u − lag
  double noise_w = 0.0;            // standard deviation of the Gaussian noise on instant power
  double average_window_s = 1.0;   // averaged power: mean true power over this window ending at u − lag
  std::uint64_t seed = 1;
  double sm_clock_mhz = 1500.0;
  double mem_clock_mhz = 2600.0;
  double temperature_c = 50.0;
};

// What a reading shows at steady time t: the value published at the last update u ≤ t,
//   instant  = P_true(u − lag) + noise_u        (noise_u fixed per update: re-reading does not change it)
//   average  = mean of P_true over [u − lag − W, u − lag]
//   energy   = ∫ P_true from the origin to u − lag, truncated to whole millijoules like NVML's counter
class SimSensor final : public CounterSensor {
 public:
  explicit SimSensor(SimSensorConfig config);
  Sample read() override;             // at(steady_seconds()) without the counter
  double read_energy_j() override;    // at(steady_seconds()).energy_j
  Sample at(double t_s) const;        // the reading at steady time t_s (t_s not set)
  double true_power_w(double t_s) const;
  double true_energy_j(double t0_s, double t1_s) const;  // ∫ P_true over [t0, t1]
  const SimSensorConfig& config() const { return config_; }

 private:
  double integral_from_origin(double t_s) const;
  SimSensorConfig config_;
};

}  // namespace autobench::power
