// `autobench-mpi compare FILE [FILE...]`: device models side by side across result files (knee size,
// peak throughput, energy efficiency and their ratios to a baseline model), as tables or JSON.
#include <iostream>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include "suite/cli/commands.hpp"
#include "suite/cli/errors.hpp"
#include "suite/cli/result_files.hpp"
#include "suite/formatting/compare_print.hpp"

namespace autobench::cli {
namespace {

struct CompareOptions {
  std::vector<std::string> files;
  std::string by = "device-model";
  std::string baseline;
  std::string format = "table";
};

void compare(const CompareOptions& options) {
  const auto files = read_result_files("compare", options.files);
  stats::Comparison comparison;
  try {
    comparison = stats::compare_models(files, options.baseline);
  } catch (const std::invalid_argument& e) {
    throw UsageError(std::string("compare: ") + e.what());
  }
  if (options.format == "json") {
    std::cout << formatting::comparison_json(comparison).dump(2) << "\n";
  } else {
    std::cout << formatting::comparison_table(comparison);
  }
}

}  // namespace

void add_compare_command(CLI::App& app) {
  auto options = std::make_shared<CompareOptions>();
  auto* cmd = app.add_subcommand("compare", "Compare device models across one or several results files: median knee "
                                            "size, peak throughput, energy efficiency and ratios to a baseline model");
  cmd->add_option("files", options->files, "Results files written by runs (autobench.h5)")->required();
  cmd->add_option("--by", options->by, "How devices are grouped")
      ->capture_default_str()
      ->check(CLI::IsMember({"device-model"}));
  cmd->add_option("--baseline", options->baseline,
                  "The model the ratios are relative to (default: each kernel's first model alphabetically)");
  cmd->add_option("--format", options->format, "table (aligned columns) or json")
      ->capture_default_str()
      ->check(CLI::IsMember({"table", "json"}));
  cmd->callback([options] { compare(*options); });
}

}  // namespace autobench::cli
