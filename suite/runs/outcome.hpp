// How a rank job ends, agreed on by every rank: one exit code, and rank 0's message for it.
#pragma once

#include <string>

namespace autobench::runs {

inline constexpr int kExitFailure = 1;  // the run failed (I/O, device, MPI)
inline constexpr int kExitUsage = 2;    // bad input, found before anything was measured
inline constexpr int kExitStopped = 3;  // stopped early (signal or time budget); files marked incomplete

struct Outcome {
  int exit_code = 0;
  std::string message;  // "" on other ranks and when there is nothing to say
};

// The rank the launcher gave this process, known before MPI starts (0 when not launched by MPI).
int launcher_rank();
// The command that continues or rebuilds a run of `ranks` ranks: "autobench-mpi ARGS", launched by
// "mpirun -n RANKS " when the run had more than one rank (a resume needs the same number), or by
// "srun -n RANKS [--mpi=TYPE] " in a process that srun started itself, either prefixed with
// "autobench-launch " where AUTOBENCH_LAUNCH is set (scripts/autobench-launch started it); ARGS as
// text::printable makes them (a newline in a directory's name cannot forge a line).
std::string autobench_command(int ranks, const std::string& args);

}  // namespace autobench::runs
