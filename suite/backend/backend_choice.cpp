// Backend choice (see backend_choice.hpp).
#include "suite/backend/backend_choice.hpp"

#include <set>

namespace autobench::backend {

std::string describe_ranks(const std::vector<RankView>& ranks, std::size_t shown) {
  std::string numbers, hosts;
  std::set<std::string> seen_hosts;
  for (std::size_t i = 0; i < ranks.size() && i < shown; ++i) {
    numbers += (i ? ", " : "") + std::to_string(ranks[i].rank);
    if (seen_hosts.insert(ranks[i].host).second) hosts += (hosts.empty() ? "" : ", ") + ranks[i].host;
  }
  if (ranks.size() > shown) numbers += " and " + std::to_string(ranks.size() - shown) + " more";
  return std::string(ranks.size() == 1 ? "rank " : "ranks ") + numbers + " (" +
         (seen_hosts.size() == 1 ? "host " : "hosts ") + hosts + ")";
}

BackendChoice choose_backend(const std::string& requested, const std::vector<RankView>& ranks, bool under_slurm,
                             bool cuda_built) {
  std::vector<RankView> without, with;
  for (const auto& r : ranks) (r.gpus > 0 && cuda_built ? with : without).push_back(r);
  if (requested == "sim") return {"sim", "", ""};
  if (requested == "cuda") {
    if (!cuda_built) return {"", "--backend cuda is not available: this binary was built without CUDA (allowed: sim)", ""};
    for (const auto& r : ranks)
      if (r.gpus > 0 && r.local_ranks > r.gpus)
        return {"", "--backend cuda: more ranks on a node than GPUs (" + std::to_string(r.local_ranks) + " ranks, " +
                        std::to_string(r.gpus) + " GPUs visible on " + r.host + "); start at most one rank per GPU",
                ""};
    return {"cuda", "", ""};
  }
  // auto
  if (without.empty()) return {"cuda", "", ""};
  const std::string fix = cuda_built ? "check the job's GPU request (--gpus-per-task, --gres) and that the CUDA driver "
                                       "is loaded there, or pass --backend sim for simulated devices"
                                     : "this autobench-mpi was built without CUDA; pass --backend sim for simulated "
                                       "devices or rebuild with AUTOBENCH_WITH_CUDA=ON";
  if (!with.empty())
    return {"", "--backend auto: " + describe_ranks(without) + " see no GPU while " + describe_ranks(with) +
                    " do; refusing to mix GPUs and simulated devices: " + fix,
            ""};
  if (under_slurm)
    return {"", "--backend auto in a SLURM job: no rank sees a GPU (" + describe_ranks(without) + "); " + fix, ""};
  return {"sim", "",
          "no GPU visible on any rank; using the sim backend (simulated devices; every result is labelled 'sim', "
          "none is a GPU measurement; pass --backend sim to choose it explicitly)"};
}

}  // namespace autobench::backend
