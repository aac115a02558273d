// Where time went, as a table: one row per part (a dataset's kernel, a run's rank) with its seconds per
// phase and their total, then an "all" row (the sums) and a "share" row (each phase's percentage of
// the total). Shared by `dataset` and the run's per-rank time split (`report`, the end of a run).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace autobench::formatting {

struct TimeSplitRow {
  std::string name;
  std::uint64_t count = 0;      // items behind the row (with a count column), e.g. configurations
  std::vector<double> seconds;  // one per phase
};

struct TimeSplitColumns {
  std::string name;                 // header of the first column ("kernel", "rank")
  std::string count;                // header of a count column; "" for none
  bool ms_each = true;              // with a count column: an "ms_each" column (total per counted item)
  std::vector<std::string> phases;  // headers of the phase columns ("prepare_s", ...)
  std::string total = "total_s";    // header of the total column
  int decimals = 3;                 // of the seconds
};

// "NAME  [COUNT]  PHASE...  TOTAL  [ms_each]" with `decimals` decimals (ms_each two), one row per entry,
// then "all" and "share" (no percentages when the total is 0); "" without rows. Throws
// std::invalid_argument when a row has another number of phases than the columns.
std::string time_split_table(const TimeSplitColumns& columns, const std::vector<TimeSplitRow>& rows);

}  // namespace autobench::formatting
