// Sim fault injection (see sim_fault.hpp).
#include "suite/backend/sim/sim_fault.hpp"

#include <algorithm>
#include <cstdlib>
#include <regex>
#include <stdexcept>

#include "suite/text/echo.hpp"

namespace autobench::backend::sim {

SimFault parse_sim_fault(const std::string& text) {
  SimFault fault;
  if (text.empty()) return fault;
  static const std::regex form("([0-9]{1,6}):(start|after:([0-9]{1,9})|slow:([0-9]{1,2}(\\.[0-9]{1,6})?)|throttle:([1-9][0-9]{0,14})|hot)");
  std::smatch m;
  const std::string bad = "AUTOBENCH_SIM_FAULT=" + text::echo(text) +
                          " is not RANK:start, RANK:after:N, RANK:slow:F with 0 < F <= 10, RANK:throttle:SIZE or "
                          "RANK:hot, comma-separated (test only)";
  if (!std::regex_match(text, m, form)) throw std::invalid_argument(bad);
  fault.rank = std::stoi(m[1]);
  fault.at_start = m[2] == "start";
  fault.hot = m[2] == "hot";
  if (m[3].matched) fault.lost_after = std::stoll(m[3]);
  if (m[6].matched) fault.throttle_size = std::stoull(m[6]);
  if (m[4].matched) {
    fault.speed = std::stod(m[4]);
    if (!(fault.speed > 0.0 && fault.speed <= 10.0)) throw std::invalid_argument(bad);
  }
  return fault;
}

SimFault sim_fault_of(const std::string& text, int rank) {
  SimFault out;
  std::size_t start = 0;
  while (start <= text.size() && !text.empty()) {
    const std::size_t end = std::min(text.find(',', start), text.size());
    const SimFault f = parse_sim_fault(text.substr(start, end - start));
    if (f.rank == rank) {
      out.rank = rank;
      out.at_start = out.at_start || f.at_start;
      if (f.lost_after >= 0) out.lost_after = f.lost_after;
      out.speed *= f.speed;
      if (f.throttle_size) out.throttle_size = f.throttle_size;
      out.hot = out.hot || f.hot;
    }
    start = end + 1;
  }
  return out;
}

SimFault sim_fault_from_environment(int rank) {
  const char* text = std::getenv("AUTOBENCH_SIM_FAULT");
  return sim_fault_of(text ? text : "", rank);
}

SimModel with_speed(SimModel model, double speed) {
  model.peak_bandwidth_gbs *= speed;
  model.peak_fp32_gflops *= speed;
  return model;
}

}  // namespace autobench::backend::sim
