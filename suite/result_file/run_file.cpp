// Writing a run's result file (see run_file.hpp).
#include "suite/result_file/run_file.hpp"

#include <filesystem>

#include "suite/result_file/exports.hpp"
#include "suite/result_file/result_reader.hpp"
#include "suite/result_file/result_writer.hpp"
#include "suite/stats/stability.hpp"

namespace autobench::result_file {

std::string result_path(const std::string& run_dir) {
  return (std::filesystem::path(run_dir) / "autobench.h5").string();
}

std::string write_run_file(const std::string& run_dir, const results::RunInfo& info,
                           const std::vector<results::RankResult>& ranks, const std::string& settings_json,
                           const std::vector<results::RankTimeSplit>& time_splits) {
  const std::string path = result_path(run_dir);
  write_results(path, info, ranks, stats::stability_of_complete(ranks), settings_json, time_splits);
  write_exports(run_dir, result_file::read_results(path), path);  // from the file as written, so they always agree
  return path;
}

}  // namespace autobench::result_file
