// The launcher's rank and the commands printed for a run (see outcome.hpp).
#include "suite/runs/outcome.hpp"
#include "suite/text/echo.hpp"

#include <cstdlib>

namespace autobench::runs {

int launcher_rank() {
  for (const char* var : {"OMPI_COMM_WORLD_RANK", "PMIX_RANK", "PMI_RANK", "SLURM_PROCID"})
    if (const char* v = std::getenv(var)) return std::atoi(v);
  return 0;
}

std::string autobench_command(int ranks, const std::string& args) {
  return (ranks > 1 ? "mpirun -n " + std::to_string(ranks) + " " : std::string()) + "autobench-mpi " +
         text::printable(args, text::kMessageBytes);  // a run directory's name cannot forge a line
}

}  // namespace autobench::runs
