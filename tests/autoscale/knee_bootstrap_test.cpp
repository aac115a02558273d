// Knee intervals from the bootstrap over launch times: on curves with a known knee and seeded launch
// noise, the 95% interval covers the knee in at least 90% of the trials (on the points and on the default
// spline), it narrows as noise falls, and a run's intervals rerun its detector with the run's smoothing.
#include <cmath>
#include <cstdint>
#include <random>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "detect/detector.hpp"
#include "suite/autoscale/knee_bootstrap.hpp"
#include "suite/autoscale/sweep.hpp"
#include "suite/backend/sim/sim_device.hpp"

namespace ab = autobench;

namespace {

const ab::kernels::KernelSpec& vecadd() { return *ab::kernels::find("vecadd"); }

// The latency-bandwidth time of a vecadd launch: 5 us of latency, 500 GB/s.
double true_time_s(std::uint64_t n) { return 5e-6 + vecadd().work(n) / 500e9; }

std::vector<std::uint64_t> sizes(std::size_t count) {
  std::vector<std::uint64_t> out;
  for (std::size_t k = 0; k < count; ++k) out.push_back(static_cast<std::uint64_t>(std::round(4096.0 * std::pow(1.1, k))));
  return out;
}

// Points of one sweep: `launches` launch times per size with multiplicative Gaussian noise `cv`, and the
// throughput of their mean.
std::vector<ab::results::Point> measured(double cv, int launches, std::uint32_t seed) {
  std::mt19937_64 rng(seed);
  std::normal_distribution<double> noise(0.0, cv);
  std::vector<ab::results::Point> points;
  for (auto n : sizes(90)) {
    ab::results::Point p;
    p.size = n;
    std::vector<double> t;
    for (int i = 0; i < launches; ++i) t.push_back(true_time_s(n) * (1.0 + noise(rng)));
    p.launch_times_s.assign(t.begin(), t.end());
    p.throughput = vecadd().throughput(n, ab::autoscale::estimate(t, ab::autoscale::Estimator::mean));
    points.push_back(p);
  }
  return points;
}

ab::detect::Curve clean_curve() {
  ab::detect::Curve c;
  for (auto n : sizes(90)) {
    c.x.push_back(static_cast<double>(n));
    c.y.push_back(vecadd().throughput(n, true_time_s(n)));
  }
  return c;
}

struct Coverage {
  int covered = 0, trials = 0;
  double width = 0.0;  // mean high / low
};

Coverage coverage(const std::string& detector, const ab::detect::Params& params, double cv, int trials) {
  const auto d = ab::detect::make(detector, params);
  const auto truth = d->find(clean_curve()).index;
  EXPECT_TRUE(truth.has_value()) << detector;
  const double knee = clean_curve().x[truth.value_or(0)];
  Coverage out;
  for (int seed = 1; seed <= trials; ++seed) {
    const auto interval = ab::autoscale::bootstrap_knee(
        measured(cv, 32, static_cast<std::uint32_t>(seed)), vecadd(), ab::autoscale::Estimator::mean, 100,
        static_cast<std::uint64_t>(seed), [&](const ab::detect::Curve& c) { return d->find(c).index; });
    ++out.trials;
    out.covered += interval.low <= knee && knee <= interval.high;
    out.width += interval.high / interval.low / trials;
  }
  return out;
}

TEST(KneeBootstrap, TheIntervalCoversTheKneeInAtLeast90PercentOfSeededTrials) {
  ab::detect::Params offline;
  offline.chosen["kneedle.online"] = "false";
  const ab::detect::Params spline = ab::autoscale::AutoscaleSettings{}.detector_params;  // a run's default
  for (const auto& [name, params] : {std::pair<std::string, ab::detect::Params>{"triangle", {}},
                                     {"kneedle", offline}, {"fitted", {}}, {"triangle", spline},
                                     {"kneedle", spline}}) {
    const Coverage c = coverage(name, params, 0.05, 30);
    std::printf("%-8s %-6s covered %d of %d, mean high/low %.2f\n", name.c_str(),
                ab::detect::kSmoothingNames.name(params.smoothing), c.covered, c.trials, c.width);
    EXPECT_GE(c.covered, 27) << name;  // 90% of 30
    EXPECT_LT(c.width, 4.0) << name;   // a 95% interval within 2x of the knee on either side
  }
}

TEST(KneeBootstrap, IsSeededAndNarrowsAsTheNoiseFalls) {
  const auto d = ab::detect::make("triangle");
  auto locate = [&](const ab::detect::Curve& c) { return d->find(c).index; };
  const auto points = measured(0.05, 32, 3);
  const auto a = ab::autoscale::bootstrap_knee(points, vecadd(), ab::autoscale::Estimator::mean, 50, 9, locate);
  const auto b = ab::autoscale::bootstrap_knee(points, vecadd(), ab::autoscale::Estimator::mean, 50, 9, locate);
  EXPECT_EQ(a.low, b.low);
  EXPECT_EQ(a.high, b.high);
  const auto quiet = ab::autoscale::bootstrap_knee(measured(0.005, 32, 3), vecadd(), ab::autoscale::Estimator::mean,
                                                   50, 9, locate);
  EXPECT_LT(quiet.high / quiet.low, a.high / a.low);
  EXPECT_DOUBLE_EQ(quiet.found, 1.0);
}

// A run's interval is bootstrap_knee over the sweep points its detector saw when the knee counted, with
// that detector as the run made it: on the default spline, not on the points.
TEST(KneeBootstrap, ARunsIntervalRerunsItsDetectorWithTheRunsSmoothing) {
  ab::backend::sim::SimDevice dev(*ab::backend::sim::find_model("RTX 4000 Ada"), {7, 0, "testhost", 0});
  ab::autoscale::AutoscaleSettings s;
  s.bootstrap = 40;
  ASSERT_EQ(s.detector_params.smoothing, ab::detect::Smoothing::spline);
  const std::vector<std::string> detectors = {"kneedle", "triangle"};
  const auto campaigns = ab::autoscale::run_sweep(dev, vecadd(), detectors, s);
  ASSERT_EQ(campaigns.size(), detectors.size());
  for (std::size_t i = 0; i < campaigns.size(); ++i) {
    const auto& c = campaigns[i];
    ASSERT_TRUE(c.knee_detected) << c.detector;
    ASSERT_EQ(c.stop_reason, ab::results::StopReason::knee) << c.detector;
    const std::vector<ab::results::Point> seen(c.points.begin(), c.points.end() - static_cast<std::ptrdiff_t>(s.post_knee));
    for (const auto smoothing : {ab::detect::Smoothing::spline, ab::detect::Smoothing::none}) {
      ab::detect::Params p = s.detector_params;
      p.smoothing = smoothing;
      const auto d = ab::detect::make(c.detector, p);
      const auto again = ab::autoscale::bootstrap_knee(seen, vecadd(), s.estimator, s.bootstrap, s.seed + i,
                                                       [&](const ab::detect::Curve& curve) { return d->find(curve).index; });
      if (smoothing == ab::detect::Smoothing::spline) {
        EXPECT_EQ(again.low, c.knee_low_size) << c.detector;
        EXPECT_EQ(again.high, c.knee_high_size) << c.detector;
      } else {  // on the points the sim's knee lies 4 indices earlier: another interval
        EXPECT_NE(std::pair(again.low, again.high), std::pair(c.knee_low_size, c.knee_high_size)) << c.detector;
      }
    }
    const auto knee = static_cast<double>(c.knee_size);
    EXPECT_LE(c.knee_low_size, knee) << c.detector;
    EXPECT_GE(c.knee_high_size, knee) << c.detector;
  }
}

TEST(Estimate, MeanMedianAndMin) {
  const std::vector<double> t = {3.0, 1.0, 2.0, 10.0};
  EXPECT_DOUBLE_EQ(ab::autoscale::estimate(t, ab::autoscale::Estimator::mean), 4.0);
  EXPECT_DOUBLE_EQ(ab::autoscale::estimate(t, ab::autoscale::Estimator::median), 2.5);
  EXPECT_DOUBLE_EQ(ab::autoscale::estimate(t, ab::autoscale::Estimator::min), 1.0);
  EXPECT_TRUE(std::isnan(ab::autoscale::estimate({}, ab::autoscale::Estimator::mean)));
}

}  // namespace
