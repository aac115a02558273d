// The model tuner's search on a known GEMM-like cost function over the real GEMM tuning space: at two
// warm-up sizes a random sample and then the refitted model's top-k, after them only the top-k
// predicted, the previous size's fastest and a few random configurations, few in all, and it finds the
// exhaustive best within 2 %.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <map>
#include <optional>
#include <random>
#include <set>
#include <string>
#include <tuple>

#include "kernels/tuning.hpp"
#include "numerics/statistics.hpp"
#include "suite/autoscale/model_search.hpp"
#include "suite/autoscale/tuner.hpp"
#include "suite/backend/residency.hpp"

namespace ab = autobench;

namespace {

// A GEMM configuration's efficiency: a product of smooth per-tunable factors (additive in ln t).
double efficiency(const ab::kernels::Tunables& t) {
  auto at = [&](const char* name) { return static_cast<double>(t.at(name)); };
  auto bump = [](double x, double best, double width) { return std::exp(-std::pow(std::log2(x / best) / width, 2)); };
  double eff = 0.4 + 0.6 * bump(at("MWG"), 64, 1.2) * bump(at("NWG"), 64, 1.5);
  eff *= 0.85 + 0.15 * bump(at("MDIMC") * at("NDIMC"), 256, 1.5);
  eff *= at("VWM") == 4 ? 1.0 : 0.94;
  eff *= at("MDIMA") == 16 ? 1.0 : 0.97;
  return eff;
}

// Time of C(n x n) += A(n x 256) B: work over the efficiency times an occupancy factor coupling the
// tile size to n (fewer tiles than 4 per SM of 132 leave SMs idle): the kind of structure the spline
// model must learn from samples.
double cost(const ab::kernels::Tunables& t, std::uint64_t n) {
  const double tiles = (static_cast<double>(n) / static_cast<double>(t.at("MWG"))) *
                       (static_cast<double>(n) / static_cast<double>(t.at("NWG")));
  const double eff = efficiency(t) * std::min(1.0, std::pow(tiles / (4 * 132), 0.7));
  return 5e-6 + 2.0 * static_cast<double>(n) * static_cast<double>(n) * 256 / (20e12 * eff);
}

// The efficiency on an H100's waves instead: each SM runs the blocks it holds (backend::residency) side
// by side, a wave taking their work at the SM's share of 20 TFLOP/s, and the grid takes whole waves.
// Where a size puts a grid's last blocks into a new wave, another tile wins: the best configuration
// jumps between grids from size to size, as on the GPU (bench/model/README.md).
double wave_cost(const ab::kernels::Tunables& t, std::uint64_t n, const ab::backend::Occupancy& h100) {
  const ab::backend::Residency r = ab::backend::residency(*ab::kernels::find("gemm"), t, n, h100);
  const double wave_s = r.resident_per_sm * 2.0 * static_cast<double>(t.at("MWG") * t.at("NWG")) * 256 /
                        (20e12 / h100.sm_count * efficiency(t));
  return 5e-6 + r.waves * wave_s;
}

// A workload whose launches take cost(config, n) exactly: the tuner's view of a deterministic GPU.
class CostWorkload final : public ab::backend::Workload {
 public:
  explicit CostWorkload(std::uint64_t n) : n_(n) {}
  std::vector<ab::kernels::Tunables> configurations() const override {
    return ab::kernels::tuning_space(*ab::kernels::find("gemm"), n_);
  }
  void verify(const ab::kernels::Tunables&) override { ++verified; }
  ab::backend::Timing time(const ab::kernels::Tunables& config, const ab::backend::TimingPlan& plan) override {
    ab::backend::Timing t;
    t.seconds.assign(static_cast<std::size_t>(plan.iterations), cost(config, n_));
    return t;
  }
  std::uint64_t allocated_bytes() const override { return 0; }
  int verified = 0;

 private:
  std::uint64_t n_;
};

// The confirmation at the end of a search (ModelSearch::search): the configurations of the search whose
// probe is within kConfirmWindow of the fastest, at most kConfirmCount of them, are timed kConfirmProbes
// more times each, and the one found has the lowest median of its probes.
void expect_confirmation(const ab::autoscale::ModelSearch::Found& found, std::uint64_t n) {
  using Search = ab::autoscale::ModelSearch;
  ASSERT_EQ(found.timed.size(), found.seconds.size());
  ASSERT_GT(found.searched, 0u);
  const double fastest = *std::min_element(found.seconds.begin(), found.seconds.begin() + static_cast<std::ptrdiff_t>(found.searched));
  std::map<std::string, std::vector<double>> probes;
  std::size_t close = 0;
  for (std::size_t i = 0; i < found.searched; ++i) {
    close += found.seconds[i] <= (1 + Search::kConfirmWindow) * fastest ? 1 : 0;
    EXPECT_TRUE(probes.insert({ab::kernels::to_string(found.timed[i]), {found.seconds[i]}}).second)
        << "timed once before the confirmation, n = " << n;
  }
  const std::size_t confirmed = std::min(close, Search::kConfirmCount);
  EXPECT_EQ(found.timed.size() - found.searched, confirmed > 1 ? confirmed * static_cast<std::size_t>(Search::kConfirmProbes) : 0) << "n = " << n;
  for (std::size_t i = found.searched; i < found.timed.size(); ++i) {
    const auto it = probes.find(ab::kernels::to_string(found.timed[i]));
    ASSERT_NE(it, probes.end()) << "the confirmation times only configurations of the search, n = " << n;
    EXPECT_LE(it->second.front(), (1 + Search::kConfirmWindow) * fastest) << "n = " << n;
    it->second.push_back(found.seconds[i]);
  }
  double best = INFINITY;
  std::string best_name;
  for (const auto& [name, p] : probes) {
    const bool candidate = confirmed > 1 ? p.size() > 1 : p.front() == fastest;
    if (candidate && ab::numerics::median(p) < best) {
      best = ab::numerics::median(p);
      best_name = name;
    }
  }
  EXPECT_EQ(ab::kernels::to_string(found.best), best_name) << "n = " << n;
}

// One sweep of the search over `sizes` with 1 % lognormal probe noise: how close its picks came to the
// exhaustive best at the warm-up and at the guided sizes, against random search with as many timings.
struct SweepFigures {
  int guided = 0, warmup = 0, guided_within = 0, warmup_within = 0;
  double model_mean = 0, model_worst = 0, random_mean = 0;
  std::size_t timed = 0, further = 0, space_total = 0;
};

SweepFigures sweep(ab::autoscale::ModelSearch& search, const std::vector<std::uint64_t>& sizes, std::uint64_t seed) {
  const auto& gemm = *ab::kernels::find("gemm");
  std::mt19937_64 rng(seed), noise_rng(seed + 8), random_rng(seed + 2);
  std::lognormal_distribution<double> noise(0, 0.01);
  SweepFigures f;
  for (std::uint64_t n : sizes) {
    auto space = ab::kernels::tuning_space(gemm, n);
    EXPECT_EQ(space.size(), 216u);
    const bool guided = search.guiding();
    std::set<std::string> seen;
    const auto found = search.search(space, n, rng, [&](const std::vector<ab::kernels::Tunables>& configs) {
      std::vector<double> times;
      for (const auto& c : configs) {
        seen.insert(ab::kernels::to_string(c));
        times.push_back(cost(c, n) * noise(noise_rng));
      }
      return times;
    });
    expect_confirmation(found, n);
    const std::size_t further = found.searched - found.first_round;
    if (guided) {
      // The neighbour round: every configuration one tunable away from the first round's fastest, once.
      const auto first_fastest = found.timed[static_cast<std::size_t>(
          std::min_element(found.seconds.begin(), found.seconds.begin() + static_cast<std::ptrdiff_t>(found.first_round)) -
          found.seconds.begin())];
      const auto differ = [&](const ab::kernels::Tunables& c) {
        int d = 0;
        for (const auto& [name, value] : c) d += first_fastest.at(name) != value ? 1 : 0;
        return d;
      };
      for (std::size_t i = found.first_round; i < found.searched; ++i)
        EXPECT_EQ(differ(found.timed[i]), 1) << "neighbour round at n = " << n;
      for (const auto& c : space)
        if (differ(c) == 1) {
          EXPECT_TRUE(seen.count(ab::kernels::to_string(c))) << "a neighbour left out at n = " << n;
        }
    } else {
      EXPECT_LE(further, 32u) << "further rounds: at most the warm-up budget more at warm-up sizes, n = " << n;
    }
    double exhaustive = INFINITY;
    for (const auto& c : space) exhaustive = std::min(exhaustive, cost(c, n));
    const double r = cost(found.best, n) / exhaustive;
    if (guided) {
      ++f.guided;
      EXPECT_GE(found.first_round, 16u) << "top 12 + 4 random (+ up to 2 incumbents) at n = " << n;
      EXPECT_LE(found.first_round, 18u) << "top 12 + 4 random + up to 2 incumbents at n = " << n;
      EXPECT_FALSE(std::isnan(found.predicted_s));
      f.guided_within += r <= 1.02 ? 1 : 0;
    } else {
      ++f.warmup;
      EXPECT_EQ(found.first_round, 32u) << "warm-up: a random sample of the budget";
      EXPECT_GT(further, 0u) << "warm-up: the refitted model's top 12 not yet timed";
      EXPECT_TRUE(std::isnan(found.predicted_s));
      f.warmup_within += r <= 1.02 ? 1 : 0;
    }
    f.model_mean += r;
    f.model_worst = std::max(f.model_worst, r);
    std::shuffle(space.begin(), space.end(), random_rng);  // random search: as many timings
    double random_best = INFINITY;
    for (std::size_t i = 0; i < found.timed.size(); ++i) random_best = std::min(random_best, cost(space[i], n));
    f.random_mean += random_best / exhaustive;
    f.timed += found.timed.size();
    f.further += further;
    f.space_total += space.size();
  }
  f.model_mean /= static_cast<double>(sizes.size());
  f.random_mean /= static_cast<double>(sizes.size());
  return f;
}

}  // namespace

TEST(ModelSearch, TimesTheBudgetAndTheRefitsTopKAtTwoSizesThenTopKIncumbentsAndRandomAndFindsTheBest) {
  const auto& gemm = *ab::kernels::find("gemm");
  std::vector<std::uint64_t> sizes;
  for (std::uint64_t n = 1024; n <= 8192; n += 512) sizes.push_back(n);
  // The sizes of the H100 sweep of bench/model/README.md (occupancy-bound below about 1280).
  const std::vector<std::uint64_t> gpu_sweep{128,  256,  384,  512,  640,  768,  896,  1024, 1152, 1280,
                                             1408, 1664, 1920, 2176, 2432, 2688, 3072, 3456, 3840, 4224,
                                             4736, 5248, 5888, 6528, 7296, 8064, 8960, 9856, 10880, 12032};
  int guided = 0, guided_within = 0, warmup = 0, warmup_within = 0;
  double worst = 0;
  for (const auto& [list, seeds] : {std::pair{sizes, std::vector<std::uint64_t>{3, 4, 5}}, {gpu_sweep, {3, 7}}})
    for (std::uint64_t seed : seeds) {
      ab::autoscale::ModelSearch search(32, 12, 4, 2);
      const SweepFigures f = sweep(search, list, seed);
      EXPECT_EQ(f.warmup, 2) << "two warm-up sizes, then the model guides";
      EXPECT_EQ(f.guided, static_cast<int>(list.size()) - 2);
      EXPECT_LE(static_cast<double>(f.timed), 0.2 * static_cast<double>(f.space_total));
      EXPECT_LT(f.model_mean, f.random_mean) << "better than random search with as many timings";
      guided += f.guided;
      guided_within += f.guided_within;
      warmup += f.warmup;
      warmup_within += f.warmup_within;
      worst = std::max(worst, f.model_worst);
      std::printf("model tuner, %zu sizes, seed %llu: mean best/exhaustive %.4f (worst %.4f), within 2 %% at %d of %d "
                  "warm-up and %d of %d guided sizes, random search %.4f, timed %zu of %zu (%zu in further rounds)\n",
                  list.size(), static_cast<unsigned long long>(seed), f.model_mean, f.model_worst, f.warmup_within,
                  f.warmup, f.guided_within, f.guided, f.random_mean, f.timed, f.space_total, f.further);
      ASSERT_TRUE(search.fitted());
      // The model has learnt which tiles are fast: its prediction for a good and a bad tile at 8192 differ.
      auto config = ab::kernels::tuning_space(gemm, 8192).front();
      EXPECT_LT(search.predict({{"MWG", 64}, {"NWG", 64}, {"KWG", 16}, {"MDIMC", 16}, {"NDIMC", 16}, {"MDIMA", 16},
                                {"NDIMB", 16}, {"KWI", 2}, {"VWM", 4}, {"VWN", 4}, {"SA", 1}, {"SB", 1}}, 8192),
                search.predict(config, 8192));
    }
  std::printf("over every sweep: within 2 %% at %d of %d warm-up and %d of %d guided sizes, worst %.4f\n", warmup_within,
              warmup, guided_within, guided, worst);
  // Every guided size (95) is within 2 % (before the warm-up sizes' further rounds: 94, one miss of
  // 1.027 at 896 of the GPU sizes, seed 7). The warm-up sizes were random picks (4 of 10 within 2 %,
  // up to 1.40 at 256); now only n = 128 of the GPU sizes, seed 3, misses (1.066): the refitted model's
  // top 12 there are all timed and the best is not among them (occupancy-bound, 4 to 64 tiles).
  EXPECT_EQ(guided_within, guided);
  EXPECT_GE(warmup_within, warmup - 1);
  EXPECT_LE(worst, 1.07);
}

TEST(ModelSearch, WithLaunchesTimesOneConfigurationPerGridAndFollowsTheBestAcrossWaves) {
  const auto& gemm = *ab::kernels::find("gemm");
  const auto h100 = ab::backend::occupancy_for(132, 9, 0);
  using Grid = std::tuple<std::uint64_t, std::uint64_t, std::uint64_t>;
  const auto grid = [&](const ab::kernels::Tunables& c, std::uint64_t n) {
    const auto g = ab::backend::residency(gemm, c, n, h100).grid;
    return Grid{g.x, g.y, g.z};
  };
  const std::vector<std::uint64_t> sizes{128,  256,  384,  512,  640,  768,  896,  1024, 1152, 1280, 1408,
                                         1664, 1920, 2176, 2432, 2688, 3072, 3456, 3840, 4224, 4736, 5248,
                                         5888, 6528, 7296, 8064, 8960, 9856, 10880, 12032, 13312};
  int guided = 0, with_within = 0, without_within = 0, jumps = 0;
  std::size_t timed = 0, space_total = 0;
  double worst = 1;
  for (std::uint64_t seed : {3, 7, 11}) {
    ab::autoscale::ModelSearch with(32, 12, 4, 2, ab::autoscale::launches_on(gemm, h100));
    ab::autoscale::ModelSearch without(32, 12, 4, 2);
    std::mt19937_64 rng_with(seed), rng_without(seed), noise_rng(seed + 8);
    std::lognormal_distribution<double> noise(0, 0.01);
    const auto time = [&](std::uint64_t n) {
      return [&, n](const std::vector<ab::kernels::Tunables>& configs) {
        std::vector<double> t;
        for (const auto& c : configs) t.push_back(wave_cost(c, n, h100) * noise(noise_rng));
        return t;
      };
    };
    Grid best_grid{};
    std::vector<ab::kernels::Tunables> timed_so_far;
    for (std::uint64_t n : sizes) {
      const auto space = ab::kernels::tuning_space(gemm, n);
      const auto best = *std::min_element(space.begin(), space.end(), [&](const auto& a, const auto& b) {
        return wave_cost(a, n, h100) < wave_cost(b, n, h100);
      });
      const double exhaustive = wave_cost(best, n, h100);
      if (seed == 3 && n != sizes.front() && grid(best, n) != best_grid) ++jumps;
      best_grid = grid(best, n);
      const bool guiding = with.guiding();
      const auto found = with.search(space, n, rng_with, time(n));
      expect_confirmation(found, n);
      const std::vector<ab::kernels::Tunables> timed_before = timed_so_far;
      timed_so_far.insert(timed_so_far.end(), found.timed.begin(), found.timed.end());
      const auto found_without = without.search(space, n, rng_without, time(n));
      timed += found.timed.size();
      space_total += space.size();
      if (!guiding) continue;
      ++guided;
      const double r = wave_cost(found.best, n, h100) / exhaustive;
      worst = std::max(worst, r);
      with_within += r <= 1.02 ? 1 : 0;
      without_within += wave_cost(found_without.best, n, h100) <= 1.02 * exhaustive ? 1 : 0;
      // The first round holds a configuration of every grid timed at an earlier size (GEMM has 9 tiles,
      // fewer than top_k).
      std::set<Grid> first, before;
      for (std::size_t i = 0; i < found.first_round; ++i) first.insert(grid(found.timed[i], n));
      for (const auto& c : timed_before) before.insert(grid(c, n));
      EXPECT_TRUE(std::includes(first.begin(), first.end(), before.begin(), before.end())) << "n = " << n;
      // The neighbour round: one tunable away from the first round's fastest or from the fastest on another grid.
      const auto fastest_of = [&](bool same_grid_as_fastest) {
        std::size_t f = 0;
        for (std::size_t i = 1; i < found.first_round; ++i)
          if (found.seconds[i] < found.seconds[f]) f = i;
        if (same_grid_as_fastest) return found.timed[f];
        std::optional<std::size_t> o;
        for (std::size_t i = 0; i < found.first_round; ++i)
          if (grid(found.timed[i], n) != grid(found.timed[f], n) && (!o || found.seconds[i] < found.seconds[*o])) o = i;
        return found.timed[o.value()];
      };
      const auto differ = [](const ab::kernels::Tunables& a, const ab::kernels::Tunables& b) {
        int d = 0;
        for (const auto& [name, value] : a) d += b.at(name) != value ? 1 : 0;
        return d;
      };
      const auto fastest = fastest_of(true), other = fastest_of(false);
      for (std::size_t i = found.first_round; i < found.searched; ++i)
        EXPECT_TRUE(differ(found.timed[i], fastest) == 1 || differ(found.timed[i], other) == 1) << "n = " << n;
    }
    ASSERT_TRUE(with.fitted());
    std::vector<std::string> names;
    for (const auto& p : with.fitted()->parameters()) names.push_back(p.name());
    EXPECT_EQ(std::vector<std::string>(names.end() - 3, names.end()), (std::vector<std::string>{"size", "waves", "blocks_per_sm"}));
  }
  std::printf("wave-quantized GEMM, %d guided sizes over 3 seeds: within 2 %% at %d with launches (worst %.4f), %d "
              "without; timed %zu of %zu; the best grid changes %d times over the %zu sizes\n",
              guided, with_within, worst, without_within, timed, space_total, jumps, sizes.size());
  EXPECT_GE(jumps, 5) << "the cost's best configuration moves between grids";
  EXPECT_EQ(with_within, guided);
  EXPECT_GE(with_within, without_within);
  EXPECT_LE(static_cast<double>(timed), 0.2 * static_cast<double>(space_total));
}

TEST(ModelSearch, SmallSpacesAreTakenWholeAndTimesMustMatchConfigurations) {
  ab::autoscale::ModelSearch search(8, 4, 2, 2);
  std::mt19937_64 rng(1);
  std::vector<ab::kernels::Tunables> space;
  for (std::int64_t b : {128, 256, 512, 1024}) space.push_back({{"BLOCK_SIZE", b}});
  const auto found = search.search(space, 1024, rng, [](const std::vector<ab::kernels::Tunables>& configs) {
    std::vector<double> times;
    for (const auto& c : configs) times.push_back(1e-3 * static_cast<double>(c.at("BLOCK_SIZE")));
    return times;
  });
  EXPECT_EQ(found.timed.size(), 4u) << "the whole space, and no second round: nothing is left";
  EXPECT_EQ(found.best.at("BLOCK_SIZE"), 128);
  EXPECT_THROW(search.search(space, 2048, rng, [](const auto&) { return std::vector<double>{1.0}; }),
               std::invalid_argument);
}

TEST(ModelSearch, ConfirmsTheFastestProbesAndRejectsALuckyOne) {
  ab::autoscale::ModelSearch search(8, 4, 2, 2);
  std::mt19937_64 rng(1);
  std::vector<ab::kernels::Tunables> space;
  for (std::int64_t b : {64, 128, 256, 512, 1024}) space.push_back({{"BLOCK_SIZE", b}});
  // True times: 128 is the fastest, 256 3 % and 512 10 % slower; 512's first probe is a lucky 4 % below
  // the fastest, as a probe of a few launches at a size ending in a partial wave can be on the GPU.
  const std::map<std::int64_t, double> truth{{64, 2.0}, {128, 1.0}, {256, 1.03}, {512, 1.10}, {1024, 1.5}};
  int probes_of_512 = 0;
  const auto found = search.search(space, 1024, rng, [&](const std::vector<ab::kernels::Tunables>& configs) {
    std::vector<double> times;
    for (const auto& c : configs) {
      const std::int64_t b = c.at("BLOCK_SIZE");
      times.push_back(b == 512 && probes_of_512++ == 0 ? 0.96 : truth.at(b));
    }
    return times;
  });
  expect_confirmation(found, 1024);
  EXPECT_EQ(found.searched, 5u) << "the whole space";
  ASSERT_EQ(found.timed.size(), 11u) << "the lucky 512 and 128 (within 5 % of it) three times more; 256 is 7 % off";
  EXPECT_EQ(found.best.at("BLOCK_SIZE"), 128) << "the median of 512's probes is its true time";
  EXPECT_EQ(probes_of_512, 4);
}

TEST(ModelTuner, TimesTheBudgetAndTheRefitsTopKTwiceThenTopKIncumbentsAndRandomAndRecordsEveryProbe) {
  ab::autoscale::AutoscaleSettings settings;
  settings.tuner = ab::autoscale::TunerKind::model;
  settings.timing.iterations = 5;
  ab::autoscale::Tuner tuner(settings);
  const auto& gemm = *ab::kernels::find("gemm");
  int sizes = 0;
  for (std::uint64_t n = 2048; n <= 6144; n += 512, ++sizes) {
    CostWorkload w(n);
    const auto p = tuner.measure(w, gemm, n);
    const bool warmup = sizes < ab::autoscale::ModelSearch::kWarmupSizes;
    const int guided = settings.tuner_top_k + settings.tuner_random;  // plus the incumbents not among the top k
    // Warm-up: the budget at random, then the refitted model's top k until timed (at most the budget more).
    EXPECT_GT(p.tune_measured, warmup ? 32 : guided - 1) << "n = " << n;
    // Guided: plus the first round's fastest's one-tunable neighbours not yet timed, a fifth of the 216 at
    // most. Both: plus the confirmation's probes.
    const int confirmation = static_cast<int>(ab::autoscale::ModelSearch::kConfirmCount) *
                             ab::autoscale::ModelSearch::kConfirmProbes;
    EXPECT_LE(p.tune_measured, (warmup ? 64 : 43) + confirmation) << "n = " << n;
    EXPECT_EQ(std::count(p.tune_probes.begin(), p.tune_probes.end(), '@'), p.tune_measured);
    std::map<std::string, int> probed;
    for (std::size_t at = 0; at < p.tune_probes.size();) {
      const std::size_t end = std::min(p.tune_probes.find(';', at), p.tune_probes.size());
      ++probed[p.tune_probes.substr(at, p.tune_probes.find('@', at) - at)];
      at = end + 1;
    }
    int repeated = 0;
    for (const auto& [config, count] : probed) {
      EXPECT_TRUE(count == 1 || count == 1 + ab::autoscale::ModelSearch::kConfirmProbes) << config;
      repeated += count > 1 ? 1 : 0;
    }
    EXPECT_LE(repeated, static_cast<int>(ab::autoscale::ModelSearch::kConfirmCount)) << "timed once but the confirmed";
    double exhaustive = INFINITY;
    for (const auto& c : w.configurations()) exhaustive = std::min(exhaustive, cost(c, n));
    EXPECT_LE(cost(tuner.best(), n), 1.02 * exhaustive) << "n = " << n;
    EXPECT_EQ(std::isnan(p.tune_predicted_s), warmup) << "n = " << n;
    EXPECT_NE(p.tune_probes.find(p.tunables + "@"), std::string::npos) << "the chosen configuration was timed";
    EXPECT_EQ(p.tunables, ab::kernels::to_string(tuner.best()));
    EXPECT_EQ(p.iterations, 5);
    EXPECT_DOUBLE_EQ(p.time_mean_s, cost(tuner.best(), n)) << "the chosen configuration is timed in full";
  }
  // The search tuner, by contrast, times its whole budget at every size and predicts nothing.
  settings.tuner = ab::autoscale::TunerKind::search;
  ab::autoscale::Tuner search(settings);
  CostWorkload w(4096);
  const auto p = search.measure(w, gemm, 4096);
  EXPECT_EQ(p.tune_measured, 32);
  EXPECT_TRUE(std::isnan(p.tune_predicted_s));
}

TEST(ModelSearch, LaunchesUseTheCompiledResourcesAskedOncePerConfiguration) {
  const auto& gemm = *ab::kernels::find("gemm");
  const auto h100 = ab::backend::occupancy_for(132, 9, 0);
  const auto space = ab::kernels::tuning_space(gemm, 2432);
  std::map<std::string, int> asked;
  const ab::autoscale::CompiledResources compiled = [&](const ab::kernels::Tunables& c)
      -> std::optional<ab::kernels::BlockResources> {
    ++asked[ab::kernels::to_string(c)];
    if (ab::kernels::to_string(c) == ab::kernels::to_string(space.front())) return std::nullopt;  // not known
    return ab::kernels::BlockResources{255, 49152};  // as many registers as a thread takes: the fewest blocks
  };
  const auto launches = ab::autoscale::launches_on(gemm, h100, compiled);
  for (int pass = 0; pass < 2; ++pass)
    for (const auto& c : space) {
      const auto r = launches(c, 2432);
      const auto expected = c == space.front() ? ab::backend::residency(gemm, c, 2432, h100)
                                               : ab::backend::residency(gemm, c, 2432, h100, ab::kernels::BlockResources{255, 49152});
      EXPECT_EQ(r.resident_per_sm, expected.resident_per_sm) << ab::kernels::to_string(c);
      EXPECT_EQ(r.waves, expected.waves) << ab::kernels::to_string(c);
    }
  EXPECT_EQ(asked.size(), space.size());
  for (const auto& [name, count] : asked) EXPECT_EQ(count, 1) << name;
  // The compiled resources do change the launches: 255 registers leave room for fewer blocks than estimated.
  EXPECT_LT(launches(space.back(), 2432).resident_per_sm, ab::backend::residency(gemm, space.back(), 2432, h100).resident_per_sm);
}
