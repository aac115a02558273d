// The model tuner's search on a known GEMM-like cost function over the real GEMM tuning space: after
// two random warm-up sizes it times only the top-k predicted, the previous size's fastest and a few
// random configurations, few in all, and finds the exhaustive best within 2 %.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <random>

#include "kernels/tuning.hpp"
#include "suite/autoscale/model_search.hpp"
#include "suite/autoscale/tuner.hpp"

namespace ab = autobench;

namespace {

// Time of C(n x n) += A(n x 256) B: work over an efficiency that is a product of smooth per-tunable
// factors (additive in ln t) times an occupancy factor coupling the tile size to n (fewer tiles than
// 4 per SM of 132 leave SMs idle): the kind of structure the spline model must learn from samples.
double cost(const ab::kernels::Tunables& t, std::uint64_t n) {
  auto at = [&](const char* name) { return static_cast<double>(t.at(name)); };
  auto bump = [](double x, double best, double width) { return std::exp(-std::pow(std::log2(x / best) / width, 2)); };
  double eff = 0.4 + 0.6 * bump(at("MWG"), 64, 1.2) * bump(at("NWG"), 64, 1.5);
  eff *= 0.85 + 0.15 * bump(at("MDIMC") * at("NDIMC"), 256, 1.5);
  eff *= at("VWM") == 4 ? 1.0 : 0.94;
  eff *= at("MDIMA") == 16 ? 1.0 : 0.97;
  const double tiles = (static_cast<double>(n) / at("MWG")) * (static_cast<double>(n) / at("NWG"));
  eff *= std::min(1.0, std::pow(tiles / (4 * 132), 0.7));
  return 5e-6 + 2.0 * static_cast<double>(n) * static_cast<double>(n) * 256 / (20e12 * eff);
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

// One sweep of the search over `sizes` with 1 % lognormal probe noise: how close its picks came to the
// exhaustive best, against random search with as many timings per size.
struct SweepFigures {
  int guided = 0, within_2_percent = 0;
  double model_mean = 0, model_worst = 0, random_mean = 0;
  std::size_t timed = 0, space_total = 0;
};

SweepFigures sweep(ab::autoscale::ModelSearch& search, const std::vector<std::uint64_t>& sizes, std::uint64_t seed) {
  const auto& gemm = *ab::kernels::find("gemm");
  std::mt19937_64 rng(seed), noise_rng(seed + 8), random_rng(seed + 2);
  std::lognormal_distribution<double> noise(0, 0.01);
  SweepFigures f;
  for (std::uint64_t n : sizes) {
    auto space = ab::kernels::tuning_space(gemm, n);
    EXPECT_EQ(space.size(), 216u);
    const auto chosen = search.choose(space, n, rng);
    std::vector<double> times;
    for (const auto& c : chosen) times.push_back(cost(c, n) * noise(noise_rng));
    const auto best_timed = chosen[static_cast<std::size_t>(std::min_element(times.begin(), times.end()) - times.begin())];
    double exhaustive = INFINITY;
    for (const auto& c : space) exhaustive = std::min(exhaustive, cost(c, n));
    if (search.guiding()) {
      ++f.guided;
      EXPECT_GE(chosen.size(), 16u) << "top 12 + 4 random (+ up to 2 incumbents) at n = " << n;
      EXPECT_LE(chosen.size(), 18u) << "top 12 + 4 random + up to 2 incumbents at n = " << n;
      EXPECT_FALSE(std::isnan(search.predict(best_timed, n)));
      const double r = cost(best_timed, n) / exhaustive;
      f.model_mean += r;
      f.model_worst = std::max(f.model_worst, r);
      f.within_2_percent += r <= 1.02 ? 1 : 0;
      std::shuffle(space.begin(), space.end(), random_rng);  // random search: as many timings
      double random_best = INFINITY;
      for (std::size_t i = 0; i < chosen.size(); ++i) random_best = std::min(random_best, cost(space[i], n));
      f.random_mean += random_best / exhaustive;
    } else {
      EXPECT_EQ(chosen.size(), 32u) << "warm-up: a random sample of the budget";
      EXPECT_TRUE(std::isnan(search.predict(best_timed, n)));
    }
    f.timed += chosen.size();
    f.space_total += space.size();
    search.record(n, chosen, times);
  }
  f.model_mean /= f.guided;
  f.random_mean /= f.guided;
  return f;
}

}  // namespace

TEST(ModelSearch, TimesTheBudgetAtTwoSizesThenTopKIncumbentsAndRandomAndFindsTheBest) {
  const auto& gemm = *ab::kernels::find("gemm");
  std::vector<std::uint64_t> sizes;
  for (std::uint64_t n = 1024; n <= 8192; n += 512) sizes.push_back(n);
  // The sizes of the H100 sweep of bench/model/README.md (occupancy-bound below about 1280).
  const std::vector<std::uint64_t> gpu_sweep{128,  256,  384,  512,  640,  768,  896,  1024, 1152, 1280,
                                             1408, 1664, 1920, 2176, 2432, 2688, 3072, 3456, 3840, 4224,
                                             4736, 5248, 5888, 6528, 7296, 8064, 8960, 9856, 10880, 12032};
  int guided = 0, within = 0;
  double worst = 0;
  for (const auto& [list, seeds] : {std::pair{sizes, std::vector<std::uint64_t>{3, 4, 5}}, {gpu_sweep, {3, 7}}})
    for (std::uint64_t seed : seeds) {
      ab::autoscale::ModelSearch search(32, 12, 4, 2);
      const SweepFigures f = sweep(search, list, seed);
      EXPECT_EQ(f.guided, static_cast<int>(list.size()) - 2) << "two warm-up sizes, then the model guides";
      EXPECT_LE(static_cast<double>(f.timed), 0.2 * static_cast<double>(f.space_total));
      EXPECT_LT(f.model_mean, f.random_mean) << "better than random search with as many timings";
      if (list.size() == sizes.size() && seed == 3) {  // the search this test ran before incumbents: 1.27, worst 1.66
        EXPECT_EQ(f.within_2_percent, f.guided) << "worst " << f.model_worst;
      }
      guided += f.guided;
      within += f.within_2_percent;
      worst = std::max(worst, f.model_worst);
      std::printf("model tuner, %zu sizes, seed %llu: mean best/exhaustive %.4f (worst %.4f), within 2 %% at %d of %d, "
                  "random search %.4f, timed %zu of %zu\n",
                  list.size(), static_cast<unsigned long long>(seed), f.model_mean, f.model_worst, f.within_2_percent,
                  f.guided, f.random_mean, f.timed, f.space_total);
      ASSERT_TRUE(search.fitted());
      // The model has learnt which tiles are fast: its prediction for a good and a bad tile at 8192 differ.
      auto config = ab::kernels::tuning_space(gemm, 8192).front();
      EXPECT_LT(search.predict({{"MWG", 64}, {"NWG", 64}, {"KWG", 16}, {"MDIMC", 16}, {"NDIMC", 16}, {"MDIMA", 16},
                                {"NDIMB", 16}, {"KWI", 2}, {"VWM", 4}, {"VWN", 4}, {"SA", 1}, {"SB", 1}}, 8192),
                search.predict(config, 8192));
    }
  // Over every sweep, at most one guided size (of 95) misses 2 %: at n = 896 of the GPU sizes, seed 7,
  // the model ranks the best configuration second and it is timed, but 1 % probe noise makes one 2.7 %
  // slower look faster.
  EXPECT_GE(within, guided - 1);
  EXPECT_LE(worst, 1.03);
}

TEST(ModelSearch, SmallSpacesAreTakenWholeAndTimesMustMatchConfigurations) {
  ab::autoscale::ModelSearch search(8, 4, 2, 2);
  std::mt19937_64 rng(1);
  std::vector<ab::kernels::Tunables> space;
  for (std::int64_t b : {128, 256, 512, 1024}) space.push_back({{"BLOCK_SIZE", b}});
  EXPECT_EQ(search.choose(space, 1024, rng).size(), 4u);
  EXPECT_THROW(search.record(1024, space, {1.0}), std::invalid_argument);
}

TEST(ModelTuner, TimesTheBudgetTwiceThenTopKIncumbentsAndRandomAndRecordsEveryProbe) {
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
    EXPECT_GE(p.tune_measured, warmup ? 32 : guided) << "n = " << n;
    EXPECT_LE(p.tune_measured, warmup ? 32 : guided + settings.tuner_incumbents) << "n = " << n;
    EXPECT_EQ(std::count(p.tune_probes.begin(), p.tune_probes.end(), '@'), p.tune_measured);
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
