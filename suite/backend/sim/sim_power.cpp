// The sim backend's power and thermal model (see sim_power.hpp).
#include "suite/backend/sim/sim_power.hpp"

#include <cmath>

namespace autobench::backend::sim {

double SimPowerModel::power_w(double clock_mhz, double load, double temperature_c) const {
  const double dynamic = full_load.power_w(clock_mhz) - full_load.static_w;
  return full_load.static_w + load * dynamic + temperature_slope_w_per_c * (temperature_c - ambient_c);
}

double SimPowerModel::temperature_after(double temperature_c, double watts, double seconds) const {
  const double steady = ambient_c + thermal_resistance_c_per_w * watts;
  return steady + (temperature_c - steady) * std::exp(-seconds / thermal_time_constant_s);
}

SimPowerModel power_model(const SimModel& m) {
  SimPowerModel p;
  const double limit = m.power_limit_w, boost = m.boost_clock_mhz;
  p.full_load.static_w = 0.1 * limit;
  p.full_load.ridge_mhz = 0.65 * boost;
  p.full_load.voltage_slope_per_mhz = 5e-4;
  p.full_load.dynamic_w_per_mhz = 1.0;
  p.full_load.dynamic_w_per_mhz = 0.7 * limit / (boost * std::pow(p.full_load.voltage(boost), 2));
  p.temperature_slope_w_per_c = 1e-3 * limit;
  p.thermal_resistance_c_per_w = 50.0 / limit;
  p.min_clock_mhz = 0.1 * boost;
  p.max_clock_mhz = boost;
  p.sensor = {0.1, 0.03};
  p.sensor_noise_w = 5e-3 * limit;
  return p;
}

double load_of(const SimModel& m, const kernels::KernelSpec& kernel, std::uint64_t n) {
  return utilization(m, kernel, n) * (kernel.bound == kernels::Bound::compute ? 1.0 : 0.6);
}

}  // namespace autobench::backend::sim
