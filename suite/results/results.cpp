// Names of the stop reasons, as written to the HDF5 file, journals and reports.
#include "suite/results/results.hpp"

#include <array>
#include <stdexcept>
#include <utility>

namespace autobench::results {
namespace {

constexpr std::array<std::pair<StopReason, const char*>, 5> kNames{{
    {StopReason::knee, "knee"},
    {StopReason::max_size, "max_size"},
    {StopReason::out_of_memory, "out_of_memory"},
    {StopReason::error, "error"},
    {StopReason::interrupted, "interrupted"},
}};

}  // namespace

const char* to_string(StopReason r) {
  for (const auto& [reason, name] : kNames) {
    if (reason == r) return name;
  }
  throw std::invalid_argument("unknown stop reason value " + std::to_string(static_cast<int>(r)));
}

double counter_to_integrated(const Point& p) {
  return p.energy_counter_j > 0 && p.energy_instant_j > 0 ? p.energy_counter_j / p.energy_instant_j : kNaN;
}

std::vector<RankResult> complete_campaigns(std::vector<RankResult> ranks) {
  for (auto& r : ranks) std::erase_if(r.campaigns, [](const Campaign& c) { return !c.complete; });
  return ranks;
}

StopReason stop_reason_from_string(const std::string& s) {
  for (const auto& [reason, name] : kNames) {
    if (s == name) return reason;
  }
  throw std::invalid_argument("unknown stop reason '" + s +
                              "' (allowed: knee, max_size, out_of_memory, error, interrupted)");
}

}  // namespace autobench::results
