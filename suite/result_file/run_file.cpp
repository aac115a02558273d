// Writing a run's result file (see run_file.hpp).
#include "suite/result_file/run_file.hpp"

#include <chrono>
#include <exception>
#include <filesystem>
#include <thread>

#include "suite/result_file/exports.hpp"
#include "suite/result_file/file_content.hpp"
#include "suite/result_file/result_writer.hpp"
#include "suite/stats/stability.hpp"

namespace autobench::result_file {

std::string result_path(const std::string& run_dir) {
  return (std::filesystem::path(run_dir) / "autobench.h5").string();
}

std::string write_run_file(const std::string& run_dir, const results::RunInfo& info,
                           std::vector<results::RankResult> ranks, const std::string& settings_json,
                           const std::vector<results::RankTimeSplit>& time_splits, RunFileTimes* times) {
  using Clock = std::chrono::steady_clock;
  const auto since = [](Clock::time_point t) { return std::chrono::duration<double>(Clock::now() - t).count(); };
  RunFileTimes spent;
  const auto t0 = Clock::now();
  const std::string path = result_path(run_dir);
  const auto stability = stats::stability_of_complete(ranks);
  const results::ResultFile content = file_content(info, std::move(ranks), stability, settings_json, time_splits);
  spent.statistics_s = since(t0);
  // The HDF5 file on a thread of its own (the only one that calls HDF5) while this one writes the CSV
  // files and formats the summary from the same content, which reads back from the file as it is.
  std::exception_ptr file_failure;
  std::thread writer([&] {
    const auto t = Clock::now();
    try {
      write_results(path, content);
      spent.file_s = since(t);
    } catch (...) {
      file_failure = std::current_exception();
    }
  });
  std::exception_ptr export_failure;
  std::string summary;
  const auto t_exports = Clock::now();
  try {
    write_csv_exports(run_dir, content);
    summary = summary_text(content, path);
    spent.exports_s = since(t_exports);
  } catch (...) {
    export_failure = std::current_exception();
  }
  writer.join();
  if (file_failure) std::rethrow_exception(file_failure);
  if (export_failure) std::rethrow_exception(export_failure);
  write_summary(run_dir, summary);  // last: a summary.json always describes the file beside it
  if (times) *times = spent;
  return path;
}

}  // namespace autobench::result_file
