// Writing a run's results: each rank's part (by the rank that measured it), then rank 0's root file with
// the run-wide statistics from the ranks' summaries, and the exports; for a run, a merge or a resume.
#pragma once

#include <string>
#include <vector>

#include "suite/result_file/rank_summary.hpp"
#include "suite/results/results.hpp"
#include "suite/results/time_split.hpp"

namespace autobench::result_file {

// RUN_DIR/autobench.h5
std::string result_path(const std::string& run_dir);

// Where write_root_file's seconds went: the statistics, the root file, summary.json.
struct RunFileTimes {
  double statistics_s = 0.0;
  double file_s = 0.0;
  double exports_s = 0.0;
};

// One rank's part of the run, on that rank: puts its campaigns in file order, assigns their regimes, writes
// RUN_DIR/parts/rank<R>.h5 whole (result_writer.hpp's write_part; schema 3) and the rank's CSV files
// (RUN_DIR/csv/, exports.hpp), and returns its summary for rank 0. A part that cannot be written is said
// in the summary's part_status ("missing: why"); the summary still carries the rank's statistics.
RankSummary write_rank_part(const std::string& run_dir, const results::RunInfo& info, const std::string& settings_json,
                            results::RankResult rank);

// Rank 0: stability, consensus and the /summary tables from every rank's summary (in rank order), the root
// file result_path(run_dir) written whole (temporary name, renamed), then summary.json (the `report --format
// json` of the file). A run with a missing part is marked incomplete. Returns the path; throws on failure.
std::string write_root_file(const std::string& run_dir, results::RunInfo info, std::vector<RankSummary> ranks,
                            const std::string& settings_json, const std::vector<results::RankTimeSplit>& time_splits = {},
                            RunFileTimes* times = nullptr);

// Both on one process (`merge`, tests): every rank's part, then the root; throws the first part's failure
// after the root is written (marking that rank missing and the file incomplete).
std::string write_run_file(const std::string& run_dir, const results::RunInfo& info,
                           std::vector<results::RankResult> ranks, const std::string& settings_json,
                           const std::vector<results::RankTimeSplit>& time_splits = {}, RunFileTimes* times = nullptr);

}  // namespace autobench::result_file
