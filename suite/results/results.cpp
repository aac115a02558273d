// A point's counter-to-integrated energy ratio; complete campaigns.
#include "suite/results/results.hpp"

namespace autobench::results {

bool reached_noise_target(double noise, double target) { return !(target > 0.0 && noise > target); }

double counter_to_integrated(const Point& p) {
  return p.energy_counter_j > 0 && p.energy_instant_j > 0 ? p.energy_counter_j / p.energy_instant_j : kNaN;
}

std::vector<RankResult> complete_campaigns(std::vector<RankResult> ranks) {
  for (auto& r : ranks) std::erase_if(r.campaigns, [](const Campaign& c) { return !c.complete; });
  return ranks;
}

}  // namespace autobench::results
