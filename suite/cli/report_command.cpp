// The `report` subcommand: summarises a results file on stdout in the format --format names (report_formats.hpp).
#include <iostream>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>

#include "suite/cli/commands.hpp"
#include "suite/cli/errors.hpp"
#include "suite/cli/report_formats.hpp"
#include "suite/cli/result_files.hpp"
#include "suite/files/input_file.hpp"
#include "suite/formatting/report_filter.hpp"
#include "suite/model_file/model_file.hpp"

namespace autobench::cli {
namespace {

struct ReportOptions {
  std::string file;
  std::string format = "table";
  formatting::ReportFilter filter;
  int rank = -1;  // --rank; -1: every rank
  bool details = false;
};

// The file named on the command line, read when a reporter first asks for it.
class FileSource final : public formatting::ReportSource {
 public:
  explicit FileSource(const ReportOptions& options) : options_(options) {}

  const std::string& path() const override { return options_.file; }
  bool details() const override { return options_.details; }

  const modeling::ModelRun* model() const override {
    if (!model_ && model_file::is_model_file(options_.file)) {
      try {
        model_ = model_file::read_model_file(options_.file);
      } catch (const std::runtime_error& e) {
        throw UsageError(std::string("report: ") + e.what());
      }
    }
    return model_ ? &*model_ : nullptr;
  }

  const results::ResultFile& results() const override {
    if (results_) return *results_;
    if (model_file::is_model_file(options_.file))
      throw UsageError("report --format " + options_.format + ": a model file is reported as a table only");
    results::ResultFile file = read_result_files("report", {options_.file}).front().file;
    auto filter = options_.filter;
    if (options_.rank >= 0) filter.rank = options_.rank;
    try {
      results_ = formatting::filter_results(file, filter);
    } catch (const std::invalid_argument& e) {
      throw UsageError(std::string("report: ") + e.what());
    }
    return *results_;
  }

 private:
  const ReportOptions& options_;
  mutable std::optional<modeling::ModelRun> model_;
  mutable std::optional<results::ResultFile> results_;
};

void report(const ReportOptions& options) {
  try {  // before anything opens it: a FIFO would block, a device never end
    files::check_regular_file(options.file);
  } catch (const files::InputRefused& e) {
    throw UsageError(std::string("report: ") + e.what());
  }
  const ReportFormat* format = find_report_format(options.format);
  if (format == nullptr) throw UsageError("report: unknown --format " + options.format);  // the parser refuses it first
  format->make()->write(FileSource(options), std::cout);
}

}  // namespace

void add_report_command(CLI::App& app) {
  auto options = std::make_shared<ReportOptions>();
  auto* cmd = app.add_subcommand(
      "report", "Summarise a results file: the consensus knee per kernel and device model first (docs/knees.md); "
                "--details adds the campaigns, per-detector stability and detector agreement");
  cmd->add_option("file", options->file, "Results file written by a run (autobench.h5)")->required();
  std::vector<std::string> names;
  for (const auto& format : report_formats()) names.push_back(format.name);
  cmd->add_option("--format", options->format, report_formats_help())
      ->capture_default_str()
      ->check(CLI::IsMember(names));
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
