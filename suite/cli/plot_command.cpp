// `autobench-mpi plot FILE [--output DIR] [--kernel K] [--detector D] [--format png,pdf,svg] [--campaigns]`: draws a
// results file's figures by running scripts/plot_results.py (with the project's interpreter: python_script.hpp).
#include <filesystem>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include "suite/cli/commands.hpp"
#include "suite/cli/errors.hpp"
#include "suite/cli/output_option.hpp"
#include "suite/cli/python_script.hpp"
#include "suite/cli/result_files.hpp"
#include "suite/files/input_file.hpp"
#include "suite/result_file/result_reader.hpp"

namespace autobench::cli {
namespace {

// Above this many ranks a run written in parts is plotted from its root's /summary alone (knees per rank and
// GPU health), its curves only with --campaigns: hundreds of GPUs' curves are neither readable in one
// figure nor small enough to hold in memory.
constexpr std::size_t kCurveRanks = 8;

struct PlotOptions {
  std::string file;
  std::string output;
  std::string kernel;
  std::string detector;
  std::string format = "png,pdf";
  bool campaigns = false;  // also the per-campaign figures
};

void plot(const PlotOptions& options) {
  check_output("plot", "--output",
               options.output.empty() ? (std::filesystem::absolute(options.file).parent_path() / "plots").string()
                                      : options.output);
  try {
    files::check_regular_file(options.file);
  } catch (const files::InputRefused& e) {
    throw UsageError(std::string("plot: ") + e.what());
  }
  stats::RunSummary run;
  try {  // a file older than the parts is read whole here, and so refused as `report --details` refuses it
    run = result_file::read_run_summary(options.file);
  } catch (const std::runtime_error& e) {
    throw UsageError(std::string("plot: ") + e.what());
  }
  const bool summary = run.schema_version >= 3 && run.ranks.size() > kCurveRanks && !options.campaigns;
  // The curves python reads are refused exactly as `report --details` refuses them, before python starts.
  if (run.schema_version >= 3 && !summary) read_result_files("plot", {options.file}, {result_file::summary_read()});
  std::vector<std::string> args{options.file, "--format", options.format};
  if (summary) args.push_back("--summary");
  if (!options.output.empty()) args.insert(args.end(), {"--output", options.output});
  if (!options.kernel.empty()) args.insert(args.end(), {"--kernel", options.kernel});
  if (!options.detector.empty()) args.insert(args.end(), {"--detector", options.detector});
  if (options.campaigns) args.push_back("--campaigns");
  run_python_script("plot", "plot_results.py", args);
}

}  // namespace

void add_plot_command(CLI::App& app) {
  auto options = std::make_shared<PlotOptions>();
  auto* cmd = app.add_subcommand(
      "plot", "Draw a results file's figures: an overview, per kernel all repeats and device models overlaid with "
              "their knee intervals, and power and energy over size; with --campaigns also per kernel x rank x "
              "repeat time and throughput over size with every detector's knee (needs Python 3 with h5py, "
              "matplotlib and numpy: $AUTOBENCH_PYTHON, else <prefix>/share/autobench-mpi/venv, else the "
              "configured interpreter, else python3; docs/html.md)");
  cmd->add_option("file", options->file, "Results file written by a run (autobench.h5)")->required();
  cmd->add_option("--output", options->output, "Directory for the figures (default: plots/ next to the file)");
  cmd->add_option("--kernel", options->kernel, "Only these kernels (comma-separated names)");
  cmd->add_option("--detector", options->detector, "Only these detectors (comma-separated names)");
  cmd->add_option("--format", options->format, "png, pdf or svg, or several comma-separated (PDF: vector, for papers)")
      ->capture_default_str();
  cmd->add_flag("--campaigns", options->campaigns,
                "Also one figure per kernel x rank x repeat (a full suite on 4 GPUs: hundreds; off by default)");
  cmd->callback([options] { plot(*options); });
}

}  // namespace autobench::cli
