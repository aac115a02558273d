// Plan validation and matrix expansion.
#include <gtest/gtest.h>

#include "suite/campaign/plan.hpp"

namespace ab = autobench;

namespace {

std::string error_of(const ab::campaign::RunSettings& s) {
  try {
    ab::campaign::make_plan(s);
  } catch (const std::invalid_argument& e) {
    return e.what();
  }
  return "";
}

}  // namespace

TEST(Plan, QuickSuiteIsVecaddGemmTriangleKneedleOneRepeat) {
  const auto p = ab::campaign::make_plan({});
  EXPECT_EQ(p.kernels, (std::vector<std::string>{"vecadd", "gemm"}));
  EXPECT_EQ(p.detectors, (std::vector<std::string>{"triangle", "kneedle"}));
  EXPECT_EQ(p.repeats, 1);
  EXPECT_EQ(p.campaigns_per_rank(), 4u);
  ASSERT_EQ(p.sweeps.size(), 2u) << "one shared sweep per kernel and repeat";
  EXPECT_EQ(p.sweeps[0].detectors.size(), 2u);
}

TEST(Plan, FullSuiteHasEveryKernelAndFiveRepeats) {
  ab::campaign::RunSettings s;
  s.suite = "full";
  const auto p = ab::campaign::make_plan(s);
  EXPECT_EQ(p.kernels.size(), ab::kernels::all().size());
  EXPECT_EQ(p.repeats, 5);
  EXPECT_EQ(p.sweeps.size(), p.kernels.size() * 5);
}

TEST(Plan, IndependentSweepsRunOneSweepPerDetector) {
  ab::campaign::RunSettings s;
  s.independent_sweeps = true;
  s.repeats = 2;
  const auto p = ab::campaign::make_plan(s);
  EXPECT_EQ(p.sweeps.size(), 2u * 2u * 2u);
  for (const auto& sw : p.sweeps) EXPECT_EQ(sw.detectors.size(), 1u);
}

TEST(Plan, BadValuesAreNamedWithWhatIsAllowed) {
  ab::campaign::RunSettings s;
  s.suite = "huge";
  EXPECT_EQ(error_of(s), "unknown suite 'huge' (allowed: quick, full, screen)");
  s = {};
  s.kernels = {"vecadd", "saxpy"};
  EXPECT_EQ(error_of(s), "unknown kernel 'saxpy' (allowed: chase, fp32, gemm, histogram, reduction, spmv, stencil, transpose, triad, vecadd)");
  s = {};
  s.detectors = {"elbow"};
  EXPECT_NE(error_of(s).find("unknown detector 'elbow' (allowed: "), std::string::npos);
  s = {};
  s.autoscale.scale_factor = 1.0;
  EXPECT_EQ(error_of(s), "--scale-factor 1 is not allowed: must be a finite number in (1, 16]");
  s = {};
  s.autoscale.safeguards.min_runtime_s = 61.0;  // as run.json stores it: seconds, checked in the typed milliseconds
  EXPECT_EQ(error_of(s), "--min-runtime-ms 61000 is not allowed: must be a finite number in [0, 60000]");
  s = {};
  s.repeats = 1001;
  EXPECT_EQ(error_of(s), "--repeats 1001 is not allowed: must be a whole number in [1, 1000]");
  s = {};
  s.backend = "opencl";
  EXPECT_EQ(error_of(s), "unknown backend 'opencl' (allowed: auto, cuda, sim)");
  s = {};
  s.kernels = {"gemm", "gemm"};
  EXPECT_EQ(error_of(s), "kernel 'gemm' is listed twice");
  s = {};
  s.autoscale.detector_params.spline_knots = 101;  // as a hand-edited run.json could hold it
  EXPECT_EQ(error_of(s), "--spline-knots 101 is not allowed: must be a whole number in [1, 100]");
  s = {};
  s.autoscale.max_size = 100;
  EXPECT_EQ(error_of(s), "--max-size 100 is not allowed: below the start size 4096 of kernel 'vecadd'");
}

TEST(Plan, SweepAtGivesMakePlansSweepsWithoutBuildingThem) {
  for (const bool independent : {false, true}) {
    ab::campaign::RunSettings s;
    s.suite = "full";
    s.repeats = 3;
    s.independent_sweeps = independent;
    const auto built = ab::campaign::make_plan(s);
    const auto checked = ab::campaign::check_plan(s);
    EXPECT_TRUE(checked.sweeps.empty()) << "check_plan (--dry-run) builds no sweep";
    ASSERT_EQ(checked.sweep_count(), built.sweeps.size());
    for (std::size_t i = 0; i < built.sweeps.size(); ++i) {
      const auto sw = ab::campaign::sweep_at(checked, i);
      EXPECT_EQ(sw.kernel, built.sweeps[i].kernel) << i;
      EXPECT_EQ(sw.repeat, built.sweeps[i].repeat) << i;
      EXPECT_EQ(sw.detectors, built.sweeps[i].detectors) << i;
    }
  }
}
