// The sim backend's power and thermal model: board power against SM clock, load and temperature, a
// first-order thermal response, and the behaviour of its simulated sensor. Every value is made up
// from the model's public power limit and boost clock; it is plausible, never a measurement.
//
//   P(f, load, T) = P_static + load · a·f·V(f)² + α·(T − T_ambient)     (V(f) as in power/power_frequency_model.hpp)
//   T → T_ambient + R_th·P with time constant τ
#pragma once

#include "kernels/kernel.hpp"
#include "power/power_frequency_model.hpp"
#include "power/power_meter.hpp"
#include "suite/backend/sim/sim_model.hpp"

namespace autobench::backend::sim {

struct SimPowerModel {
  power::PowerFrequencyModel full_load;  // P(f) at load 1 and T = T_ambient
  double temperature_slope_w_per_c = 0;  // α
  double ambient_c = 30;
  double thermal_resistance_c_per_w = 0;  // R_th
  double thermal_time_constant_s = 20;    // τ
  double min_clock_mhz = 0;               // lowest clock the sim lets a lock set
  double max_clock_mhz = 0;               // the boost clock
  power::SensorTiming sensor;             // update period and lag of the simulated sensor
  double sensor_noise_w = 0;              // standard deviation of instant-power noise

  // Board power at SM clock f (MHz), load in [0, 1] and temperature T.
  double power_w(double clock_mhz, double load, double temperature_c) const;
  // Temperature after `seconds` at constant power `watts`, starting from `temperature_c`.
  double temperature_after(double temperature_c, double watts, double seconds) const;
};

// The power model of a sim device: P_static = 10 % of the power limit; at the boost clock and full load
// the dynamic part is 70 % of it; ridge at 65 % of the boost clock, voltage slope 5e-4 per MHz above it;
// α = 0.1 % of the limit per °C; R_th = 50 °C at the power limit, τ = 20 s; sensor updates every 100 ms
// with a 30 ms lag and noise of 0.5 % of the limit.
SimPowerModel power_model(const SimModel& m);

// The fraction of the full-load dynamic power a kernel draws at size n: its utilisation u(n) of the
// device (sim_model.hpp) times 1 for compute-bound kernels and 0.6 for bandwidth-bound ones.
double load_of(const SimModel& m, const kernels::KernelSpec& kernel, std::uint64_t n);

}  // namespace autobench::backend::sim
