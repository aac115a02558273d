// The main job, `autobench-mpi --suite ...`: every rank's campaigns (journaled), gathered into one HDF5
// file; or a stopped run continued (--resume). A RankJob (rank_job.hpp).
#pragma once

#include <string>

#include "suite/campaign/run_settings.hpp"
#include "suite/runs/outcome.hpp"

namespace autobench::runs {

struct RunRequest {
  campaign::RunSettings settings;
  std::string resume_dir;      // non-empty: continue this run with its own settings
  double time_budget_s = -1;   // < 0: from the SLURM job's end time when known, else unlimited
  std::string command_line;
};

// Exit codes: 0 complete, 1 failure, 2 usage error (before any measurement), 3 stopped early (signal or
// time budget) with a partial file marked incomplete.
Outcome run_benchmarks(const RunRequest& request, int& argc, char**& argv);

}  // namespace autobench::runs
