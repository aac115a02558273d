// The ranks' time splits (results/time_split.hpp) as `report` shows them and as a run ends.
#pragma once

#include <string>
#include <vector>

#include "suite/results/time_split.hpp"

namespace autobench::formatting {

// "rank  cores  gpu  init  verify  detect  bootstrap  power  compile  gather  write  other  total" in
// seconds with two decimals (whole seconds once the ranks' summed wall time reaches 1000 s): one row per
// rank (total: its wall time), then "all" and each phase's "share"; "" without splits. Short headers and
// whole seconds keep it within 120 columns (1024 ranks of 10^4 s: 110).
std::string rank_time_split_table(const std::vector<results::RankTimeSplit>& splits);

// "rank 1 time split: wall 12.41 s, cores 1; gpu_timing 6.20, input_init 0.81, ..., other 1.09"
std::string rank_time_split_line(const results::RankTimeSplit& split);

}  // namespace autobench::formatting
