// `autobench-mpi merge RUN_DIR`: builds the run's HDF5 file from its per-rank journals (after a crash,
// a killed rank or a lost rank 0), marking campaigns and runs that did not finish and naming, as the end
// of a run does, the ranks that could not start or failed (the journals keep why). It never destroys
// data: a results file holding more than the journals (or complete where they are not) is kept (exit 2),
// one holding the same is left untouched, provenance included; a journal of another run (its run id is
// not run.json's) is refused; and it holds the run directory's lock while it works (one writer).
#include <cstdio>
#include <optional>

#include <nlohmann/json.hpp>
#include <fmt/format.h>

#include "suite/campaign/plan.hpp"
#include "suite/cli/commands.hpp"
#include "suite/cli/errors.hpp"
#include "suite/formatting/rank_failures.hpp"
#include "suite/journal/manifest.hpp"
#include "suite/journal/recovery.hpp"
#include "suite/mpi/mpi_session.hpp"
#include "suite/results/utc_time.hpp"
#include "suite/runs/outcome.hpp"
#include "suite/result_file/run_file.hpp"
#include "suite/writing/run_directory.hpp"
#include "suite/text/echo.hpp"
#include "suite/writing/run_lock.hpp"

namespace autobench::cli {

void add_merge_command(CLI::App& app) {
  auto* cmd = app.add_subcommand("merge", "Build RUN_DIR/autobench.h5 from the run's journals (after a crash or a "
                                          "killed rank); unfinished campaigns are marked incomplete. A results file "
                                          "holding more than the journals is never replaced (exit 2)");
  static std::string run_dir;
  cmd->add_option("RUN_DIR", run_dir, "The run's directory (holds run.json and journal/)")->required();
  cmd->callback([] {
    journal::Manifest manifest;
    campaign::Plan plan;
    try {
      manifest = journal::read_manifest(run_dir);
      plan = campaign::make_plan(manifest.settings);
    } catch (const std::invalid_argument& e) {
      throw UsageError(e.what());
    }
    std::optional<writing::RunLock> lock;
    try {
      lock.emplace(run_dir, mpi::node_name());
    } catch (const writing::RunLocked& e) {
      throw UsageError(std::string("merge: ") + e.what());
    } catch (const std::exception& e) {
      throw RunFailure(std::string("merge: ") + e.what());
    }
    journal::RebuiltRun run;
    try {
      run = journal::rebuild_run(run_dir, manifest, plan);
    } catch (const std::runtime_error& e) {  // a journal of another run, or an edited run.json
      throw UsageError(std::string("merge: ") + e.what());
    }
    std::size_t campaigns = 0;
    for (const auto& r : run.ranks) campaigns += r.campaigns.size();
    const std::string held = result_file::result_path(run_dir);
    journal::HeldFile state;
    try {
      state = journal::compare_results_file(held, run);
    } catch (const std::invalid_argument& e) {
      throw UsageError(std::string("merge: ") + e.what());
    }
    if (state == journal::HeldFile::same) {
      fmt::print("{} already holds the {} campaigns of the {} rank journals; left unchanged\n",
                 text::printable(held, text::kMessageBytes),
                  campaigns, manifest.info.ranks);
      return;
    }
    if (state == journal::HeldFile::complete) {
      fmt::print("{} is a complete run holding every campaign of the {} rank journals (which do not say the run "
                 "finished: a journal lost its last lines?); left unchanged\n",
                 text::printable(held, text::kMessageBytes), manifest.info.ranks);
      return;
    }
    results::RunInfo info = manifest.info;
    info.complete = run.complete;
    info.end_time = results::utc_now();
    std::string path;
    try {
      path = result_file::write_run_file(run_dir, info, run.ranks, campaign::to_json(manifest.settings).dump());
    } catch (const std::exception& e) {
      throw RunFailure(std::string("merge: ") + e.what());
    }
    for (const auto& line : formatting::rank_failures(run.ranks))
      fmt::print(stderr, "autobench-mpi: {}\n", line.c_str());
    for (const auto& damage : run.damage)
      fmt::print(stderr, "autobench-mpi: {} (salvaged up to this line; the rest is measured again by --resume)\n",
                 damage.c_str());
    fmt::print("merged {} campaigns from {} rank journals into {} ({})\n", campaigns, manifest.info.ranks,
                text::printable(path, text::kMessageBytes),
                run.complete ? "complete"
                             : "incomplete: continue with " + runs::autobench_command(manifest.info.ranks, "--resume " + run_dir));
  });
}

}  // namespace autobench::cli
