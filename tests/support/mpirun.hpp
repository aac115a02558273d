// The mpirun prefix tests use to start the real binary on N oversubscribed local ranks.
#pragma once

#include <cstdlib>
#include <string>

namespace autobench::testing {

// "mpirun -n N --oversubscribe [OPTIONS] PROGRAM" (PROGRAM: the autobench-mpi binary unless given);
// also lets Open MPI run as root, as it must in CI containers.
inline std::string mpirun(int ranks, const std::string& options = "", const std::string& program = AUTOBENCH_BINARY) {
  setenv("OMPI_ALLOW_RUN_AS_ROOT", "1", 1);
  setenv("OMPI_ALLOW_RUN_AS_ROOT_CONFIRM", "1", 1);
  return "mpirun -n " + std::to_string(ranks) + " --oversubscribe " + (options.empty() ? "" : options + " ") + program;
}

}  // namespace autobench::testing
