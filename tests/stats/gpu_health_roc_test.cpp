// The sensitivity of GPU health on the sim backend, in process (no MPI): runs of 4 H100 SXM sim ranks (vecadd
// and fp32, one detector, 3 repeats) over 20 seeds. Healthy runs flag at most 1% of their GPUs; runs with
// AUTOBENCH_SIM_FAULT=4:slow:0.9,5:slow:0.95,6:hot beside 4 healthy ranks flag the -10% GPU in >= 95% of
// the seeds and the -5% one in >= 80%, every hot GPU is throttling, and their healthy GPUs stay healthy.
// The rates it measured are printed (docs/health.md quotes them).
#include <gtest/gtest.h>

#include <cstdlib>
#include <cstdio>
#include <string>
#include <vector>

#include "suite/backend/factory.hpp"
#include "suite/campaign/plan.hpp"
#include "suite/campaign/rank_campaigns.hpp"
#include "suite/stats/gpu_health.hpp"

namespace ab = autobench;
using ab::stats::Health;

namespace {

constexpr int kSeeds = 20;

// One run of `ranks` sim ranks with `fault` in the environment, judged.
std::vector<ab::stats::GpuVerdict> judged_run(int ranks, std::uint64_t seed, const std::string& fault) {
  setenv("AUTOBENCH_SIM_FAULT", fault.c_str(), 1);
  ab::campaign::RunSettings settings;
  settings.kernels = {"vecadd", "fp32"};
  settings.detectors = {"triangle"};
  settings.repeats = 3;
  settings.backend = "sim";
  settings.sim_device = "H100 SXM";
  settings.autoscale.seed = seed;
  const auto plan = ab::campaign::make_plan(settings);
  std::vector<ab::results::RankResult> results;
  for (int r = 0; r < ranks; ++r) {
    auto device = ab::backend::open_device({"sim", settings.sim_device, r, r, ranks, seed, "node0", 0, 1});
    ab::results::RankResult rank;
    rank.rank = r;
    rank.device = device->info();
    rank.campaigns = ab::campaign::run_rank(*device, plan, settings, r);
    results.push_back(std::move(rank));
  }
  unsetenv("AUTOBENCH_SIM_FAULT");
  return ab::stats::judge_gpus(results);
}

Health verdict_of(const std::vector<ab::stats::GpuVerdict>& v, int rank) {
  for (const auto& x : v)
    if (x.rank == rank) return x.verdict;
  return Health::unknown;
}

}  // namespace

TEST(GpuHealthRoc, FalseAndTruePositiveRatesOverSeeds) {
  int healthy = 0, flagged = 0, ten = 0, five = 0, hot = 0;
  double worst_healthy = -1;
  for (int s = 1; s <= kSeeds; ++s) {
    for (const auto& v : judged_run(4, static_cast<std::uint64_t>(s), "")) {
      ++healthy;
      flagged += v.verdict != Health::healthy;
      for (const auto& d : v.deficits) worst_healthy = std::max(worst_healthy, d.deficit);
    }
    const auto faulty = judged_run(7, static_cast<std::uint64_t>(s), "4:slow:0.9,5:slow:0.95,6:hot");
    for (int r = 0; r < 4; ++r) {
      ++healthy;
      flagged += verdict_of(faulty, r) != Health::healthy;
    }
    ten += verdict_of(faulty, 4) == Health::slow;
    five += verdict_of(faulty, 5) == Health::slow;
    hot += verdict_of(faulty, 6) == Health::throttling;
  }
  std::printf("healthy GPUs flagged: %d of %d (largest healthy deficit %.4f); -10%%: %d of %d slow; -5%%: %d of %d "
              "slow; hot: %d of %d throttling\n",
              flagged, healthy, worst_healthy, ten, kSeeds, five, kSeeds, hot, kSeeds);
  EXPECT_LE(flagged, healthy / 100) << "at most 1% of healthy GPUs flagged";
  EXPECT_GE(ten, kSeeds * 95 / 100);
  EXPECT_GE(five, kSeeds * 80 / 100);
  EXPECT_EQ(hot, kSeeds);
}
