// GPU health verdicts on hand-made ranks: four alike are healthy; one 10% slower is slow with its deficit
// and interval over sweeps (one per repeat, however many detectors shared it); a thermally throttled one is
// throttling with its reasons, temperature and clock; the SW power cap alone is healthy; errors are faulty;
// a lone GPU is unknown until a reference (another file, or its own earlier run by UUID) judges it; one
// sweep needs a larger deficit; sweeps without a knee count by their plateau; worst first; a profile
// database keeps each GPU's history by UUID.
#include <gtest/gtest.h>

#include <cmath>
#include <string>
#include <vector>

#include "suite/stats/compare_figures.hpp"
#include "suite/stats/gpu_health.hpp"

namespace ab = autobench;
using ab::stats::judge_gpus;
using ab::stats::Health;

namespace {

struct Gpu {
  int rank = 0;
  double speed = 1.0;              // plateau relative to the model's
  std::uint64_t reasons = 0;       // clock-event reasons on every point
  bool throttled = false;          // every point flagged throttled
  int repeats = 3;
  std::string model = "H100";
};

// A rank with kernels a and b, `repeats` sweeps each, every sweep run by two detectors (sharing its points),
// the first without a knee; plateau 100 x speed, wobbling by +-0.3% over repeats.
ab::results::RankResult rank_of(const Gpu& g) {
  ab::results::RankResult r;
  r.rank = g.rank;
  r.device.backend = "cuda";
  r.device.model = g.model;
  r.device.hostname = "node" + std::to_string(g.rank / 4);
  r.device.pci_bus_id = "00000000:0" + std::to_string(g.rank) + ":00.0";
  r.device.uuid = "GPU-" + std::to_string(g.rank);
  for (const std::string kernel : {"a", "b"})
    for (int rep = 0; rep < g.repeats; ++rep) {
      std::vector<ab::results::Point> points;
      for (int i = 0; i < 10; ++i) {
        ab::results::Point p;
        p.size = 1000u << i;
        p.throughput = 100.0 * g.speed * std::min(1.0, (i + 1) / 6.0) * (1 + 0.003 * ((rep + g.rank) % 3 - 1));
        p.clock_event_reasons = g.reasons;
        p.throttled = g.throttled;
        p.temperature_c = g.throttled ? 85.0 + i : 40.0;
        p.sm_clock_mhz = g.throttled ? 1100.0 - 10 * i : 1980.0;
        points.push_back(p);
      }
      for (const std::string detector : {"kneedle", "triangle"}) {
        ab::results::Campaign c;
        c.rank = g.rank;
        c.kernel = kernel;
        c.detector = detector;
        c.repeat = rep;
        c.metric_unit = "GB/s";
        c.points = points;
        c.knee_detected = detector == "triangle";
        c.knee_size = c.knee_detected ? 16000 : points.back().size;  // no knee: the last size, never a figure
        r.campaigns.push_back(c);
      }
    }
  return r;
}

std::vector<ab::results::RankResult> ranks_of(const std::vector<Gpu>& gpus) {
  std::vector<ab::results::RankResult> out;
  for (const auto& g : gpus) out.push_back(rank_of(g));
  return out;
}

const ab::stats::GpuVerdict& of_rank(const std::vector<ab::stats::GpuVerdict>& v, int rank) {
  for (const auto& x : v)
    if (x.rank == rank) return x;
  throw std::runtime_error("no verdict for rank " + std::to_string(rank));
}

}  // namespace

TEST(GpuHealth, AlikeGpusAreHealthy) {
  const auto v = judge_gpus(ranks_of({{0}, {1}, {2}, {3}}));
  ASSERT_EQ(v.size(), 4u);
  for (const auto& x : v) {
    EXPECT_EQ(x.verdict, Health::healthy) << x.summary;
    ASSERT_EQ(x.deficits.size(), 2u);
    EXPECT_LT(std::abs(x.deficits[0].deficit), 0.01);
    EXPECT_EQ(x.reference, "median of 3 same-model GPUs of this run");
    EXPECT_EQ(x.points, 60u) << "each sweep's points once, not once per detector";
  }
}

TEST(GpuHealth, ASlowerGpuIsSlowWithItsDeficitAndInterval) {
  const auto v = judge_gpus(ranks_of({{0}, {1}, {2, 0.9}, {3}}));
  EXPECT_EQ(v.front().rank, 2) << "worst first";
  EXPECT_EQ(v.front().verdict, Health::slow) << v.front().summary;
  for (const auto& d : v.front().deficits) {
    EXPECT_NEAR(d.deficit, 0.10, 0.01);
    EXPECT_EQ(d.sweeps, 3) << "one value per sweep, not per detector";
    EXPECT_LT(d.low, d.deficit);
    EXPECT_GT(d.high, d.deficit);
    EXPECT_GT(d.low, 0.05);
    EXPECT_TRUE(d.short_of);
  }
  EXPECT_EQ(v.front().summary.rfind("2 of 2 kernels slower: a -", 0), 0u) << v.front().summary;
  for (int r : {0, 1, 3}) EXPECT_EQ(of_rank(v, r).verdict, Health::healthy) << of_rank(v, r).summary;
}

TEST(GpuHealth, ASmallDeficitOnEveryKernelIsSlowAndOnOneKernelIsNot) {
  EXPECT_EQ(of_rank(judge_gpus(ranks_of({{0}, {1}, {2, 0.95}, {3}})), 2).verdict, Health::slow);
  EXPECT_EQ(of_rank(judge_gpus(ranks_of({{0}, {1}, {2, 0.98}, {3}})), 2).verdict, Health::healthy);
  auto ranks = ranks_of({{0}, {1}, {2}, {3}});
  for (auto& c : ranks[2].campaigns)
    if (c.kernel == "a")
      for (auto& p : c.points) p.throughput *= 0.95;
  const auto& two = of_rank(judge_gpus(ranks), 2);
  EXPECT_EQ(two.verdict, Health::slow) << "half of the kernels short: " << two.summary;
  ranks = ranks_of({{0}, {1}, {2}, {3}});
  for (auto& c : ranks[2].campaigns)
    if (c.kernel == "a")
      for (auto& p : c.points) p.throughput *= 0.85;
  EXPECT_EQ(of_rank(judge_gpus(ranks), 2).verdict, Health::slow) << "one kernel 15% short";
}

TEST(GpuHealth, AThermallyThrottledGpuIsThrottlingWithItsEvidence) {
  const auto v = judge_gpus(ranks_of({{0}, {1}, {2}, {3, 0.6, 0x20 | 0x40, true}}));
  const auto& hot = v.front();
  EXPECT_EQ(hot.rank, 3);
  EXPECT_EQ(hot.verdict, Health::throttling);
  EXPECT_DOUBLE_EQ(hot.throttled_share, 1.0);
  EXPECT_EQ(hot.throttle_reasons, (std::vector<std::string>{"sw_thermal_slowdown", "hw_thermal_slowdown"}));
  EXPECT_DOUBLE_EQ(hot.temperature_median_c, 89.5);
  EXPECT_DOUBLE_EQ(hot.temperature_max_c, 94.0);
  EXPECT_DOUBLE_EQ(hot.sm_clock_median_mhz, 1055.0);
  EXPECT_DOUBLE_EQ(hot.sm_clock_min_mhz, 1010.0);
  EXPECT_EQ(hot.summary.rfind("100% of points throttled (sw_thermal_slowdown+hw_thermal_slowdown), 90 C, a -40", 0), 0u)
      << hot.summary;
  EXPECT_EQ(hot.host, "node0");
  EXPECT_EQ(hot.pci_bus, "00000000:03:00.0");
  EXPECT_EQ(hot.uuid, "GPU-3");
  // A whole node that runs hot is throttling without any GPU to compare with.
  for (const auto& x : judge_gpus(ranks_of({{0, 1, 0x20, true}, {1, 1, 0x20, true}})))
    EXPECT_EQ(x.verdict, Health::throttling);
}

TEST(GpuHealth, ThePowerCapAloneIsHealthyButExplainsASlowGpu) {
  for (const auto& x : judge_gpus(ranks_of({{0, 1, 0x4, true}, {1, 1, 0x4, true}, {2, 1, 0x4, true}})))
    EXPECT_EQ(x.verdict, Health::healthy) << "at the power limit by design: " << x.summary;
  const auto v = judge_gpus(ranks_of({{0}, {1}, {2, 0.8, 0x4, true}}));
  EXPECT_EQ(v.front().verdict, Health::throttling) << v.front().summary;
  EXPECT_EQ(v.front().throttle_reasons, std::vector<std::string>{"sw_power_cap"});
}

TEST(GpuHealth, ErrorsAreFaulty) {
  auto ranks = ranks_of({{0}, {1}, {2}, {3}});
  ranks[1].error = "device lost: Xid 79";
  ranks[2].campaigns[3].stop_reason = ab::results::StopReason::error;
  ranks[2].campaigns[3].error = "verification failed at size 4096";
  ranks[3] = {};
  ranks[3].rank = 3;
  ranks[3].start_error = "cudaSetDevice: no CUDA-capable device";
  const auto v = judge_gpus(ranks);
  EXPECT_EQ(of_rank(v, 1).verdict, Health::faulty);
  EXPECT_EQ(of_rank(v, 1).summary, "device lost: Xid 79");
  EXPECT_EQ(of_rank(v, 2).verdict, Health::faulty);
  EXPECT_EQ(of_rank(v, 2).errors, std::vector<std::string>{"a repeat 1: verification failed at size 4096"});
  EXPECT_EQ(of_rank(v, 3).verdict, Health::faulty);
  EXPECT_EQ(of_rank(v, 0).verdict, Health::healthy);
  EXPECT_EQ(v.back().rank, 0);
}

TEST(GpuHealth, ALoneGpuIsUnknownUntilAReferenceJudgesIt) {
  const auto lone = judge_gpus(ranks_of({{0, 0.8}}));
  EXPECT_EQ(lone.front().verdict, Health::unknown);
  EXPECT_TRUE(lone.front().reference.empty());
  // Another model's GPUs are no reference.
  EXPECT_EQ(of_rank(judge_gpus(ranks_of({{0, 0.8}, {1, 1, 0, false, 3, "A100"}})), 0).verdict, Health::unknown);
  // A reference file with other GPUs of the model.
  const auto reference = ab::stats::health_reference(ranks_of({{4}, {5}, {6}}), "reference old.h5");
  const auto judged = judge_gpus(ranks_of({{0, 0.8}}), {}, &reference);
  EXPECT_EQ(judged.front().verdict, Health::slow);
  EXPECT_EQ(judged.front().reference, "reference old.h5");
  EXPECT_NEAR(judged.front().deficits[0].deficit, 0.2, 0.01);
  // The same GPU (UUID) in an earlier file: its own history comes first.
  const auto history = ab::stats::health_reference(ranks_of({{0, 0.9}, {1}}), "reference last-week.h5");
  const auto changed = judge_gpus(ranks_of({{0, 0.85}}), {}, &history);
  EXPECT_EQ(changed.front().reference, "this GPU's earlier runs (reference last-week.h5)");
  EXPECT_NEAR(changed.front().deficits[0].deficit, 1 - 0.85 / 0.9, 0.01);
  EXPECT_EQ(changed.front().verdict, Health::slow) << "5.6% below its own earlier plateau";
}

TEST(GpuHealth, OneSweepNeedsALargerDeficit) {
  auto v = judge_gpus(ranks_of({{0, 1, 0, false, 1}, {1, 1, 0, false, 1}, {2, 0.9, 0, false, 1}}));
  EXPECT_EQ(of_rank(v, 2).verdict, Health::healthy) << of_rank(v, 2).summary;
  EXPECT_TRUE(std::isnan(of_rank(v, 2).deficits[0].low)) << "no interval from one sweep";
  v = judge_gpus(ranks_of({{0, 1, 0, false, 1}, {1, 1, 0, false, 1}, {2, 0.75, 0, false, 1}}));
  EXPECT_EQ(of_rank(v, 2).verdict, Health::slow);
}

TEST(GpuHealth, TheGateNamesEveryGpuAtLeastThatBad) {
  const auto v = judge_gpus(ranks_of({{0}, {1, 0.8}, {2, 0.6, 0x20, true}, {3}}));
  std::vector<int> named;
  EXPECT_TRUE(ab::stats::any_at_least(v, Health::slow, &named));
  EXPECT_EQ(named, (std::vector<int>{2, 1}));
  EXPECT_TRUE(ab::stats::any_at_least(v, Health::throttling));
  EXPECT_FALSE(ab::stats::any_at_least(v, Health::faulty));
}

TEST(GpuHealth, AProfileDatabaseKeepsEachGpusHistoryByUuid) {
  ab::stats::ProfileDb db;
  ab::stats::add_source(db, {"/runs/a.h5", "2026-11-20T10:00:00Z", "cuda", "abc",
                             ab::stats::campaign_figures(ranks_of({{0, 0.9}, {1}}))});
  const auto reference = ab::stats::health_reference(db, "device profiles db.json");
  const auto changed = judge_gpus(ranks_of({{0, 0.85}}), {}, &reference);
  EXPECT_EQ(changed.front().reference, "this GPU's earlier runs (device profiles db.json)");
  EXPECT_NEAR(changed.front().deficits[0].deficit, 1 - 0.85 / 0.9, 0.01);
  EXPECT_EQ(changed.front().verdict, Health::slow);
  EXPECT_EQ(judge_gpus(ranks_of({{0, 0.89}}), {}, &reference).front().verdict, Health::healthy) << "1% since";
  // A GPU the database has not seen is judged against its model.
  const auto stranger = judge_gpus(ranks_of({{7, 0.8}}), {}, &reference);
  EXPECT_EQ(stranger.front().reference, "device profiles db.json");
  EXPECT_NEAR(stranger.front().deficits[0].deficit, 1 - 0.8 / 0.95, 0.01) << "median of the GPUs' medians";
}
