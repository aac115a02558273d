// Regimes on recorded real curves (tests/data/regimes/README.md): the warm vecadd sweeps of an H100 have an
// L2 hump, split into a cache-resident and a memory-bound regime whose consensus knees each lie in their
// own regime, with the detectors' knees within 2x of one another inside a regime; gemm has one regime.
#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>
#include <map>
#include <sstream>
#include <stdexcept>
#include <tuple>

#include "detect/analysis.hpp"
#include "suite/stats/consensus.hpp"
#include "suite/stats/regime_knees.hpp"

namespace autobench::stats {
namespace {

struct Sweep {
  std::string kernel, timing, params;
  int rank = 0, repeat = 0;
  std::uint64_t l2 = 0;
  detect::Curve curve;
};

// Splits one CSV line whose last field may be quoted (detector_params holds commas).
std::vector<std::string> fields(const std::string& line) {
  std::vector<std::string> out;
  std::string field;
  bool quoted = false;
  for (char ch : line) {
    if (ch == '"') quoted = !quoted;
    else if (ch == ',' && !quoted) out.push_back(std::exchange(field, {}));
    else field += ch;
  }
  out.push_back(field);
  return out;
}

std::vector<Sweep> read_sweeps(const std::string& name) {
  std::ifstream in(std::string(AUTOBENCH_SOURCE_DIR) + "/tests/data/regimes/" + name);
  if (!in) throw std::runtime_error("cannot read tests/data/regimes/" + name);
  std::map<std::tuple<std::string, int, int>, Sweep> sweeps;
  std::string line;
  std::getline(in, line);  // header
  while (std::getline(in, line)) {
    const auto f = fields(line);  // kernel, rank, repeat, timing, l2_bytes, size, throughput, detector_params
    Sweep& s = sweeps[{f[0], std::stoi(f[1]), std::stoi(f[2])}];
    s.kernel = f[0], s.rank = std::stoi(f[1]), s.repeat = std::stoi(f[2]), s.timing = f[3];
    s.l2 = std::stoull(f[4]), s.params = f[7];
    s.curve.x.push_back(std::stod(f[5]));
    s.curve.y.push_back(std::stod(f[6]));
  }
  std::vector<Sweep> out;
  for (auto& [key, s] : sweeps) out.push_back(std::move(s));
  return out;
}

// The sweep as a run records it: every registered detector's campaign with its whole-curve knee.
results::RankResult rank_of(const Sweep& s) {
  results::RankResult r;
  r.rank = s.rank;
  r.device.backend = "cuda";
  r.device.model = "NVIDIA H100 80GB HBM3";
  r.device.l2_bytes = s.l2;
  std::vector<std::string> names;
  for (const auto& e : detect::list()) names.push_back(e.name);
  for (const auto& f : detect::analyse(s.curve, names, recorded_params(s.params))) {
    results::Campaign c;
    c.rank = s.rank, c.kernel = s.kernel, c.detector = f.detector, c.repeat = s.repeat;
    c.metric_unit = "GB/s", c.timing_mode = s.timing, c.detector_params = s.params;
    for (std::size_t i = 0; i < s.curve.size(); ++i) {
      results::Point p;
      p.size = static_cast<std::uint64_t>(s.curve.x[i]);
      p.throughput = s.curve.y[i];
      c.points.push_back(p);
    }
    c.knee_detected = f.knee.index.has_value();
    c.knee_index = static_cast<std::int64_t>(f.knee.index.value_or(s.curve.size() - 1));
    c.knee_size = c.points[static_cast<std::size_t>(c.knee_index)].size;
    c.knee_quality = f.quality ? f.quality->fraction : results::kNaN;
    r.campaigns.push_back(std::move(c));
  }
  return r;
}

const results::ConsensusRow& sweep_row(const std::vector<results::ConsensusRow>& rows, const std::string& regime) {
  for (const auto& r : rows)
    if (r.scope == "sweep" && r.regime == regime) return r;
  throw std::logic_error("no sweep row in regime " + regime);
}

TEST(RegimeRealCurves, WarmVecaddOnAnH100HasACacheAndAMemoryRegime) {
  for (const Sweep& s : read_sweeps("h100-20261123-full.csv")) {
    if (s.kernel != "vecadd") continue;
    SCOPED_TRACE("repeat " + std::to_string(s.repeat));
    const auto split = sweep_regimes(s.kernel, s.curve, s.l2);
    ASSERT_TRUE(split.hump);
    const double peak_bytes = 12 * s.curve.x[split.peak], fallout_bytes = 12 * s.curve.x[split.fallout];
    EXPECT_GT(peak_bytes, 0.4 * static_cast<double>(s.l2)) << "the peak: held in the 50 MiB L2";
    EXPECT_LT(peak_bytes, static_cast<double>(s.l2));
    EXPECT_GT(fallout_bytes, static_cast<double>(s.l2)) << "the fall-out point: past L2";
    const auto r = rank_of(s);
    const auto rows = compute_consensus({r});
    const auto& cache = sweep_row(rows, "cache");
    const auto& memory = sweep_row(rows, "memory");
    ASSERT_TRUE(cache.found);
    ASSERT_TRUE(memory.found);
    EXPECT_LT(cache.knee_size, s.curve.x[split.peak]);
    EXPECT_GT(memory.knee_size, s.curve.x[split.fallout]);
    // Within each regime every detector that found a knee is within 2x of every other.
    std::vector<const results::Campaign*> campaigns;
    for (const auto& c : r.campaigns) campaigns.push_back(&c);
    const SweepCurve sweep = sweep_curve(campaigns);
    std::map<detect::Regime, std::pair<double, double>> range;
    for (const auto& k : regime_knees(campaigns, sweep, split)) {
      if (!k.counts) continue;
      auto [it, fresh] = range.try_emplace(k.regime, k.size, k.size);
      it->second = {std::min(it->second.first, k.size), std::max(it->second.second, k.size)};
    }
    for (const auto& [regime, lo_hi] : range) {
      SCOPED_TRACE(detect::kRegimeNames.name(regime));
      EXPECT_LE(lo_hi.second / lo_hi.first, 2.0);
    }
  }
}

TEST(RegimeRealCurves, GemmHasOneRegime) {
  for (const Sweep& s : read_sweeps("h100-20261123-full.csv")) {
    if (s.kernel != "gemm") continue;
    EXPECT_FALSE(sweep_regimes(s.kernel, s.curve, s.l2).hump);
    const auto rows = compute_consensus({rank_of(s)});
    ASSERT_EQ(rows.size(), 2u);
    EXPECT_EQ(sweep_row(rows, "single").regime, "single");
  }
}

}  // namespace
}  // namespace autobench::stats
