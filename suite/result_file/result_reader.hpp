// Reads a results file written by result_writer back into the results model.
#pragma once

#include <optional>
#include <set>
#include <string>
#include <vector>

#include "suite/results/result_file.hpp"
#include "suite/stats/run_summary.hpp"

namespace autobench::result_file {

// What to read of a file: each subcommand asks only for what it uses (docs/output.md, "What each
// subcommand reads"), so memory follows the question rather than the file. The default reads everything.
struct ReadOptions {
  // Only these ranks' campaigns and sweeps (nullopt: every rank). Every rank's /devices entry is read, and
  // the stored stability, consensus and time split stay the whole run's (not checked against the campaigns).
  std::optional<std::set<int>> ranks;
  // The ranks whose points keep their launch times (Point::launch_times_s, the bulk of a file with few
  // tunables): nullopt every rank read, {} none. Only `compare`'s A/B verdicts use them.
  std::optional<std::set<int>> launch_times_of;
  // The tuner's texts per point (tune_probes, tune_resources: about 2 kB a point on a real CUDA file, more
  // than its launch times): only `model` and the per-campaign exports use them.
  bool tuner_texts = true;
};

// Each rank's campaigns come back grouped by kernel, then detector (each in the order the writer first
// met them), then in the order they were written. Throws std::runtime_error naming the file when it
// cannot be read, is not an autobench results file, or has another schema version.
results::ResultFile read_results(const std::string& path, const ReadOptions& options = {});

// The options of the subcommands that summarise a file (report, plot's check, compare without A/B
// sides): every rank's points, without launch times or tuner texts.
ReadOptions summary_read();

// The file without its points (what `report` and summary.json are made from). A run written in parts
// (schema 3): from its root alone, /devices, /summary, /stability, /consensus and /time_split, no part
// opened, its campaigns in the order read_results gives them; an older file: read whole (summary_read) and
// summarised. Throws std::runtime_error as read_results.
stats::RunSummary read_run_summary(const std::string& path);

}  // namespace autobench::result_file
