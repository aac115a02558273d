// The sim models' L2 hump: timed warm, a memory-side kernel's throughput peaks while its buffers fit in L2
// and falls once they do not, at a size that follows each model's L2 (48 MB RTX 4000 Ada, 64 MB RTX 5000
// Ada, 50 MB H100); the regime detection finds it there; cold timing and compute-bound kernels have none.
#include <gtest/gtest.h>

#include <string>

#include "detect/regimes.hpp"
#include "kernels/kernel.hpp"
#include "suite/backend/sim/sim_model.hpp"

namespace sim = autobench::backend::sim;
namespace detect = autobench::detect;
namespace kernels = autobench::kernels;

namespace {

constexpr double MiB = 1 << 20;

// A geometric sweep (factor 1.1) of `kernel` on model m, timed warm or cold: throughput and working set.
struct SimCurve {
  detect::Curve curve;
  std::vector<double> bytes;
};
SimCurve sweep(const sim::SimModel& m, const kernels::KernelSpec& k, bool warm) {
  SimCurve out;
  for (double n = 4096; n < 4e9 / (4.0 * k.elements(1)); n *= 1.1) {
    const auto size = k.round_size(static_cast<std::uint64_t>(n));
    if (!out.curve.x.empty() && static_cast<double>(size) <= out.curve.x.back()) continue;
    out.curve.x.push_back(static_cast<double>(size));
    out.curve.y.push_back(k.throughput(size, sim::expected_time_s(m, k, size, m.boost_clock_mhz, warm)));
    out.bytes.push_back(4.0 * k.elements(size));
  }
  return out;
}

TEST(SimL2Hump, EachModelsL2SizeIsItsPublishedOne) {
  EXPECT_EQ(sim::model_named("RTX 4000 Ada").l2_bytes, 48 * (1ull << 20));
  EXPECT_EQ(sim::model_named("RTX 5000 Ada").l2_bytes, 64 * (1ull << 20));
  EXPECT_EQ(sim::model_named("H100 SXM").l2_bytes, 50 * (1ull << 20));
}

TEST(SimL2Hump, WarmTriadPeaksInL2AndFallsOutAtItsSize) {
  const auto& triad = *kernels::find("triad");
  for (const auto& m : sim::models()) {
    SCOPED_TRACE(m.name);
    const auto warm = sweep(m, triad, true);
    const double l2 = static_cast<double>(m.l2_bytes);
    const auto split = detect::find_regimes(warm.curve, warm.bytes, l2);
    ASSERT_TRUE(split.hump);
    EXPECT_GE(warm.bytes[split.peak], 0.75 * l2 / 1.1) << "fully resident up to 75 % of L2";
    EXPECT_LE(warm.bytes[split.peak], 0.9 * l2) << "the speedup falls from there";
    EXPECT_GE(warm.bytes[split.fallout], l2) << "no L2 speedup from the L2 size on";
    EXPECT_LE(warm.bytes[split.fallout], 1.1 * l2);
    // the fall: the speedup, less what launch latency and the rise of u(n) take back at these sizes
    const double fall = warm.curve.y[split.peak] / warm.curve.y[split.fallout];
    EXPECT_GT(fall, 1.1);
    EXPECT_LT(fall, m.l2_speedup);
    const auto cold = sweep(m, triad, false);
    EXPECT_FALSE(detect::find_regimes(cold.curve, cold.bytes, l2).hump) << "cold timing flushes L2";
  }
}

TEST(SimL2Hump, ThePeakFollowsTheL2Size) {
  const auto& triad = *kernels::find("triad");
  auto peak_bytes = [&](const std::string& name) {
    const auto& m = sim::model_named(name);
    const auto c = sweep(m, triad, true);
    return c.bytes[detect::find_regimes(c.curve, c.bytes, static_cast<double>(m.l2_bytes)).peak];
  };
  EXPECT_NEAR(peak_bytes("RTX 5000 Ada") / peak_bytes("RTX 4000 Ada"), 64.0 / 48.0, 0.15);
  EXPECT_NEAR(peak_bytes("RTX 4000 Ada") / MiB, 0.75 * 48, 0.1 * 36);
}

TEST(SimL2Hump, ComputeAndLatencyBoundKernelsHaveNone) {
  const auto& m = sim::model_named("RTX 4000 Ada");
  for (const char* name : {"fp32", "gemm", "chase"}) {
    SCOPED_TRACE(name);
    const auto& k = *kernels::find(name);
    EXPECT_DOUBLE_EQ(sim::l2_speedup(m, k, k.round_size(1024)), 1.0);
  }
  EXPECT_GT(sim::l2_speedup(m, *kernels::find("reduction"), 1 << 20), 1.0);
}

}  // namespace
