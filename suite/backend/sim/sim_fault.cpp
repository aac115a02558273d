// Sim fault injection (see sim_fault.hpp).
#include "suite/backend/sim/sim_fault.hpp"

#include <cstdlib>
#include <regex>
#include <stdexcept>

#include "suite/text/echo.hpp"

namespace autobench::backend::sim {

SimFault parse_sim_fault(const std::string& text) {
  SimFault fault;
  if (text.empty()) return fault;
  static const std::regex form("([0-9]{1,6}):(start|after:([0-9]{1,9})|slow:([0-9]{1,2}(\\.[0-9]{1,6})?)|throttle:([1-9][0-9]{0,14}))");
  std::smatch m;
  const std::string bad = "AUTOBENCH_SIM_FAULT=" + text::echo(text) +
                          " is not RANK:start, RANK:after:N, RANK:slow:F with 0 < F <= 10 or RANK:throttle:SIZE "
                          "(test only)";
  if (!std::regex_match(text, m, form)) throw std::invalid_argument(bad);
  fault.rank = std::stoi(m[1]);
  fault.at_start = m[2] == "start";
  if (m[3].matched) fault.lost_after = std::stoll(m[3]);
  if (m[6].matched) fault.throttle_size = std::stoull(m[6]);
  if (m[4].matched) {
    fault.speed = std::stod(m[4]);
    if (!(fault.speed > 0.0 && fault.speed <= 10.0)) throw std::invalid_argument(bad);
  }
  return fault;
}

SimFault sim_fault_from_environment() {
  const char* text = std::getenv("AUTOBENCH_SIM_FAULT");
  return parse_sim_fault(text ? text : "");
}

SimModel with_speed(SimModel model, double speed) {
  model.peak_bandwidth_gbs *= speed;
  model.peak_fp32_gflops *= speed;
  return model;
}

}  // namespace autobench::backend::sim
