// `autobench-mpi dataset`: LLMPerf-style runtime datasets, a RankJob (rank_job.hpp). Every rank samples
// launch configurations of every kernel on its own device in the three occupancy regimes, measures and
// verifies them (journaled, within the time budget), optionally refines the log2-time distribution with
// the IQR rule, and rank 0 writes RUN_DIR/dataset.h5 and RUN_DIR/dataset.jsonl and prints where the
// measuring time went.
#pragma once

#include <string>

#include "suite/dataset/dataset_settings.hpp"
#include "suite/runs/outcome.hpp"

namespace autobench::runs {

struct DatasetRequest {
  dataset::DatasetSettings settings;
  std::string resume_dir;  // non-empty: continue this dataset run with its own settings (dataset.json)
  double time_budget_s = -1;  // < 0: the SLURM job's time left when known, else unlimited
  bool quiet = false;
  std::string command_line;
};

// Exit codes: 0 complete, 1 failure (a configuration failed, a rank could not start, a file could not be
// written), 2 usage error, 3 stopped early with the files marked incomplete.
Outcome run_dataset(const DatasetRequest& request);

}  // namespace autobench::runs
