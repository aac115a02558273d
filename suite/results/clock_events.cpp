// Clock-event reasons by name (see clock_events.hpp).
#include "suite/results/clock_events.hpp"

#include <utility>

namespace autobench::results {

std::vector<std::string> throttle_reason_list(std::uint64_t reasons) {
  static constexpr std::pair<std::uint64_t, const char*> kNames[] = {{0x4, "sw_power_cap"},
                                                                     {0x8, "hw_slowdown"},
                                                                     {0x20, "sw_thermal_slowdown"},
                                                                     {0x40, "hw_thermal_slowdown"},
                                                                     {0x80, "hw_power_brake"}};
  std::vector<std::string> out;
  for (const auto& [bit, name] : kNames)
    if (reasons & bit) out.emplace_back(name);
  return out;
}

std::string throttle_reason_names(std::uint64_t reasons) {
  std::string out;
  for (const auto& name : throttle_reason_list(reasons)) out += (out.empty() ? "" : "+") + name;
  return out;
}

}  // namespace autobench::results
