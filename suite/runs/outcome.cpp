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
  std::string launcher;
  if (ranks > 1) {
    // srun's tasks carry SLURM_STEP_ID; so do the ranks of Open MPI's mpirun inside an allocation (its
    // daemons run in a SLURM step), which carry OMPI_MCA_orte_hnp_uri as well.
    const char* mpi_type = std::getenv("SLURM_MPI_TYPE");
    const bool srun = std::getenv("SLURM_STEP_ID") && !std::getenv("OMPI_MCA_orte_hnp_uri");
    launcher = srun ? "srun -n " + std::to_string(ranks) +
                          (mpi_type && *mpi_type && std::string(mpi_type) != "none" ? " --mpi=" + text::printable(mpi_type, 32) : "")
                    : "mpirun -n " + std::to_string(ranks);
    launcher += " ";
    // Started through scripts/autobench-launch (which sets it), resumed through it too.
    if (std::getenv("AUTOBENCH_LAUNCH")) launcher = "autobench-launch " + launcher;
  }
  return launcher + "autobench-mpi " + text::printable(args, text::kMessageBytes);  // a directory's name cannot forge a line
}

}  // namespace autobench::runs
