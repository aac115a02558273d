// Which backend a run uses, decided from what every rank sees: a pure rule, so that a cluster job
// never ends on simulated devices unless the user asked for them.
#pragma once

#include <string>
#include <vector>

namespace autobench::backend {

// What one rank sees before the run starts.
struct RankView {
  int rank = 0;
  std::string host;
  int gpus = 0;         // GPUs the CUDA runtime sees on that rank
  int local_ranks = 1;  // ranks on its node
};

struct BackendChoice {
  std::string backend;  // "cuda" or "sim"; empty when refused
  std::string problem;  // the one-line reason the request is refused (a usage error), else empty
  std::string notice;   // said once before the run when auto chose sim, else empty
};

// `requested` is "auto", "cuda" or "sim". auto gives cuda when every rank sees a GPU and CUDA is built
// in, and sim when no rank does on a machine outside SLURM. It refuses when some ranks see a GPU and
// others do not, and under SLURM when any rank sees none: sim there is an explicit choice.
BackendChoice choose_backend(const std::string& requested, const std::vector<RankView>& ranks, bool under_slurm,
                             bool cuda_built);

// "ranks 1, 3 (hosts n2, n4)": at most `shown` ranks named, then "and N more".
std::string describe_ranks(const std::vector<RankView>& ranks, std::size_t shown = 8);

}  // namespace autobench::backend
