// The backend rule: auto never mixes GPUs and simulated devices, never ends on sim in a SLURM job, and
// names the ranks and hosts that see no GPU; cuda refuses more ranks on a node than its GPUs.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "suite/backend/backend_choice.hpp"

using autobench::backend::choose_backend;
using autobench::backend::describe_ranks;
using autobench::backend::RankView;

namespace {

std::vector<RankView> ranks_seeing(const std::vector<int>& gpus) {
  std::vector<RankView> out;
  for (std::size_t r = 0; r < gpus.size(); ++r)
    out.push_back({static_cast<int>(r), "node" + std::to_string(r + 1), gpus[r], 1});
  return out;
}

}  // namespace

TEST(BackendChoice, AutoUsesCudaWhenEveryRankSeesAGpu) {
  const auto c = choose_backend("auto", ranks_seeing({1, 1, 1, 1}), true, true);
  EXPECT_EQ(c.backend, "cuda");
  EXPECT_EQ(c.problem, "");
  EXPECT_EQ(c.notice, "");
}

TEST(BackendChoice, AutoRefusesMixedGpusAndNamesTheRanksWithout) {
  for (const bool slurm : {false, true}) {
    const auto c = choose_backend("auto", ranks_seeing({1, 0, 1, 0}), slurm, true);
    EXPECT_EQ(c.backend, "");
    EXPECT_NE(c.problem.find("ranks 1, 3 (hosts node2, node4) see no GPU"), std::string::npos) << c.problem;
    EXPECT_NE(c.problem.find("ranks 0, 2 (hosts node1, node3) do"), std::string::npos) << c.problem;
    EXPECT_NE(c.problem.find("--backend sim"), std::string::npos) << c.problem;
  }
}

TEST(BackendChoice, AutoInSlurmWithoutGpusRefuses) {
  const auto c = choose_backend("auto", ranks_seeing({0, 0}), true, true);
  EXPECT_EQ(c.backend, "");
  EXPECT_NE(c.problem.find("SLURM"), std::string::npos) << c.problem;
  EXPECT_NE(c.problem.find("ranks 0, 1 (hosts node1, node2)"), std::string::npos) << c.problem;
}

TEST(BackendChoice, AutoOutsideSlurmWithoutGpusUsesSimAndSaysSo) {
  for (const bool cuda_built : {false, true}) {
    const auto c = choose_backend("auto", ranks_seeing({0, 0, 0}), false, cuda_built);
    EXPECT_EQ(c.backend, "sim");
    EXPECT_EQ(c.problem, "");
    EXPECT_NE(c.notice.find("sim backend"), std::string::npos);
  }
}

TEST(BackendChoice, AutoWithoutCudaBuiltInTreatsEveryRankAsGpuLess) {
  const auto c = choose_backend("auto", ranks_seeing({1, 1}), true, false);
  EXPECT_EQ(c.backend, "");
  EXPECT_NE(c.problem.find("built without CUDA"), std::string::npos) << c.problem;
}

TEST(BackendChoice, SimIsAlwaysAllowedWhenAskedFor) {
  EXPECT_EQ(choose_backend("sim", ranks_seeing({1, 0}), true, true).backend, "sim");
  EXPECT_EQ(choose_backend("sim", ranks_seeing({0}), true, false).backend, "sim");
}

TEST(BackendChoice, CudaRefusesMoreRanksOnANodeThanGpus) {
  std::vector<RankView> ranks = {{0, "a", 2, 4}, {1, "a", 2, 4}, {2, "a", 2, 4}, {3, "a", 2, 4}};
  const auto c = choose_backend("cuda", ranks, false, true);
  EXPECT_EQ(c.backend, "");
  EXPECT_NE(c.problem.find("4 ranks, 2 GPUs visible on a"), std::string::npos) << c.problem;
  EXPECT_EQ(choose_backend("cuda", ranks_seeing({1, 1}), false, true).backend, "cuda");
  EXPECT_NE(choose_backend("cuda", ranks_seeing({1}), false, false).problem.find("without CUDA"), std::string::npos);
}

TEST(BackendChoice, LongRankListsAreCut) {
  std::vector<RankView> many;
  for (int r = 0; r < 20; ++r) many.push_back({r, "h", 0, 20});
  EXPECT_EQ(describe_ranks(many, 3), "ranks 0, 1, 2 and 17 more (host h)");
  EXPECT_EQ(describe_ranks({{5, "x", 0, 1}}), "rank 5 (host x)");
}
