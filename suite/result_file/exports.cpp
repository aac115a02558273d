// Exports next to a run's HDF5 file (see exports.hpp).
#include "suite/result_file/exports.hpp"

#include <filesystem>
#include <sstream>
#include <utility>

#include "suite/files/atomic_file.hpp"
#include "suite/formatting/report_json.hpp"
#include "suite/result_file/csv_export.hpp"

namespace autobench::result_file {

void write_csv_exports(const std::string& run_dir, const results::ResultFile& file) {
  write_campaign_csvs((std::filesystem::path(run_dir) / "csv").string(), file.ranks);
}

std::string summary_text(const stats::RunSummary& run, const std::string& h5_path) {
  std::ostringstream text;
  formatting::write_report_json(run, h5_path, text);
  return std::move(text).str();
}

void write_summary(const std::string& run_dir, const std::string& text) {
  files::write_file_atomically((std::filesystem::path(run_dir) / "summary.json").string(), text);
}

void write_exports(const std::string& run_dir, const results::ResultFile& file, const std::string& h5_path) {
  write_csv_exports(run_dir, file);
  write_summary(run_dir, summary_text(stats::summarize_run(file), h5_path));
}

}  // namespace autobench::result_file
