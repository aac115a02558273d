// The model tuner replayed on measured points (see tuner_replay.hpp).
#include "suite/modeling/tuner_replay.hpp"

#include <algorithm>
#include <cmath>
#include <map>
#include <random>
#include <stdexcept>

#include "suite/autoscale/model_search.hpp"

namespace autobench::modeling {

std::vector<TunerReplayRow> replay_tuner(const std::vector<std::string>& names, const Samples& pool,
                                         const TunerReplaySettings& settings,
                                         const autoscale::ModelSearch::Launches& launches) {
  if (std::find(names.begin(), names.end(), "sm_clock_mhz") != names.end())
    throw std::invalid_argument("the tuner replay needs points without a locked clock (the tuner does not model it)");
  const auto size_at = std::find(names.begin(), names.end(), "size");
  if (size_at == names.end()) throw std::invalid_argument("the pool has no parameter named size");
  const auto in = [](int v, int lo) { return v >= lo && v <= 1000; };
  if (!in(settings.repeats, 1) || !in(settings.warmup_budget, 1) || !in(settings.top_k, 1) || !in(settings.random, 0) ||
      !in(settings.incumbents, 0))
    throw std::invalid_argument("repeats, budget and top-k must be in 1..1000, random and incumbents in 0..1000");
  const std::size_t size_col = static_cast<std::size_t>(size_at - names.begin());

  // Per size: the configurations measured there and their times.
  std::map<double, std::vector<std::pair<kernels::Tunables, double>>> by_size;
  for (std::size_t i = 0; i < pool.rows.size(); ++i) {
    kernels::Tunables config;
    for (std::size_t j = 0; j < names.size(); ++j)
      if (j != size_col) config[names[j]] = static_cast<std::int64_t>(pool.rows[i].at(j));
    by_size[pool.rows[i].at(size_col)].push_back({std::move(config), pool.time_s[i]});
  }
  std::vector<TunerReplayRow> out;
  for (const auto& [size, measured] : by_size) {
    TunerReplayRow row;
    row.size = size;
    row.configurations = measured.size();
    out.push_back(row);
  }
  for (int r = 0; r < settings.repeats; ++r) {
    autoscale::ModelSearch search(settings.warmup_budget, settings.top_k, settings.random, settings.incumbents, launches);
    std::mt19937_64 rng(settings.seed + static_cast<std::uint64_t>(r));
    std::size_t k = 0;
    for (const auto& [size, measured] : by_size) {
      std::vector<kernels::Tunables> space;
      std::map<std::string, double> time;
      double best = INFINITY;
      for (const auto& [config, t] : measured) {
        space.push_back(config);
        time[kernels::to_string(config)] = t;
        best = std::min(best, t);
      }
      const bool guided = search.guiding();
      // Each configuration's probe is its measured time: the tuner's own search, timing by look-up.
      const auto probe = [&](const std::vector<kernels::Tunables>& configs) {
        std::vector<double> seconds;
        for (const auto& c : configs) seconds.push_back(time.at(kernels::to_string(c)));
        return seconds;
      };
      const auto found = search.search(space, static_cast<std::uint64_t>(size), rng, probe);
      const double ratio = time.at(kernels::to_string(found.best)) / best;
      TunerReplayRow& row = out[k++];
      row.guided += guided ? 1 : 0;
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
