// Knee refinement and the adaptive sweep on the sim backend, against the thesis's fixed 1.1 sweep.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "numerics/statistics.hpp"
#include "suite/autoscale/sweep.hpp"
#include "suite/backend/sim/sim_device.hpp"

namespace ab = autobench;
using ab::autoscale::AutoscaleSettings;
using ab::autoscale::SweepMode;
using ab::backend::sim::SimDevice;
using ab::backend::sim::SimOptions;

namespace {

const ab::kernels::KernelSpec& kernel(const char* name) { return *ab::kernels::find(name); }

SimDevice device(const char* model, std::uint64_t seed = 7, double noise_cv = -1) {
  auto m = *ab::backend::sim::find_model(model);
  if (noise_cv >= 0) m.noise_cv = noise_cv;
  return SimDevice(m, SimOptions{seed, 0, "testhost", 0});
}

ab::results::Campaign sweep(const char* model, const char* k, const char* detector, const AutoscaleSettings& s,
                            std::uint64_t seed = 7, double noise_cv = -1) {
  auto dev = device(model, seed, noise_cv);
  return ab::autoscale::run_sweep(dev, kernel(k), {detector}, s).at(0);
}

AutoscaleSettings adaptive(double precision = 0.05) {
  AutoscaleSettings s;
  s.sweep = SweepMode::adaptive;
  s.refine_precision = precision;
  return s;
}

std::size_t coarse_points(const ab::results::Campaign& c) {
  std::size_t n = 0;
  for (const auto& p : c.points) n += p.refinement ? 0 : 1;
  return n;
}

}  // namespace

class Refinement : public ::testing::TestWithParam<std::tuple<const char*, const char*>> {};

// Refinement after a coarse sweep: the extra sizes lie between the coarse knee's neighbours, are flagged,
// keep the curve in size order, and put the knee within the requested precision of the knee of a sweep
// that measures every size 1% apart (noiseless device, so both see the same curve; the adaptive sweep
// steps 1% at a time near the runtime guard, so both curves end alike). On the points: a spline's knee
// is that of the fit, and a fit of the coarse sizes is not the fit of every size 1% apart (docs/autoscaling.md, "Knee
// detection on a spline of the curve").
TEST_P(Refinement, LocatesTheFineSweepKneeToThePrecision) {
  const auto [kname, model] = GetParam();
  AutoscaleSettings coarse_settings = adaptive(0.0);
  coarse_settings.detector_params.smoothing = ab::detect::Smoothing::none;
  coarse_settings.scale_factor = 1.01;
  const auto coarse = sweep(model, kname, "triangle", coarse_settings, 7, 0.0);
  AutoscaleSettings refined_settings = coarse_settings;
  refined_settings.refine_precision = 0.02;
  const auto refined = sweep(model, kname, "triangle", refined_settings, 7, 0.0);
  AutoscaleSettings fine_settings;
  fine_settings.detector_params.smoothing = ab::detect::Smoothing::none;
  fine_settings.scale_factor = 1.01;
  const auto fine = sweep(model, kname, "triangle", fine_settings, 7, 0.0);
  ASSERT_TRUE(coarse.knee_detected && refined.knee_detected && fine.knee_detected);
  EXPECT_EQ(coarse_points(coarse), coarse.points.size()) << "no refinement points without refinement";

  const std::size_t k = static_cast<std::size_t>(coarse.knee_index);
  const std::uint64_t lo = coarse.points[k ? k - 1 : 0].size, hi = coarse.points[k + 1].size;
  std::size_t flagged = 0;
  for (std::size_t i = 0; i < refined.points.size(); ++i) {
    if (i) {
      EXPECT_LT(refined.points[i - 1].size, refined.points[i].size);
    }
    if (!refined.points[i].refinement) continue;
    ++flagged;
    EXPECT_GT(refined.points[i].size, lo);
    EXPECT_LT(refined.points[i].size, hi);
  }
  EXPECT_GT(flagged, 0u);
  EXPECT_EQ(coarse_points(refined), coarse.points.size()) << "refinement adds sizes, the sweep's stay";
  const std::size_t r = static_cast<std::size_t>(refined.knee_index);
  const double granule = double(kernel(kname).granularity) / double(refined.knee_size);
  EXPECT_LE(double(refined.points[r].size) / double(refined.points[r - 1].size), 1.02 + granule);
  const double error = std::abs(double(refined.knee_size) / double(fine.knee_size) - 1.0);
  EXPECT_LE(error, 0.02 + granule) << kname << " on " << model << ": refined knee " << refined.knee_size
                                   << " (" << refined.points.size() << " sizes), fine sweep " << fine.knee_size
                                   << " (" << fine.points.size() << " sizes), coarse " << coarse.knee_size;
}

INSTANTIATE_TEST_SUITE_P(SimModels, Refinement,
                         ::testing::Combine(::testing::Values("vecadd", "gemm", "fp32"),
                                            ::testing::Values("RTX 4000 Ada", "RTX 5000 Ada", "H100 SXM")));

class AdaptiveSweep : public ::testing::TestWithParam<std::tuple<const char*, const char*, const char*>> {};

// The goal of issue 3: the adaptive sweep (factor 2, refined to 5%) finds the thesis sweep's knee within
// +-10% in size with at most 30% of its measured sizes, on the default noisy sim devices. The knee is
// compared as the median over nine seeds: on one seed the thesis knee itself moves by a 1.1 step or two
// (its detector's objective is flat around a smooth corner, and 0.2% noise on the mean times picks the
// point), so a single pair can differ by more than 10% while both sweeps find the same corner.
// gemm's thesis sweep has only 28-32 sizes; the safeguards alone (5 points before a knee may count, 3
// after it) take 8 of them, so its size goal is unreachable and only bounded here (see
// bench/refinement/README.md): at most 65% (up to 61% on the RTX 4000 Ada, 17 of 28 sizes, since the
// spline's knots follow the span of the curve: 3 on gemm's short sweeps).
TEST_P(AdaptiveSweep, FindsTheThesisKneeWithFewerSizes) {
  const auto [kname, model, detector] = GetParam();
  const double size_goal = std::string(kname) == "gemm" ? 0.65 : 0.30;
  std::vector<double> thesis_knees, adaptive_knees;
  for (std::uint64_t seed = 1; seed <= 9; ++seed) {
    const auto thesis = sweep(model, kname, detector, AutoscaleSettings{}, seed);
    const auto fast = sweep(model, kname, detector, adaptive(), seed);
    ASSERT_TRUE(thesis.knee_detected && fast.knee_detected) << kname << " " << model << " seed " << seed;
    EXPECT_EQ(fast.stop_reason, ab::results::StopReason::knee);
    const double ratio = double(fast.points.size()) / double(thesis.points.size());
    EXPECT_LE(ratio, size_goal) << kname << " on " << model << " seed " << seed << ": " << fast.points.size()
                                << " sizes against " << thesis.points.size();
    thesis_knees.push_back(double(thesis.knee_size));
    adaptive_knees.push_back(double(fast.knee_size));
  }
  const double deviation = ab::numerics::median(adaptive_knees) / ab::numerics::median(thesis_knees) - 1.0;
  EXPECT_LE(std::abs(deviation), 0.10) << kname << " on " << model << ": median knee "
                                       << ab::numerics::median(adaptive_knees) << " against the thesis sweep's "
                                       << ab::numerics::median(thesis_knees);
}

INSTANTIATE_TEST_SUITE_P(SimModels, AdaptiveSweep,
                         ::testing::Combine(::testing::Values("vecadd", "gemm", "fp32"),
                                            ::testing::Values("RTX 4000 Ada", "RTX 5000 Ada", "H100 SXM"),
                                            ::testing::Values("triangle")));
