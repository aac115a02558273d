// The issue-13 stability goals on the sim models with their seeded noise and the default settings (the
// detectors on a spline of the curve): over 5 repeats, vecadd's knee index within ±1 of the mode in at least
// 4 and knee-size CV at most 5%; gemm at one index in all 5. Asserted for kneedle, triangle and `fitted`.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <map>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "suite/autoscale/sweep.hpp"
#include "suite/backend/sim/sim_device.hpp"

namespace ab = autobench;

namespace {

struct Repeats {
  std::vector<std::int64_t> index;
  std::vector<double> size;
};

// One device, 5 repeats of one shared sweep feeding the detectors, seeds as a run gives them
// (settings.seed + repeat); no intervals (not what this test is about, and they cost time).
const std::vector<std::string> kDetectors = {"fitted", "kneedle", "triangle"};

std::map<std::string, Repeats> knees(const char* model, const char* kernel) {
  ab::backend::sim::SimDevice dev(*ab::backend::sim::find_model(model), {7, 0, "testhost", 0});
  std::map<std::string, Repeats> out;
  for (int repeat = 0; repeat < 5; ++repeat) {
    ab::autoscale::AutoscaleSettings s;
    s.seed += static_cast<std::uint64_t>(repeat);
    s.bootstrap = 0;
    for (const auto& c : ab::autoscale::run_sweep(dev, *ab::kernels::find(kernel), kDetectors, s)) {
      EXPECT_TRUE(c.knee_detected) << model << " " << kernel << " " << c.detector;
      out[c.detector].index.push_back(c.knee_index);
      out[c.detector].size.push_back(static_cast<double>(c.knee_size));
    }
  }
  return out;
}

int within1_of_mode(const std::vector<std::int64_t>& v) {
  int best = 0;
  for (auto m : v) best = std::max(best, static_cast<int>(std::count_if(v.begin(), v.end(), [&](auto k) {
                                     return std::abs(k - m) <= 1;
                                   })));
  return best;
}

double cv(const std::vector<double>& v) {
  double mean = 0.0, ss = 0.0;
  for (double x : v) mean += x / static_cast<double>(v.size());
  for (double x : v) ss += (x - mean) * (x - mean);
  return std::sqrt(ss / static_cast<double>(v.size())) / mean;
}

TEST(SimStability, DefaultSettingsMeetTheKneeStabilityGoalsOnBothAdaModels) {
  for (const char* model : {"RTX 4000 Ada", "RTX 5000 Ada"}) {
    for (const auto& [detector, r] : knees(model, "vecadd")) {
      std::printf("%s vecadd %-8s indices", model, detector.c_str());
      for (auto k : r.index) std::printf(" %lld", static_cast<long long>(k));
      std::printf("  size cv %.3f\n", cv(r.size));
      EXPECT_GE(within1_of_mode(r.index), 4) << model << " vecadd " << detector;
      EXPECT_LE(cv(r.size), 0.05) << model << " vecadd " << detector;
    }
    for (const auto& [detector, r] : knees(model, "gemm")) {
      std::printf("%s gemm   %-8s indices", model, detector.c_str());
      for (auto k : r.index) std::printf(" %lld", static_cast<long long>(k));
      std::printf("\n");
      EXPECT_TRUE(std::all_of(r.index.begin(), r.index.end(), [&](auto k) { return k == r.index.front(); }))
          << model << " gemm " << detector;
    }
  }
}

}  // namespace
