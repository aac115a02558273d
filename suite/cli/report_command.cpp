// The `report` subcommand: summarises a results file on stdout as tables (default), Markdown, JSON or CSV.
#include <filesystem>
#include <iostream>
#include <memory>
#include <stdexcept>
#include <string>

#include "suite/cli/commands.hpp"
#include "suite/cli/errors.hpp"
#include "suite/cli/python_script.hpp"
#include "suite/cli/result_files.hpp"
#include "suite/formatting/rank_time_split.hpp"
#include "suite/formatting/report_csv.hpp"
#include "suite/formatting/report_filter.hpp"
#include "suite/formatting/report_json.hpp"
#include "suite/formatting/report_table.hpp"
#include "suite/writing/model_file.hpp"
#include "suite/formatting/model_report.hpp"

namespace autobench::cli {
namespace {

struct ReportOptions {
  std::string file;
  std::string format = "table";
  formatting::ReportFilter filter;
  int rank = -1;  // --rank; -1: every rank
  bool details = false;
};

void report(const ReportOptions& options) {
  if (!std::filesystem::is_regular_file(options.file)) {
    throw UsageError("report: no such file: " + options.file);
  }
  if (options.format == "html") {  // one self-contained page with figures: scripts/html_report.py
    run_python_script("report", "html_report.py", {options.file});
    return;
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
  results::ResultFile file = read_result_files("report", {options.file}).front().file;
  auto filter = options.filter;
  if (options.rank >= 0) filter.rank = options.rank;
  try {
    file = formatting::filter_results(file, filter);
  } catch (const std::invalid_argument& e) {
    throw UsageError(std::string("report: ") + e.what());
  }
  if (options.format == "json") {
    std::cout << formatting::report_json(file, options.file).dump(2) << "\n";
  } else if (options.format == "csv") {
    std::cout << formatting::report_csv(file);
  } else {
    const auto document = formatting::report_document(file, options.file, options.details);
    std::cout << (options.format == "markdown" ? document.markdown() : document.text());
    if (options.format == "table" && !file.time_splits.empty())
      std::cout << "\nWhere each rank's time went (seconds; docs/scale.md):\n" << formatting::rank_time_split_table(file.time_splits);
  }
}

}  // namespace

void add_report_command(CLI::App& app) {
  auto options = std::make_shared<ReportOptions>();
  auto* cmd = app.add_subcommand(
      "report", "Summarise a results file: the consensus knee per kernel and device model first (docs/knees.md); "
                "--details adds the campaigns, per-detector stability and detector agreement");
  cmd->add_option("file", options->file, "Results file written by a run (autobench.h5)")->required();
  cmd->add_option("--format", options->format,
                  "table (aligned columns), markdown (the same tables in GitHub Markdown), json (structure "
                  "documented in docs/output.md), csv (one row per campaign) or html (one self-contained page with "
                  "figures, needs python3 with matplotlib and h5py: docs/html.md)")
      ->capture_default_str()
      ->check(CLI::IsMember({"table", "markdown", "json", "csv", "html"}));
  cmd->add_option("--kernel", options->filter.kernel, "Only this kernel (statistics computed over what is shown)");
  cmd->add_option("--detector", options->filter.detector,
                  "Only this detector's campaigns (the consensus is then over this detector alone)");
  cmd->add_option("--rank", options->rank, "Only this rank's device and campaigns")->check(CLI::NonNegativeNumber);
  cmd->add_flag("--details", options->details,
                "table and markdown: also the consensus per sweep, every campaign, the knee stability per detector "
                "and detector agreement (default: the answer and the devices)");
  cmd->callback([options] { report(*options); });
}

}  // namespace autobench::cli
