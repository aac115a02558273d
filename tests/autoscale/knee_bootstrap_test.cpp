// Knee intervals from the bootstrap over launch times: on curves with a known knee and seeded launch
// noise, the 95% interval covers the knee in at least 90% of the trials, and it narrows as noise falls.
#include <cmath>
#include <cstdint>
#include <random>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "detect/detector.hpp"
#include "suite/autoscale/knee_bootstrap.hpp"

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
  offline.online = false;
  for (const auto& [name, params] : {std::pair<std::string, ab::detect::Params>{"triangle", {}},
                                     {"kneedle", offline}, {"fitted", {}}}) {
    const Coverage c = coverage(name, params, 0.05, 30);
    std::printf("%-8s covered %d of %d, mean high/low %.2f\n", name.c_str(), c.covered, c.trials, c.width);
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

TEST(Estimate, MeanMedianAndMin) {
  const std::vector<double> t = {3.0, 1.0, 2.0, 10.0};
  EXPECT_DOUBLE_EQ(ab::autoscale::estimate(t, ab::autoscale::Estimator::mean), 4.0);
  EXPECT_DOUBLE_EQ(ab::autoscale::estimate(t, ab::autoscale::Estimator::median), 2.5);
  EXPECT_DOUBLE_EQ(ab::autoscale::estimate(t, ab::autoscale::Estimator::min), 1.0);
  EXPECT_TRUE(std::isnan(ab::autoscale::estimate({}, ab::autoscale::Estimator::mean)));
}

}  // namespace
