// `autobench-mpi model`, a RankJob (rank_job.hpp): random samples of a kernel's tunables x sizes (x
// locked SM clocks) drawn alike on every rank from the seed, each rank measuring every size-th one on its
// device; rank 0 fits the Stargazer model and writes it into a new run directory as model.h5.
#pragma once

#include <cstdint>
#include <string>

#include "model/stepwise.hpp"
#include "suite/backend/device.hpp"
#include "suite/modeling/design_space.hpp"
#include "suite/runs/outcome.hpp"

namespace autobench::runs {

// A model run, checked before MPI starts.
struct ModelRequest {
  modeling::DesignSpace space;  // its device (residency limits) is filled in from rank 0's GPU
  model::StepwiseOptions stepwise;
  backend::TimingPlan timing;
  std::int64_t samples = 100, test = 100;  // training and held-out samples
  std::string backend = "auto";
  std::string sim_device;
  std::uint64_t seed = 1;
  std::string output;  // parent of the model's run directory
  std::string command_line;
};

// Exit codes: 0 written, 1 failure (a rank cannot start or measure, the fit or the file failed), 2 usage
// error (e.g. ranks on different device models).
Outcome run_model(const ModelRequest& request);

}  // namespace autobench::runs
