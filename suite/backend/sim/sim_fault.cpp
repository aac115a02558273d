// Sim fault injection (see sim_fault.hpp).
#include "suite/backend/sim/sim_fault.hpp"

#include <cstdlib>
#include <regex>
#include <stdexcept>

namespace autobench::backend::sim {

SimFault parse_sim_fault(const std::string& text) {
  SimFault fault;
  if (text.empty()) return fault;
  static const std::regex form("([0-9]{1,6}):(start|after:([0-9]{1,9}))");
  std::smatch m;
  if (!std::regex_match(text, m, form))
    throw std::invalid_argument("AUTOBENCH_SIM_FAULT='" + text + "' is not RANK:start or RANK:after:N (test only)");
  fault.rank = std::stoi(m[1]);
  fault.at_start = m[2] == "start";
  if (!fault.at_start) fault.lost_after = std::stoll(m[3]);
  return fault;
}

SimFault sim_fault_from_environment() {
  const char* text = std::getenv("AUTOBENCH_SIM_FAULT");
  return parse_sim_fault(text ? text : "");
}

}  // namespace autobench::backend::sim
