// The model tuner replayed on measured points through a recorded probe source (see tuner_replay.hpp).
#include "suite/modeling/tuner_replay.hpp"

#include <algorithm>
#include <cmath>
#include <map>
#include <memory>
#include <random>
#include <stdexcept>

#include <fmt/format.h>

#include "numerics/statistics.hpp"
#include "suite/autoscale/tuning_strategies.hpp"

namespace autobench::modeling {

namespace {

// One configuration at one size: its time in each recording (scaled, see replay_tuner) and their median.
struct Measured {
  kernels::Tunables config;
  std::vector<double> times;
  double median = 0;
};

// Per size (ascending), every configuration of the recordings with its times, checked to be the same points.
std::map<double, std::vector<Measured>> measured_by_size(const std::vector<std::string>& names,
                                                         const std::vector<Samples>& recordings, std::size_t size_col) {
  std::map<double, std::vector<Measured>> by_size;
  std::map<std::pair<double, std::string>, std::size_t> at;  // (size, configuration) -> its place in by_size[size]
  for (std::size_t k = 0; k < recordings.size(); ++k) {
    const Samples& pool = recordings[k];
    for (std::size_t i = 0; i < pool.rows.size(); ++i) {
      kernels::Tunables config;
      for (std::size_t j = 0; j < names.size(); ++j)
        if (j != size_col) config[names[j]] = static_cast<std::int64_t>(pool.rows[i].at(j));
      const double size = pool.rows[i].at(size_col);
      const auto key = std::pair{size, kernels::to_string(config)};
      if (k == 0) {
        at[key] = by_size[size].size();
        by_size[size].push_back({std::move(config), {pool.time_s[i]}, 0});
        continue;
      }
      const auto it = at.find(key);
      if (it == at.end() || by_size[size][it->second].times.size() != k)
        throw std::invalid_argument("recording " + std::to_string(k + 1) + " has a point the first has not (or twice): " +
                                    key.second + " at size " + fmt::format("{}", size));
      by_size[size][it->second].times.push_back(pool.time_s[i]);
    }
    for (const auto& [size, measured] : by_size)
      for (const auto& m : measured)
        if (m.times.size() != k + 1)
          throw std::invalid_argument("recording " + std::to_string(k + 1) + " lacks " + kernels::to_string(m.config) +
                                      " at size " + fmt::format("{}", size) + " (the recordings must hold the same points)");
  }
  // Each recording scaled per size to the recordings' common median there: a device's or a process's
  // offset is not noise of the probes.
  for (auto& [size, measured] : by_size) {
    std::vector<double> medians;
    for (std::size_t k = 0; k < recordings.size(); ++k) {
      std::vector<double> t;
      for (const auto& m : measured) t.push_back(m.times[k]);
      medians.push_back(numerics::median(t));
    }
    const double common = numerics::median(medians);
    for (auto& m : measured) {
      for (std::size_t k = 0; k < m.times.size(); ++k) m.times[k] *= common / medians[k];
      m.median = numerics::median(m.times);
    }
  }
  return by_size;
}

// The recorded probe source: a probe of a configuration at a size is its time there in one recording,
// drawn at random from its own stream (seeded `seed`), so that one recording replays as it always has.
class RecordedProbes final : public autoscale::ProbeSource {
 public:
  RecordedProbes(const std::map<double, std::vector<Measured>>& by_size, std::size_t recordings, std::uint64_t seed)
      : draws_(seed), recording_(0, recordings - 1) {
    for (const auto& [size, measured] : by_size)
      for (const auto& m : measured) at_[static_cast<std::uint64_t>(size)][kernels::to_string(m.config)] = &m;
  }

  std::vector<double> probe(const std::vector<kernels::Tunables>& configs, std::uint64_t n) override {
    std::vector<double> seconds;
    for (const auto& c : configs) seconds.push_back(at_.at(n).at(kernels::to_string(c))->times[recording_(draws_)]);
    return seconds;
  }

 private:
  std::map<std::uint64_t, std::map<std::string, const Measured*>> at_;
  std::mt19937_64 draws_;
  std::uniform_int_distribution<std::size_t> recording_;
};

}  // namespace

std::vector<TunerReplayRow> replay_tuner(const std::vector<std::string>& names, const std::vector<Samples>& recordings,
                                         const TunerReplaySettings& settings,
                                         const autoscale::ModelSearch::Launches& launches) {
  if (std::find(names.begin(), names.end(), "sm_clock_mhz") != names.end())
    throw std::invalid_argument("the tuner replay needs points without a locked clock (the tuner does not model it)");
  const auto size_at = std::find(names.begin(), names.end(), "size");
  if (size_at == names.end()) throw std::invalid_argument("the pool has no parameter named size");
  if (recordings.empty()) throw std::invalid_argument("the tuner replay needs at least one recording");
  const auto in = [](int v, int lo) { return v >= lo && v <= 1000; };
  if (!in(settings.repeats, 1) || !in(settings.warmup_budget, 1) || !in(settings.top_k, 1) || !in(settings.random, 0) ||
      !in(settings.incumbents, 0))
    throw std::invalid_argument("repeats, budget and top-k must be in 1..1000, random and incumbents in 0..1000");
  const std::map<double, std::vector<Measured>> by_size =
      measured_by_size(names, recordings, static_cast<std::size_t>(size_at - names.begin()));
  std::vector<TunerReplayRow> out;
  for (const auto& [size, measured] : by_size) {
    TunerReplayRow row;
    row.size = size;
    row.configurations = measured.size();
    out.push_back(row);
  }
  for (int r = 0; r < settings.repeats; ++r) {
    // The live tuner's own strategy (--tuner model), its probes answered by the recordings.
    autoscale::AutoscaleSettings tuner;
    tuner.tuner = autoscale::TunerKind::model;
    tuner.tune_budget = settings.warmup_budget;
    tuner.tuner_top_k = settings.top_k;
    tuner.tuner_random = settings.random;
    tuner.tuner_incumbents = settings.incumbents;
    tuner.seed = settings.seed + static_cast<std::uint64_t>(r);
    const std::unique_ptr<autoscale::TuningStrategy> strategy = autoscale::make_tuning_strategy(tuner, launches);
    RecordedProbes probes(by_size, recordings.size(), tuner.seed + 0x5eed);
    std::size_t k = 0;
    for (const auto& [size, measured] : by_size) {
      std::vector<kernels::Tunables> space;
      std::map<std::string, double> median;
      double best = INFINITY;
      for (const auto& m : measured) {
        space.push_back(m.config);
        median[kernels::to_string(m.config)] = m.median;
        best = std::min(best, m.median);
      }
      const autoscale::TuningResult found = strategy->search(space, static_cast<std::uint64_t>(size), probes);
      const double ratio = median.at(kernels::to_string(found.best)) / best;
      TunerReplayRow& row = out[k++];
      row.guided += found.guided ? 1 : 0;
      row.timed_mean += static_cast<double>(found.timed.size()) / settings.repeats;
      row.further_mean += static_cast<double>(found.timed.size() - found.first_round) / settings.repeats;
      row.ratio_mean += ratio / settings.repeats;
      row.ratio_max = std::max(row.ratio_max, ratio);
      row.within_2_percent += ratio <= 1.02 ? 1 : 0;
    }
  }
  return out;
}

}  // namespace autobench::modeling
