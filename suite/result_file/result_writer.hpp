// Writes a run's results as the HDF5 files of the documented schema (docs/output.md): one file (version 2),
// or, for a run written in parts (version 3), each rank's part and the root file that links them.
#pragma once

#include <string>

#include <vector>

#include "suite/result_file/rank_summary.hpp"
#include "suite/results/result_file.hpp"

namespace autobench::result_file {

// Builds the file of `content` (file_content.hpp gives the order the file keeps) in memory and writes it to
// `path` whole (files/atomic_file.hpp), so `path` never holds a partial file and keeps its old content on
// failure. Throws WriteError when the file cannot be written (naming it and the system's reason),
// std::runtime_error for other HDF5 failures and std::invalid_argument for results that cannot be stored
// (e.g. a kernel name with '/'). The ranks' time splits go to /time_split (none: no such group).
void write_results(const std::string& path, const results::ResultFile& content);

// One rank's part (written whole, as above): the root attributes with layout "part" and `rank`, and the
// rank's /devices/rank<R>, /sweeps/rank<R> and /campaigns/<kernel>/<detector>/rank<R> as write_results writes
// them (`rank`'s campaigns in file order, their regimes assigned). Returns each campaign's sweep path.
std::vector<std::string> write_part(const std::string& path, const results::RunInfo& info,
                                    const std::string& settings_json, const results::RankResult& rank);

// The root file of a run written in parts.
struct RootContent {
  results::RunInfo info;
  std::string settings_json;
  std::vector<RankSummary> ranks;  // in rank order
  std::vector<results::StabilityRow> stability;
  std::vector<results::ConsensusRow> consensus;
  std::vector<results::RankTimeSplit> time_splits;
};

// Writes the root (whole, as above): layout "parts", every rank's /devices/rank<R>, external links
// /sweeps/rank<R> and /campaigns/<kernel>/<detector>/rank<R> to the same paths in part_name(R) for each rank
// whose part was written, /stability, /consensus, /time_split and the /summary tables.
void write_root(const std::string& path, const RootContent& content);

}  // namespace autobench::result_file
