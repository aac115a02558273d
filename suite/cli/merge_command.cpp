// `autobench-mpi merge RUN_DIR`: builds the run's HDF5 file from its per-rank journals (after a crash,
// a killed rank or a lost rank 0), marking campaigns and runs that did not finish.
#include <cstdio>
#include <filesystem>

#include <nlohmann/json.hpp>

#include "suite/campaign/plan.hpp"
#include "suite/cli/commands.hpp"
#include "suite/cli/errors.hpp"
#include "suite/journal/manifest.hpp"
#include "suite/journal/recovery.hpp"
#include "suite/results/utc_time.hpp"
#include "suite/writing/run_file.hpp"
#include "suite/writing/run_directory.hpp"

namespace autobench::cli {

void add_merge_command(CLI::App& app) {
  auto* cmd = app.add_subcommand("merge", "Build RUN_DIR/autobench.h5 from the run's journals (after a crash or a "
                                          "killed rank); unfinished campaigns are marked incomplete");
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
    std::vector<results::RankResult> ranks;
    bool complete = true;
    for (int r = 0; r < manifest.info.ranks; ++r) {
      const std::string path = journal::journal_path(run_dir, r);
      if (!std::filesystem::exists(path)) {
        results::RankResult missing;
        missing.rank = r;
        missing.start_error = "no journal: the rank never started";
        ranks.push_back(missing);
        complete = false;
        continue;
      }
      journal::RankJournal j;
      try {
        j = journal::read_file(path);
      } catch (const std::runtime_error& e) {
        throw RunFailure(e.what());
      }
      ranks.push_back(journal::recover_rank(j, plan, manifest.settings, r));
      complete = complete && j.done;
      for (const auto& c : ranks.back().campaigns) complete = complete && c.complete;
    }
    results::RunInfo info = manifest.info;
    info.complete = complete;
    info.end_time = results::utc_now();
    std::size_t campaigns = 0;
    for (const auto& r : ranks) campaigns += r.campaigns.size();
    const std::string path = writing::write_run_file(run_dir, info, ranks, campaign::to_json(manifest.settings).dump());
    std::printf("merged %zu campaigns from %d rank journals into %s (%s)\n", campaigns, manifest.info.ranks,
                path.c_str(), complete ? "complete" : "incomplete: continue with autobench-mpi --resume");
  });
}

}  // namespace autobench::cli
