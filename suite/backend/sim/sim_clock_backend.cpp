// The sim device's clock backend (see sim_clock_backend.hpp).
#include "suite/backend/sim/sim_clock_backend.hpp"

#include <cmath>

#include "suite/backend/sim/sim_device.hpp"

namespace autobench::backend::sim {
namespace {

constexpr int kOutOfRange = 1;

}  // namespace

int SimClockBackend::application_clocks(power::io::ApplicationClocks* out) {
  return default_application_clocks(out);
}

int SimClockBackend::default_application_clocks(power::io::ApplicationClocks* out) {
  out->mem_mhz = static_cast<unsigned>(std::lround(device_.model().mem_clock_mhz));
  out->sm_mhz = static_cast<unsigned>(std::lround(device_.model().boost_clock_mhz));
  return 0;
}

int SimClockBackend::lock_sm_clock(unsigned int min_mhz, unsigned int max_mhz) {
  const auto& p = device_.power();
  if (min_mhz > max_mhz || min_mhz < p.min_clock_mhz || max_mhz > p.max_clock_mhz) return kOutOfRange;
  device_.set_clock_mhz(max_mhz);
  return 0;
}

int SimClockBackend::reset_locked_clocks() {
  device_.set_clock_mhz(device_.model().boost_clock_mhz);
  return 0;
}

int SimClockBackend::set_application_clocks(const power::io::ApplicationClocks&) { return 0; }

int SimClockBackend::reset_application_clocks() { return 0; }

std::string SimClockBackend::describe(int code) const {
  if (code == 0) return "success";
  const auto& p = device_.power();
  return "sim: clock out of range (allowed " + std::to_string(std::lround(p.min_clock_mhz)) + "-" +
         std::to_string(std::lround(p.max_clock_mhz)) + " MHz)";
}

}  // namespace autobench::backend::sim
