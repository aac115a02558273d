// Rank 0's last step of a run, a merge or a resume: stability statistics, the run's HDF5 file and its exports.
#pragma once

#include <string>
#include <vector>

#include "suite/results/results.hpp"
#include "suite/results/time_split.hpp"

namespace autobench::result_file {

// RUN_DIR/autobench.h5
std::string result_path(const std::string& run_dir);

// Where write_run_file's seconds went: the statistics and the file's content, then the HDF5 file and the
// exports, which are written side by side.
struct RunFileTimes {
  double statistics_s = 0.0;
  double file_s = 0.0;
  double exports_s = 0.0;
};

// Computes stability over the complete campaigns and writes result_path(run_dir) (temporary name,
// renamed when complete) with the ranks' time splits in /time_split, and the exports beside it (csv/,
// summary.json; see exports.hpp), made from the same content in memory while the file is written (they
// equal what `export` makes from the file). summary.json comes last, once the file is written; when the
// file cannot be written, csv/ may already hold the campaigns that it would have held. Returns the
// path; throws on failure (the file's failure first). `times`, when given, receives where the time went.
std::string write_run_file(const std::string& run_dir, const results::RunInfo& info,
                           std::vector<results::RankResult> ranks, const std::string& settings_json,
                           const std::vector<results::RankTimeSplit>& time_splits = {}, RunFileTimes* times = nullptr);

}  // namespace autobench::result_file
