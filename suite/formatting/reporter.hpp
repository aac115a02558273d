// The interface every `report --format` output implements, and the report source it reads from.
#pragma once

#include <optional>
#include <ostream>
#include <string>

#include "suite/modeling/model_run.hpp"
#include "suite/results/result_file.hpp"
#include "suite/stats/gpu_health.hpp"
#include "suite/stats/run_summary.hpp"

namespace autobench::formatting {

// What a report is made from: the file named on the command line, read on demand (a format that hands
// the path to a script reads nothing itself).
class ReportSource {
 public:
  virtual ~ReportSource() = default;
  // The file as named on the command line.
  virtual const std::string& path() const = 0;
  // --details: the table and Markdown forms also show the consensus per sweep, every campaign, the
  // knee stability per detector and the detector agreement.
  virtual bool details() const = 0;
  // The run of a `model` run's file; nullptr when the file is a results file.
  virtual const modeling::ModelRun* model() const = 0;
  // The results file narrowed by --kernel/--detector/--rank (statistics computed over what is left).
  // Throws the command's usage error for a file that is no results file, e.g. a model file.
  virtual const results::ResultFile& results() const = 0;
  // The same without its points: what the forms but CSV and --details are made from. By default made from
  // results(); a source that reads a run's root /summary instead never reads a point.
  virtual const stats::RunSummary& summary() const {
    if (!summary_) summary_ = stats::summarize_run(results());
    return *summary_;
  }
  // What GPU health is judged against besides the run's same-model GPUs (`report --reference`); none here.
  virtual const stats::HealthReference* reference() const { return nullptr; }

 private:
  mutable std::optional<stats::RunSummary> summary_;
};

// One output format of `report`: writes the report of `source` to `out`. The formats are chosen by name
// from one table (suite/cli/report_formats.cpp); docs/architecture.md says how to add one.
class Reporter {
 public:
  virtual ~Reporter() = default;
  virtual void write(const ReportSource& source, std::ostream& out) const = 0;
};

}  // namespace autobench::formatting
