// The `report` subcommand: summarises a results file on stdout as tables (default), Markdown, JSON or CSV.
#include <filesystem>
#include <iostream>
#include <memory>
#include <stdexcept>
#include <string>

#include "suite/cli/commands.hpp"
#include "suite/cli/errors.hpp"
#include "suite/formatting/rank_time_split.hpp"
#include "suite/reading/hdf5_reader.hpp"
#include "suite/formatting/report_csv.hpp"
#include "suite/formatting/report_json.hpp"
#include "suite/formatting/report_table.hpp"
#include "suite/writing/model_file.hpp"
#include "suite/formatting/model_report.hpp"

namespace autobench::cli {
namespace {

struct ReportOptions {
  std::string file;
  std::string format = "table";
};

void report(const ReportOptions& options) {
  if (!std::filesystem::is_regular_file(options.file)) {
    throw UsageError("report: no such file: " + options.file);
  }
  if (writing::is_model_file(options.file)) {  // a `model` run's file: path, final model, held-out errors
    if (options.format != "table") throw UsageError("report --format " + options.format + ": a model file is reported as a table only");
    try {
      std::cout << formatting::model_report(writing::read_model_file(options.file), options.file);
    } catch (const std::runtime_error& e) {
      throw UsageError(std::string("report: ") + e.what());
    }
    return;
  }
  results::ResultFile file;
  try {
    file = reading::read_results(options.file);
  } catch (const std::runtime_error& e) {
    throw UsageError(std::string("report: ") + e.what());
  }
  if (options.format == "json") {
    std::cout << formatting::report_json(file, options.file).dump(2) << "\n";
  } else if (options.format == "csv") {
    std::cout << formatting::report_csv(file);
  } else {
    const auto document = formatting::report_document(file, options.file);
    std::cout << (options.format == "markdown" ? document.markdown() : document.text());
    if (options.format == "table" && !file.time_splits.empty())
      std::cout << "\nWhere each rank's time went (seconds; docs/scale.md):\n" << formatting::rank_time_split_table(file.time_splits);
  }
}

}  // namespace

void add_report_command(CLI::App& app) {
  auto options = std::make_shared<ReportOptions>();
  auto* cmd = app.add_subcommand(
      "report", "Summarise a results file: its campaigns, knees, their stability and detector agreement");
  cmd->add_option("file", options->file, "Results file written by a run (autobench.h5)")->required();
  cmd->add_option("--format", options->format,
                  "table (aligned columns), markdown (the same tables in GitHub Markdown), json (structure "
                  "documented in README.md) or csv (one row per campaign)")
      ->capture_default_str()
      ->check(CLI::IsMember({"table", "markdown", "json", "csv"}));
  cmd->callback([options] { report(*options); });
}

}  // namespace autobench::cli
