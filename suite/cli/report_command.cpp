// The `report` subcommand: summarises a results file on stdout in the format --format names (report_formats.hpp),
// GPU health judged against --reference too, and gated by --fail-on (exit 5).
#include <filesystem>
#include <iostream>
#include <memory>
#include <optional>
#include <set>
#include <stdexcept>
#include <string>
#include <utility>

#include "suite/cli/commands.hpp"
#include "suite/cli/errors.hpp"
#include "suite/cli/report_formats.hpp"
#include "suite/cli/result_files.hpp"
#include "suite/files/input_file.hpp"
#include "suite/formatting/report_filter.hpp"
#include "suite/formatting/report_health.hpp"
#include "suite/model_file/model_file.hpp"
#include "suite/result_file/result_reader.hpp"
#include "suite/writing/profile_db.hpp"

namespace autobench::cli {
namespace {

struct ReportOptions {
  std::string file;
  std::string format = "table";
  formatting::ReportFilter filter;
  int rank = -1;  // --rank; -1: every rank
  bool details = false;
  std::string fail_on;    // --fail-on: "" or a verdict (slow, throttling, faulty)
  std::string reference;  // --reference: a results file or profile database GPU health is judged against ("" none)
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
    refuse_model_file();
    // The report never uses launch times or the tuner's texts; --rank: that rank's campaigns only.
    auto read = result_file::summary_read();
    if (options_.rank >= 0) read.ranks = std::set<int>{options_.rank};
    results::ResultFile file = std::move(read_result_files("report", {options_.file}, {read}).front().file);
    auto filter = options_.filter;
    if (options_.rank >= 0) filter.rank = options_.rank;
    try {
      results_ = formatting::filter_results(std::move(file), filter);
    } catch (const std::invalid_argument& e) {
      throw UsageError(std::string("report: ") + e.what());
    }
    return *results_;
  }

  // Without --kernel, --detector, --rank and --details, a run written in parts is reported from its root's
  // summaries alone (no part opened); otherwise from results().
  const stats::RunSummary& summary() const override {
    if (!options_.filter.empty() || options_.rank >= 0 || options_.details) return ReportSource::summary();
    if (!summary_) {
      refuse_model_file();
      summary_ = read_result_summary();
    }
    return *summary_;
  }

  const stats::HealthReference* reference() const override {
    if (options_.reference.empty()) return nullptr;
    if (!reference_) {
      const std::string& path = options_.reference;
      if (path.ends_with(".json")) {  // a device-profile database (`profile add`)
        try {
          files::check_regular_file(path);
        } catch (const files::InputRefused& e) {
          throw UsageError(std::string("report --reference ") + e.what());
        }
        try {
          reference_ = stats::health_reference(writing::load_profile_db(path), "device profiles " + path);
        } catch (const std::runtime_error& e) {
          throw UsageError(std::string("report --reference: ") + e.what());
        }
      } else {
        reference_ = stats::health_reference(
            read_result_files("report --reference", {path}, {result_file::summary_read()}).front().file.ranks,
                                             "reference " + path);
      }
    }
    return &*reference_;
  }

 private:
  void refuse_model_file() const {
    if (model_file::is_model_file(options_.file))
      throw UsageError("report --format " + options_.format + ": a model file is reported as a table only");
  }

  stats::RunSummary read_result_summary() const {
    try {
      return result_file::read_run_summary(options_.file);
    } catch (const std::runtime_error& e) {
      throw UsageError(std::string("report: ") + e.what());
    }
  }

  const ReportOptions& options_;
  mutable std::optional<stats::RunSummary> summary_;
  mutable std::optional<modeling::ModelRun> model_;
  mutable std::optional<results::ResultFile> results_;
  mutable std::optional<stats::HealthReference> reference_;
};

void report(const ReportOptions& options) {
  try {  // before anything opens it: a FIFO would block, a device never end
    files::check_regular_file(options.file);
  } catch (const files::InputRefused& e) {
    throw UsageError(std::string("report: ") + e.what());
  }
  const ReportFormat* format = find_report_format(options.format);
  if (format == nullptr) throw UsageError("report: unknown --format " + options.format);  // the parser refuses it first
  const FileSource source(options);
  if (!options.reference.empty()) source.reference();  // a bad reference is refused before anything is written
  format->make()->write(source, std::cout);
  if (options.fail_on.empty()) return;
  std::cout.flush();
  const auto verdicts = stats::judge_gpus(source.summary().health, {}, source.reference());
  const std::string failure = formatting::gate_failure(verdicts, stats::kHealthNames.value_for("--fail-on", options.fail_on));
  if (!failure.empty()) throw HealthGateFailed(failure);
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
  cmd->add_option("--fail-on", options->fail_on,
                  "Exit 5, naming them in one line, when any GPU's health verdict is at least this bad (docs/health.md)")
      ->check(CLI::IsMember({"slow", "throttling", "faulty"}));
  cmd->add_option("--reference", options->reference,
                  "A results file, or a device-profile database (*.json, `profile add`), GPU health is also judged "
                  "against: its GPUs of the same model, and each GPU's own earlier plateaus by UUID (docs/health.md)");
  cmd->callback([options] { report(*options); });
}

}  // namespace autobench::cli
