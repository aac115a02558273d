// How well pairs of knee detectors agree on the same kernel, rank and repeat (pure statistics, no I/O).
#pragma once

#include <string>
#include <vector>

#include "suite/results/campaign_summary.hpp"
#include "suite/results/results.hpp"

namespace autobench::stats {

// One kernel and pair of detectors: how often their knee indices lie within one index of each other on the
// same (rank, repeat), and how their knee sizes compare.
struct AgreementRow {
  std::string kernel;
  std::string first_detector;         // the pair in name order
  std::string second_detector;
  int sweeps = 0;                     // (rank, repeat) where both detectors have a campaign with points
  int compared = 0;                   // of those, where both found a knee (results::KneeStatus::found) in the same
                                      // L2 regime (Campaign::regime)
  int other_regime = 0;               // where both found a knee, but in different regimes (cache and memory):
                                      // answers to different questions, not compared
  double within1_fraction = results::kNaN;      // fraction of the compared whose knee indices differ by at most 1
  double knee_size_ratio_median = results::kNaN;  // median of the second detector's knee size / the first's
};

// A campaign takes part when it has points; a pair is compared where both found a knee (edges and misses
// are left out, as in /stability: NaN figures when no pair is). Rows ordered by kernel, first detector,
// second detector; none for a kernel whose every (rank, repeat) ran one detector.
std::vector<AgreementRow> compute_detector_agreement(const std::vector<results::CampaignSummary>& campaigns);
// The same over every campaign of `ranks`.
std::vector<AgreementRow> compute_detector_agreement(const std::vector<results::RankResult>& ranks);

}  // namespace autobench::stats
