// The model tuner (--tuner model) replayed offline on measured points: the sizes in ascending order, each
// configuration's "probe" its measured time (in one of several recordings), against the best at each size.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "suite/autoscale/autoscale_settings.hpp"
#include "suite/autoscale/model_search.hpp"
#include "suite/modeling/model_run.hpp"

namespace autobench::modeling {

// As autoscale::ModelSearch takes them; by default those of `--tuner model`.
struct TunerReplaySettings {
  int warmup_budget = autoscale::AutoscaleSettings{}.tune_budget;
  int top_k = autoscale::AutoscaleSettings{}.tuner_top_k;
  int random = autoscale::AutoscaleSettings{}.tuner_random;
  int incumbents = autoscale::AutoscaleSettings{}.tuner_incumbents;
  int repeats = 5;
  std::uint64_t seed = 1;
};

// One problem size over the repeats. Ratio: the best time among the configurations the tuner timed over
// the best time of every configuration measured at that size (1 = found the best).
struct TunerReplayRow {
  double size = 0;
  std::size_t configurations = 0;  // measured at this size in the pool: the tuner's space
  int guided = 0;                  // repeats in which the model chose (the others were warm-up)
  double timed_mean = 0;           // configurations the tuner timed, mean over the repeats
  double further_mean = 0;         // of them after the first round (warm-up rounds, neighbour round)
  double ratio_mean = 0, ratio_max = 0;
  int within_2_percent = 0;        // repeats whose ratio was at most 1.02
};

// `recordings`: one or more measurements of the same points, each one row per point with the values of
// `names` (the tunables, then "size"; no locked clock); `launches`: the kernel's on the device that
// measured them, as the live tuner has them (autoscale::launches_on). Each repeat replays the sizes with
// its own seed (settings.seed + repeat). With one recording a probe is the point's time there and the
// best is the fastest time. With several, each probe is the point's time in a recording drawn at random
// (each recording's times at a size scaled to the recordings' common median there, so that a device's
// or a process's offset is not taken for probe noise), and the tuner's choice is judged by each
// point's median over the recordings: a replay with the probes' own noise. Throws
// std::invalid_argument for no recording, recordings of different points, a pool with a clock
// parameter or without "size", or settings out of range (repeats, warm-up budget and top-k 1..1000;
// random and incumbents 0..1000).
std::vector<TunerReplayRow> replay_tuner(const std::vector<std::string>& names, const std::vector<Samples>& recordings,
                                         const TunerReplaySettings& settings,
                                         const autoscale::ModelSearch::Launches& launches = {});

}  // namespace autobench::modeling
