// The main job: validate, start MPI, run every rank's campaigns (journaled), gather and write one
// HDF5 file; or continue a stopped run (--resume).
#pragma once

#include <string>

#include "suite/campaign/run_settings.hpp"
#include "suite/mpi/mpi_session.hpp"

namespace autobench::mpi {
class Session;
}

namespace autobench::cli {

struct RunRequest {
  campaign::RunSettings settings;
  std::string resume_dir;      // non-empty: continue this run with its own settings
  double time_budget_s = -1;   // < 0: from the SLURM job's end time when known, else unlimited
  std::string command_line;
};

// Exit codes: 0 complete, 1 failure, 2 usage error (thrown as UsageError before any measurement),
// 3 stopped early (signal or time budget) with a partial file marked incomplete.
int run_benchmarks(const RunRequest& request, int& argc, char**& argv);

inline constexpr int kExitStopped = 3;

// The rank the launcher gave this process, known before MPI starts (0 when not launched by MPI).
int launcher_rank();
// The backend every rank uses (the rule: suite/backend/backend_choice.hpp); collective; throws
// UsageError when the request cannot be met, and rank 0 says so when "auto" chose the sim backend.
std::string resolve_backend(const std::string& requested, const mpi::Session& mpi);
// The command that continues or rebuilds a run of `ranks` ranks: "autobench-mpi ARGS", launched by
// "mpirun -n RANKS " when the run had more than one rank (a resume needs the same number).
std::string autobench_command(int ranks, const std::string& args);

}  // namespace autobench::cli
