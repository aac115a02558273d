// A recorded sweep's tuner probes as a pool: the model tuner replayed over a synthetic sweep that probed
// every GEMM configuration at sizes a factor 1.1 apart, and the sweeps it refuses.
#include <gtest/gtest.h>

#include <cmath>
#include <fmt/format.h>

#include "kernels/tuning.hpp"
#include "suite/modeling/recorded_probes.hpp"
#include "suite/modeling/tuner_replay.hpp"

namespace ab = autobench;

namespace {

double cost(const ab::kernels::Tunables& config, std::uint64_t n) {
  const double factor = (config.at("MWG") == 64 ? 1.0 : 1.2) * (config.at("NWG") == 128 ? 1.0 : 1.1) *
                        (config.at("VWM") == 4 ? 1.0 : 1.06) * (config.at("MDIMC") == 16 ? 1.0 : 1.04);
  return std::pow(static_cast<double>(n) / 1024, 3) * 1e-5 * factor;
}

// One point per size, its probes every configuration of the space (as the tuner writes them).
std::vector<ab::results::Point> sweep(const std::vector<std::uint64_t>& sizes) {
  const auto& gemm = *ab::kernels::find("gemm");
  std::vector<ab::results::Point> points;
  for (std::uint64_t n : sizes) {
    ab::results::Point p;
    p.size = n;
    for (const auto& config : ab::kernels::tuning_space(gemm, n))
      p.tune_probes += (p.tune_probes.empty() ? "" : ";") + ab::kernels::to_string(config) + "@" + fmt::format("{}", cost(config, n));
    points.push_back(p);
  }
  return points;
}

}  // namespace

TEST(RecordedProbes, ReplaysTheTunerOverASweepOfSmallStepsAndFindsTheBest) {
  const std::vector<std::uint64_t> sizes{1024, 1152, 1280, 1408, 1664, 1920, 2176};  // as a sweep of factor 1.1 rounds them
  std::vector<ab::results::Point> points = sweep(sizes);
  points.push_back(points[3]);  // a refinement revisiting a size: skipped
  points.back().tune_probes = "MWG=64@1";
  const ab::modeling::ProbePool pool = ab::modeling::probe_pool(points);
  ASSERT_EQ(pool.names.back(), "size");
  EXPECT_EQ(pool.samples.rows.size(), sizes.size() * 216);
  for (std::size_t r = 0; r < pool.samples.rows.size(); r += 97) {  // each row's time is its probe's
    ab::kernels::Tunables config;
    for (std::size_t k = 0; k + 1 < pool.names.size(); ++k) config[pool.names[k]] = static_cast<std::int64_t>(pool.samples.rows[r][k]);
    EXPECT_DOUBLE_EQ(pool.samples.time_s[r], cost(config, static_cast<std::uint64_t>(pool.samples.rows[r].back())));
  }
  ab::modeling::TunerReplaySettings s;
  s.repeats = 3;
  const auto rows = ab::modeling::replay_tuner(pool.names, {pool.samples}, s);
  ASSERT_EQ(rows.size(), sizes.size());
  for (std::size_t i = 0; i < rows.size(); ++i) {
    EXPECT_EQ(rows[i].size, static_cast<double>(sizes[i]));
    EXPECT_EQ(rows[i].configurations, 216u);
    EXPECT_EQ(rows[i].within_2_percent, 3) << "size " << sizes[i];
    if (i >= 2) {
      EXPECT_LE(rows[i].timed_mean, 0.2 * 216) << "guided: at most a fifth timed";
    }
  }
}

TEST(RecordedProbes, RefusesSweepsThatDidNotProbeTheWholeSpaceOrAreMalformed) {
  std::vector<ab::results::Point> points = sweep({1024, 1152});
  std::vector<ab::results::Point> partial = points;
  partial[1].tune_probes = partial[1].tune_probes.substr(0, partial[1].tune_probes.rfind(';'));  // one configuration fewer
  EXPECT_THROW(ab::modeling::probe_pool(partial), std::invalid_argument);
  for (const std::string bad : {"MWG=64", "MWG=64@x", "MWG=6x4@1e-5", "MWG@1e-5", "MWG=64@0", "MWG=64@inf"}) {
    std::vector<ab::results::Point> malformed = points;
    malformed[0].tune_probes = bad;
    EXPECT_THROW(ab::modeling::probe_pool(malformed), std::invalid_argument) << bad;
  }
  EXPECT_THROW(ab::modeling::probe_pool({ab::results::Point{}}), std::invalid_argument) << "no probes";
}

TEST(RecordedProbes, ReadsTheCompiledResourcesOfEveryPointAndRefusesMalformedOnes) {
  std::vector<ab::results::Point> points = sweep({1024, 1152});
  EXPECT_TRUE(ab::modeling::probe_pool(points).resources.empty()) << "a sweep that recorded none";
  const auto& gemm = *ab::kernels::find("gemm");
  const auto space = ab::kernels::tuning_space(gemm, 1024);
  const std::string a = ab::kernels::to_string(space[0]), b = ab::kernels::to_string(space[1]);
  points[0].tune_resources = a + "@168/16384";
  points[1].tune_resources = a + "@168/16384;" + b + "@96/10240";  // a later point lists more
  const auto pool = ab::modeling::probe_pool(points);
  ASSERT_EQ(pool.resources.size(), 2u);
  EXPECT_EQ(pool.resources.at(a).registers_per_thread, 168);
  EXPECT_EQ(pool.resources.at(a).shared_bytes, 16384);
  EXPECT_EQ(pool.resources.at(b).registers_per_thread, 96);
  EXPECT_EQ(pool.resources.at(b).shared_bytes, 10240);
  for (const std::string& bad : std::vector<std::string>{a, a + "@168", a + "@x/16384", a + "@0/16384", a + "@168/-1",
                                                          a + "@168/16384x", a + "@inf/16384", a + "@168/nan", "MWG=6x4@1/2"}) {
    std::vector<ab::results::Point> malformed = points;
    malformed[1].tune_resources = bad;
    EXPECT_THROW(ab::modeling::probe_pool(malformed), std::invalid_argument) << bad;
  }
}
