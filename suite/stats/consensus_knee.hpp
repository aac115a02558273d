// The consensus rule: one knee from several knees of the same thing, by the majority whose 95% intervals
// share a size (docs/knees.md "Consensus knee"); pure logic.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include "suite/results/device_info.hpp"

namespace autobench::stats {

// One knee offered to the rule: a detector's on one sweep, or one sweep's consensus for a device model.
struct KneeVote {
  std::string name;             // the detector, or the sweep ("rank0/repeat1")
  bool counts = false;          // the knee was found (not an edge, not missing); only these can agree
  double size = results::kNaN;  // the knee size
  double low = results::kNaN;   // its 95% interval (must contain size when counts)
  double high = results::kNaN;
};

struct ConsensusKnee {
  bool found = false;               // at least half of the voters agree, and no other group as large
  double size = results::kNaN;      // the lower median of the agreeing knee sizes (a size one of them has)
  double low = results::kNaN;       // from the smallest low to the largest high of the agreeing intervals
  double high = results::kNaN;
  int agreeing = 0;                 // votes in the largest group whose intervals share one size (0: none counts)
                                    // (the members may be more: overlapping largest groups, see below)
  int voters = 0;                   // every vote, edges and misses included
  std::vector<std::string> members; // the agreeing votes' names, in the order given
};

// The rule: among the votes that count, the largest group whose intervals all contain one common size
// agrees (touching intervals share their end). The consensus exists when that group holds at least half
// of all votes (2 * agreeing >= voters) and no different group of the same size shares no vote with it (the
// votes split); largest groups that share votes are one cluster, their union agrees (`members`, possibly
// more than `agreeing`). Its size is the lower median of the group's sizes and its interval spans the
// group's intervals.
// Throws std::invalid_argument for a counting vote whose interval is not finite or does not contain its size.
ConsensusKnee consensus_knee(const std::vector<KneeVote>& votes);

}  // namespace autobench::stats
