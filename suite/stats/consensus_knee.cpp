// The consensus rule (see consensus_knee.hpp).
#include "suite/stats/consensus_knee.hpp"

#include <algorithm>
#include <cmath>
#include <set>
#include <stdexcept>

namespace autobench::stats {
namespace {

// The indices of the counting votes whose intervals contain `at`.
std::set<std::size_t> group_at(const std::vector<KneeVote>& votes, double at) {
  std::set<std::size_t> out;
  for (std::size_t i = 0; i < votes.size(); ++i)
    if (votes[i].counts && votes[i].low <= at && at <= votes[i].high) out.insert(i);
  return out;
}

}  // namespace

ConsensusKnee consensus_knee(const std::vector<KneeVote>& votes) {
  ConsensusKnee out;
  out.voters = static_cast<int>(votes.size());
  for (const auto& v : votes) {
    if (!v.counts) continue;
    if (!std::isfinite(v.low) || !std::isfinite(v.high) || !(v.low <= v.size && v.size <= v.high))
      throw std::invalid_argument("knee vote " + v.name + ": interval [" + std::to_string(v.low) + ", " +
                                  std::to_string(v.high) + "] does not contain its size " + std::to_string(v.size) +
                                  " (allowed: finite bounds around the size)");
  }
  // The largest groups sit at interval ends: where the most intervals share a size, a lower bound is shared.
  std::set<std::set<std::size_t>> largest;
  std::size_t most = 0;
  for (const auto& v : votes) {
    if (!v.counts) continue;
    auto g = group_at(votes, v.low);
    if (g.size() > most) largest.clear(), most = g.size();
    if (g.size() == most) largest.insert(std::move(g));
  }
  out.agreeing = static_cast<int>(most);
  if (most == 0 || 2 * most < votes.size()) return out;
  // Largest groups that share votes are one cluster whose edges are ambiguous (six detectors at one size,
  // one on each side, each touching the six but not the other): their union agrees. Disjoint ones split.
  std::set<std::size_t> group = *largest.begin();
  for (const auto& g : largest) {
    if (std::none_of(g.begin(), g.end(), [&](std::size_t i) { return largest.begin()->count(i) > 0; })) return out;
    group.insert(g.begin(), g.end());
  }

  std::vector<double> sizes;
  out.low = out.high = votes[*group.begin()].size;
  for (std::size_t i : group) {
    sizes.push_back(votes[i].size);
    out.low = std::min(out.low, votes[i].low);
    out.high = std::max(out.high, votes[i].high);
    out.members.push_back(votes[i].name);
  }
  std::sort(sizes.begin(), sizes.end());
  out.size = sizes[(sizes.size() - 1) / 2];
  out.found = true;
  return out;
}

}  // namespace autobench::stats
