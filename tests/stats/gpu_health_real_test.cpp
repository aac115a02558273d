// GPU health on real 4 x H100 sweeps (tests/data/README.md): the healthy full suite is healthy on every GPU
// with every deficit within 1.5%; with GPU 3 slowed 5-10% by a memory-streaming neighbour, rank 3 is slow on
// every kernel and ranks 0-2 are healthy; and against the healthy file as reference, rank 3 is judged by its
// own earlier run (same UUID) and is still the only slow GPU.
#include <gtest/gtest.h>

#include <cmath>
#include <fstream>
#include <map>
#include <sstream>
#include <string>

#include "suite/stats/gpu_health.hpp"

namespace ab = autobench;
using ab::stats::Health;

namespace {

// The ranks of a tests/data/*_telemetry.csv: one campaign per sweep (detector triangle), its points.
std::vector<ab::results::RankResult> ranks_of(const std::string& name) {
  std::ifstream in(std::string(AUTOBENCH_SOURCE_DIR) + "/tests/data/" + name);
  EXPECT_TRUE(in) << name;
  std::string model, line;
  std::map<int, ab::results::RankResult> ranks;
  std::map<std::pair<int, std::pair<std::string, int>>, ab::results::Campaign> sweeps;
  while (std::getline(in, line)) {
    if (line.rfind("# model=", 0) == 0) {
      model = line.substr(8);
    } else if (line.rfind("# rank", 0) == 0) {
      const auto eq = line.find('=');
      const int r = std::stoi(line.substr(6, eq - 6));
      ranks[r].rank = r;
      auto& d = ranks[r].device;
      d.backend = "cuda";
      d.name = d.model = model;
      d.uuid = line.substr(eq + 1);
      d.pci_bus_id = "0000:00:0" + std::to_string(6 + r) + ".0";
      d.hostname = "vm";
    } else if (!line.empty() && std::isdigit(static_cast<unsigned char>(line[0]))) {
      std::istringstream row(line);
      std::string f[9];
      for (auto& cell : f) std::getline(row, cell, ',');
      const int rank = std::stoi(f[0]), repeat = std::stoi(f[2]);
      auto& c = sweeps[{rank, {f[1], repeat}}];
      c.rank = rank;
      c.kernel = f[1];
      c.repeat = repeat;
      c.detector = "triangle";
      c.metric_unit = "-";
      ab::results::Point p;
      p.size = std::stoull(f[3]);
      p.throughput = std::stod(f[4]);
      p.clock_event_reasons = std::stoull(f[5]);
      p.throttled = f[6] == "1";
      p.temperature_c = std::stod(f[7]);
      p.sm_clock_mhz = std::stod(f[8]);
      c.points.push_back(p);
    }
  }
  for (auto& [key, c] : sweeps) ranks[key.first].campaigns.push_back(std::move(c));
  std::vector<ab::results::RankResult> out;
  for (auto& [r, rank] : ranks) out.push_back(std::move(rank));
  return out;
}

const ab::stats::GpuVerdict& of_rank(const std::vector<ab::stats::GpuVerdict>& v, int rank) {
  for (const auto& x : v)
    if (x.rank == rank) return x;
  throw std::runtime_error("no rank " + std::to_string(rank));
}

}  // namespace

TEST(GpuHealthReal, HealthyH100sAreHealthyWithin1Percent) {
  const auto ranks = ranks_of("h100x4_healthy_telemetry.csv");
  ASSERT_EQ(ranks.size(), 4u);
  for (const auto& v : ab::stats::judge_gpus(ranks)) {
    EXPECT_EQ(v.verdict, Health::healthy) << v.rank << ": " << v.summary;
    EXPECT_EQ(v.deficits.size(), 10u);
    for (const auto& d : v.deficits) {
      EXPECT_LT(std::abs(d.deficit), 0.015) << v.rank << " " << d.kernel;  // measured: at most 1.05%
      EXPECT_EQ(d.sweeps, 5);
    }
    EXPECT_EQ(v.throttle_reasons, std::vector<std::string>{"sw_power_cap"}) << "gemm at its power limit";
    EXPECT_LT(v.temperature_max_c, 80);
  }
}

TEST(GpuHealthReal, AGpuSlowedByAMemoryStreamingNeighbourIsTheOnlySlowOne) {
  const auto ranks = ranks_of("h100x4_slowed_gpu3_telemetry.csv");
  const auto v = ab::stats::judge_gpus(ranks);
  const auto& three = v.front();
  EXPECT_EQ(three.rank, 3);
  EXPECT_EQ(three.verdict, Health::slow) << three.summary;
  for (const auto& d : three.deficits) {
    EXPECT_GT(d.deficit, 0.05) << d.kernel;
    EXPECT_LT(d.deficit, 0.12) << d.kernel;
    EXPECT_TRUE(d.short_of) << d.kernel;
  }
  for (int r : {0, 1, 2}) EXPECT_EQ(of_rank(v, r).verdict, Health::healthy) << of_rank(v, r).summary;

  const auto reference = ab::stats::health_reference(ranks_of("h100x4_healthy_telemetry.csv"), "reference healthy.h5");
  const auto judged = ab::stats::judge_gpus(ranks, {}, &reference);
  EXPECT_EQ(judged.front().rank, 3);
  EXPECT_EQ(judged.front().verdict, Health::slow);
  EXPECT_EQ(judged.front().reference, "this GPU's earlier runs (reference healthy.h5)");
  for (int r : {0, 1, 2}) EXPECT_EQ(of_rank(judged, r).verdict, Health::healthy) << of_rank(judged, r).summary;
}
