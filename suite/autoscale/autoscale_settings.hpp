// The autoscaler's settings, with the Autobench thesis's defaults.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "detect/detector.hpp"
#include "detect/safeguards.hpp"
#include "suite/autoscale/knee_metric.hpp"
#include "suite/autoscale/noise_stop.hpp"
#include "suite/backend/device.hpp"
#include "record/names.hpp"

namespace autobench::autoscale {

// geometric: every size grows by scale_factor (thesis). adaptive: sizes grow by coarse_factor, then the
// knee is refined by bisection (suite/autoscale/refine.hpp).
enum class SweepMode { geometric, adaptive };
inline constexpr auto kSweepNames =
    record::names<SweepMode>("sweep", {{SweepMode::geometric, "geometric"}, {SweepMode::adaptive, "adaptive"}});

// search: the configurations up to --tune-budget (a seeded sample of larger spaces) are timed at every
// size. model: a Stargazer model (model/) fitted to the timings so far picks which ones to time.
enum class TunerKind { search, model };
inline constexpr auto kTunerNames = record::names<TunerKind>("tuner", {{TunerKind::search, "search"}, {TunerKind::model, "model"}});

// The safeguard modes by their command-line names: "thesis" (detect::SafeguardMode::fixed) and "noise-aware".
inline constexpr auto kSafeguardsNames = record::names<detect::SafeguardMode>(
    "safeguards", {{detect::SafeguardMode::fixed, "thesis"}, {detect::SafeguardMode::noise_aware, "noise-aware"}});

// Noise-aware safeguards derive the minimum runtime and the detectors' thresholds from the timing noise;
// a threshold set here is kept as given instead (the user typed it).
struct FixedThresholds {
  bool min_runtime = false;
  bool distance_threshold = false;
  bool sensitivity = false;
};

// The per-size time statistic behind a point's throughput, and so what the detectors see: the mean of
// the timed launches (thesis), their median, or their minimum (BabelStream). All three are stored.
enum class Estimator { mean, median, min };
inline constexpr auto kEstimatorNames = record::names<Estimator>(
    "estimator", {{Estimator::mean, "mean"}, {Estimator::median, "median"}, {Estimator::min, "min"}});

struct AutoscaleSettings {
  std::uint64_t start_size = 0;    // 0: the kernel's default start size
  double scale_factor = 1.1;       // geometric growth between sizes (> 1)
  std::uint64_t max_size = 0;      // 0: estimate from free memory
  double safety_factor = 0.9;      // fraction of free memory a sweep may use
  std::size_t post_knee = 3;       // sizes measured after a knee before the sweep stops
  detect::Safeguards safeguards;   // min points (5) and min runtime (1 ms) before a knee counts
  // Detectors run on a natural cubic spline of the curve (detect/smoothing.hpp), not on the raw points:
  // their knees hold still between repeats (bench/knees/README.md).
  detect::Params detector_params{.smoothing = detect::Smoothing::spline};
  KneeMetric knee_metric = KneeMetric::throughput;  // the curve the detectors see
  bool knee_allow_throttled = false;  // throttled points are held out and never the knee unless set (throttled.hpp)
  FixedThresholds fixed_thresholds;  // noise_aware safeguards only
  SweepMode sweep = SweepMode::geometric;
  double coarse_factor = 2.0;      // adaptive: geometric growth of the coarse sweep (> 1)
  double refine_precision = 0.0;   // > 0: refine the knee until its neighbours lie within this relative
                                   // distance of it; 0: no refinement (thesis)
  backend::TimingPlan timing;      // 1 warm-up + 32 timed iterations (33 launches, first dropped); its
                                   // `cold` is set per kernel by timing_for()
  std::optional<bool> cold;        // --cold (true) / --warm (false); unset: the kernel's cold_by_default
  Estimator estimator = Estimator::mean;  // the time statistic behind a point's throughput
  NoiseStop noise_stop;            // further launches per size while the timing is noisy
  std::size_t bootstrap = 200;     // replicates for each knee's 95% interval (0: no interval)
  int tune_budget = 32;            // configurations timed per size; spaces no larger are searched exhaustively
  int tune_iterations = 3;         // timed launches per configuration during the search
  double tune_prune = 8.0;         // drop configurations this many times slower than the fastest and not
                                   // catching up (config_pruning.hpp); 0: time every one at every size
  std::uint64_t seed = 1;          // for sampling configurations when the budget is smaller than the space
  TunerKind tuner = TunerKind::search;
  int tuner_top_k = 20;            // model tuner: best predicted configurations timed per size
  int tuner_random = 0;            // model tuner: random further configurations timed per size
  int tuner_incumbents = 2;        // model tuner: fastest configurations of the previous size timed again
};

// The timing plan of `kernel`'s sweeps: settings.timing, cold or warm as --cold/--warm say, else as the
// kernel's default (vecadd cold, as the thesis; gemm and fp32 warm).
backend::TimingPlan timing_for(const AutoscaleSettings& settings, const kernels::KernelSpec& kernel);

}  // namespace autobench::autoscale
