// `autobench-mpi compare FILE [FILE...]`: device models side by side across result files (knee size,
// peak throughput, energy efficiency and their ratios to a baseline model), as tables or JSON; with two
// sides (two files, or --a-rank/--b-rank, --a-model/--b-model or --a-repeats/--b-repeats) also A/B verdicts
// over sweeps (docs/compare.md).
#include <iostream>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "suite/cli/bounded.hpp"
#include "suite/cli/commands.hpp"
#include "suite/cli/errors.hpp"
#include "suite/cli/result_files.hpp"
#include "suite/formatting/ab_verdict_print.hpp"
#include "suite/formatting/compare_print.hpp"

namespace autobench::cli {
namespace {

struct CompareOptions {
  std::vector<std::string> files;
  std::string by = "device-model";
  std::string baseline;
  std::string format = "table";
  std::optional<int> a_rank, b_rank;
  std::string a_model, b_model;
  std::vector<int> a_repeats, b_repeats;
  double threshold_percent = 2.0;
  std::string unconverged = "keep";
};

const std::string kAbGroup = "A/B verdicts (two files, or one file with two sides; docs/compare.md)";
// A rank of --a-rank and --b-rank: a whole number (CLI::NonNegativeNumber would print its bound as 309 digits).
constexpr campaign::Limit kRank{"--a-rank", 0, 1e9, false, false, true};
// A repeat of --a-repeats and --b-repeats: an index below the most repeats a run may have.
constexpr campaign::Limit kRepeat{"--a-repeats", 0, campaign::limits::repeats.max - 1, false, false, true};

struct AbRequest {
  stats::AbSide a, b;
  bool asked = false;  // a side option was given: a side that cannot be compared is a usage error
};

// The A/B sides the options ask for: none for more than two files, or for one file without side options.
std::optional<AbRequest> ab_request(const CompareOptions& o) {
  const bool asked = o.a_rank || o.b_rank || !o.a_model.empty() || !o.b_model.empty() || !o.a_repeats.empty() ||
                     !o.b_repeats.empty();
  if (o.files.size() > 2 && asked)
    throw UsageError("compare: --a-rank/--b-rank/--a-model/--b-model/--a-repeats/--b-repeats take one file (two sides "
                     "in it) or two (a and b), not " + std::to_string(o.files.size()));
  if (o.files.size() > 2 || (o.files.size() == 1 && !asked)) return std::nullopt;
  return AbRequest{{0, o.a_rank, o.a_model, {o.a_repeats.begin(), o.a_repeats.end()}},
                   {o.files.size() - 1, o.b_rank, o.b_model, {o.b_repeats.begin(), o.b_repeats.end()}},
                   asked};
}

// What compare reads of each file: every rank's points for the model table; launch times only where the A/B
// verdicts pool them: of the side's rank when it names one, else of every rank.
std::vector<result_file::ReadOptions> compare_reads(const CompareOptions& o, const std::optional<AbRequest>& request) {
  std::vector<result_file::ReadOptions> reads(o.files.size(), result_file::summary_read());
  if (!request) return reads;
  for (const stats::AbSide* side : {&request->a, &request->b}) {
    auto& launches = reads[side->file].launch_times_of;
    if (!side->rank)
      launches.reset();
    else if (launches)
      launches->insert(*side->rank);
  }
  return reads;
}

void compare(const CompareOptions& options) {
  const auto request = ab_request(options);
  const auto files = read_result_files("compare", options.files, compare_reads(options, request));
  stats::Comparison comparison;
  try {
    comparison = stats::compare_models(files, options.baseline);
  } catch (const std::invalid_argument& e) {
    throw UsageError(std::string("compare: ") + e.what());
  }
  std::optional<stats::AbComparison> ab;
  std::string ab_skipped;  // why two files without side options get no verdicts (e.g. several models in one)
  if (request) {
    try {
      ab = stats::compare_ab(files, request->a, request->b, {.threshold = options.threshold_percent / 100},
                             options.unconverged == "keep");
    } catch (const std::invalid_argument& e) {
      if (request->asked) throw UsageError(std::string("compare: ") + e.what());
      ab_skipped = e.what();
    }
  }
  if (options.format == "json") {
    auto j = formatting::comparison_json(comparison);
    if (ab) j["ab"] = formatting::ab_json(*ab);
    if (!ab_skipped.empty()) j["ab_skipped"] = ab_skipped;
    std::cout << j.dump(2) << "\n";
  } else {
    std::cout << formatting::comparison_table(comparison);
    if (ab) std::cout << "\n" << formatting::ab_table(*ab);
    if (!ab_skipped.empty()) std::cout << "\nA/B verdicts: none (" << ab_skipped << ")\n";
  }
}

}  // namespace

void add_compare_command(CLI::App& app) {
  auto options = std::make_shared<CompareOptions>();
  auto* cmd = app.add_subcommand("compare", "Compare device models across one or several results files: median knee "
                                            "size, peak throughput, energy efficiency and ratios to a baseline model; "
                                            "for two sides (two files, or --a-rank/--b-rank, --a-model/--b-model) "
                                            "also SAME/FASTER/SLOWER/AMBIGUOUS (UNREPLICATED with one sweep) per kernel and size region");
  cmd->add_option("files", options->files, "Results files written by runs (autobench.h5)")->required();
  cmd->add_option("--by", options->by, "How devices are grouped")
      ->capture_default_str()
      ->check(CLI::IsMember({"device-model"}));
  cmd->add_option("--baseline", options->baseline,
                  "The model the ratios are relative to (default: each kernel's first model alphabetically)");
  cmd->add_option("--format", options->format, "table (aligned columns) or json")
      ->capture_default_str()
      ->check(CLI::IsMember({"table", "json"}));
  cmd->add_option("--a-rank", options->a_rank, "Side a is this rank (of the first file, or of the one file)")
      ->check(bounded(kRank))
      ->group(kAbGroup);
  cmd->add_option("--b-rank", options->b_rank, "Side b is this rank (of the second file, or of the one file)")
      ->check(bounded(kRank))
      ->group(kAbGroup);
  cmd->add_option("--a-model", options->a_model, "Side a is this device model's ranks (with or without 'sim: ')")
      ->group(kAbGroup);
  cmd->add_option("--b-model", options->b_model, "Side b is this device model's ranks")
      ->group(kAbGroup);
  cmd->add_option("--a-repeats", options->a_repeats, "Side a is these repeats only (comma separated; default all)")
      ->delimiter(',')
      ->check(bounded(kRepeat))
      ->group(kAbGroup);
  cmd->add_option("--b-repeats", options->b_repeats, "Side b is these repeats only (comma separated; default all)")
      ->delimiter(',')
      ->check(bounded(kRepeat))
      ->group(kAbGroup);
  cmd->add_option("--unconverged", options->unconverged,
                  "Points that missed the noise target (stopped by the launch or time cap): keep them in the "
                  "verdicts (their sweep's spread grows), or drop them")
      ->capture_default_str()
      ->check(CLI::IsMember({"drop", "keep"}))
      ->group(kAbGroup);
  cmd->add_option("--threshold", options->threshold_percent,
                  "Percent within which b and a count as the SAME; an interval wholly beyond it is FASTER/SLOWER")
      ->capture_default_str()
      ->check(CLI::Range(0.0, 100.0))
      ->group(kAbGroup);
  cmd->callback([options] { compare(*options); });
}

}  // namespace autobench::cli
