// How well pairs of knee detectors agree on the same kernel, rank and repeat (pure statistics, no I/O).
#pragma once

#include <string>
#include <vector>

#include "suite/results/results.hpp"

namespace autobench::stats {

// One kernel and pair of detectors: how often their knee indices lie within one index of each other on the
// same (rank, repeat), and how their knee sizes compare.
struct AgreementRow {
  std::string kernel;
  std::string first_detector;         // the pair in name order
  std::string second_detector;
  int compared = 0;                   // (rank, repeat) where both detectors have a campaign that counts
  double within1_fraction = 0.0;      // fraction of those whose knee indices differ by at most 1
  double knee_size_ratio_median = 0.0;  // median of the second detector's knee size / the first's
};

// A campaign counts when its knee_index points at one of its points (the knee, or the last point when
// no knee was detected, as in /stability). Rows ordered by kernel, first detector, second detector;
// none for a kernel whose every (rank, repeat) ran one detector.
std::vector<AgreementRow> compute_detector_agreement(const std::vector<results::RankResult>& ranks);

}  // namespace autobench::stats
