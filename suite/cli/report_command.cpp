// The `report` subcommand: summarises a results file as tables (default) or as JSON on stdout.
#include <filesystem>
#include <iostream>
#include <memory>
#include <stdexcept>
#include <string>

#include "suite/cli/commands.hpp"
#include "suite/cli/errors.hpp"
#include "suite/output/hdf5_reader.hpp"
#include "suite/output/report_json.hpp"
#include "suite/output/report_table.hpp"

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
  output::ResultFile file;
  try {
    file = output::read_results(options.file);
  } catch (const std::runtime_error& e) {
    throw UsageError(std::string("report: ") + e.what());
  }
  if (options.format == "json") {
    std::cout << output::report_json(file, options.file).dump(2) << "\n";
  } else {
    std::cout << output::report_table(file, options.file);
  }
}

}  // namespace

void add_report_command(CLI::App& app) {
  auto options = std::make_shared<ReportOptions>();
  auto* cmd = app.add_subcommand("report", "Summarise a results file: its campaigns, knees and their stability");
  cmd->add_option("file", options->file, "Results file written by a run (autobench.h5)")->required();
  cmd->add_option("--format", options->format, "table (aligned columns) or json (structure documented in README.md)")
      ->capture_default_str()
      ->check(CLI::IsMember({"table", "json"}));
  cmd->callback([options] { report(*options); });
}

}  // namespace autobench::cli
