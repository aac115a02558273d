// Writing a run's result file (see result_file.hpp).
#include "suite/writing/run_file.hpp"

#include <filesystem>

#include "suite/writing/exports.hpp"
#include "suite/reading/hdf5_reader.hpp"
#include "suite/writing/hdf5_writer.hpp"
#include "suite/stats/stability.hpp"

namespace autobench::writing {

std::string result_path(const std::string& run_dir) {
  return (std::filesystem::path(run_dir) / "autobench.h5").string();
}

std::string write_run_file(const std::string& run_dir, const results::RunInfo& info,
                           const std::vector<results::RankResult>& ranks, const std::string& settings_json,
                           const std::vector<results::RankTimeSplit>& time_splits) {
  const std::string path = result_path(run_dir);
  write_results(path, info, ranks, stats::stability_of_complete(ranks), settings_json, time_splits);
  write_exports(run_dir, reading::read_results(path), path);  // from the file as written, so they always agree
  return path;
}

}  // namespace autobench::writing
