// Dropping configurations far slower than the fastest (see config_pruning.hpp).
#include "suite/autoscale/config_pruning.hpp"

#include <algorithm>
#include <stdexcept>

namespace autobench::autoscale {

void ConfigPruning::record(const std::vector<std::string>& configs, const std::vector<double>& seconds) {
  if (configs.size() != seconds.size() || configs.empty())
    throw std::invalid_argument("ConfigPruning::record needs one probe time per configuration, at least one");
  const double fastest = *std::min_element(seconds.begin(), seconds.end());
  if (!(fastest > 0.0)) return;  // no scale to compare with
  for (std::size_t i = 0; i < configs.size(); ++i) {
    const double slowdown = seconds[i] / fastest;
    const auto last = slowdown_.find(configs[i]);
    const bool catching_up = last != slowdown_.end() && slowdown < last->second;
    if (ratio_ > 0.0 && slowdown > ratio_ && last != slowdown_.end() && !catching_up) dropped_.insert(configs[i]);
    slowdown_[configs[i]] = slowdown;
  }
}

}  // namespace autobench::autoscale
