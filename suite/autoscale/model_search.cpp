// Model-guided configuration search (see model_search.hpp).
#include "suite/autoscale/model_search.hpp"

#include <algorithm>
#include <cmath>
#include <map>
#include <memory>
#include <numeric>
#include <set>
#include <tuple>
#include <stdexcept>

#include "numerics/statistics.hpp"
#include "model/stepwise.hpp"

namespace autobench::autoscale {
namespace {

// `count` of `pool` at random (all of them when there are no more).
std::vector<kernels::Tunables> pick(std::vector<kernels::Tunables> pool, std::size_t count, std::mt19937_64& rng) {
  std::shuffle(pool.begin(), pool.end(), rng);
  if (pool.size() > count) pool.resize(count);
  return pool;
}

// The configurations of `space` that differ from `best` in exactly one tunable and are not in `timed`.
std::vector<kernels::Tunables> neighbours(const std::vector<kernels::Tunables>& space, const kernels::Tunables& best,
                                          const std::vector<kernels::Tunables>& timed) {
  std::set<std::string> done;
  for (const auto& c : timed) done.insert(kernels::to_string(c));
  std::vector<kernels::Tunables> out;
  for (const auto& c : space) {
    int differ = 0;
    for (const auto& [name, value] : c) {
      const auto it = best.find(name);
      differ += it == best.end() || it->second != value ? 1 : 0;
    }
    if (differ == 1 && !done.count(kernels::to_string(c))) out.push_back(c);
  }
  return out;
}

using Grid = std::tuple<std::uint64_t, std::uint64_t, std::uint64_t>;
Grid grid_of(const ModelSearch::Launches& launches, const kernels::Tunables& config, std::uint64_t n) {
  const kernels::Dim g = launches(config, n).grid;
  return {g.x, g.y, g.z};
}

// `time`'s probes of `configs`; throws std::invalid_argument unless it gave one per configuration.
std::vector<double> probe(const ModelSearch::Time& time, const std::vector<kernels::Tunables>& configs) {
  std::vector<double> seconds = time(configs);
  if (seconds.size() != configs.size()) throw std::invalid_argument("one probe time per configuration is needed");
  return seconds;
}

// Probe times and configurations, fastest first (ties in the order recorded).
void sort_by_time(std::vector<std::pair<double, std::string>>& timed) {
  std::stable_sort(timed.begin(), timed.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
}

// The model's parameters besides the tunables and the size, with launches.
const std::vector<std::string>& launch_names() {
  static const std::vector<std::string> names{"waves", "blocks_per_sm"};
  return names;
}

}  // namespace

ModelSearch::ModelSearch(int warmup_budget, int top_k, int random, int incumbents, Launches launches)
    : warmup_budget_(warmup_budget), top_k_(top_k), random_(random), incumbents_(incumbents),
      launches_(std::move(launches)) {}

ModelSearch::Launches launches_on(const kernels::KernelSpec& kernel, const backend::Occupancy& device,
                                  CompiledResources compiled) {
  if (!kernel.launch || device.sm_count <= 0) return {};
  using Known = std::map<std::string, std::optional<kernels::BlockResources>>;
  return [&kernel, device, compiled = std::move(compiled), known = std::make_shared<Known>()](
             const kernels::Tunables& config, std::uint64_t n) {
    std::optional<kernels::BlockResources> resources;
    if (compiled) {
      const auto [at, added] = known->try_emplace(kernels::to_string(config));
      if (added) at->second = compiled(config);
      resources = at->second;
    }
    return backend::residency(kernel, config, n, device, resources);
  };
}

model::Row ModelSearch::row(const kernels::Tunables& config, std::uint64_t n, std::uint64_t launch_n) const {
  model::Row r;
  const std::size_t tunables = names_.size() - 1 - (launches_ ? launch_names().size() : 0);
  for (std::size_t j = 0; j < tunables; ++j) {
    const auto it = config.find(names_[j]);
    if (it == config.end()) throw std::invalid_argument("configuration '" + kernels::to_string(config) + "' has no " + names_[j]);
    r.push_back(static_cast<double>(it->second));
  }
  r.push_back(static_cast<double>(n));
  if (launches_) {
    const backend::Residency at = launches_(config, launch_n);
    r.push_back(at.waves);
    r.push_back(at.blocks_per_sm);
  }
  return r;
}

std::vector<std::size_t> ModelSearch::ranked(const std::vector<kernels::Tunables>& space, std::uint64_t n) const {
  std::vector<double> predicted;
  const std::uint64_t at = std::clamp(n, smallest_, largest_);
  for (const auto& c : space) {
    const double t = predict(*model_, c, at, n);
    predicted.push_back(std::isnan(t) ? INFINITY : t);  // unpredictable configurations rank last
  }
  std::vector<std::size_t> order(space.size());
  std::iota(order.begin(), order.end(), 0);
  std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) { return predicted[a] < predicted[b]; });
  return order;
}

std::vector<kernels::Tunables> ModelSearch::first_round(const std::vector<kernels::Tunables>& space, std::uint64_t n,
                                                        std::mt19937_64& rng) const {
  if (!guiding()) return pick(space, static_cast<std::size_t>(warmup_budget_), rng);
  if (space.size() <= static_cast<std::size_t>(top_k_ + incumbents_ + random_)) return space;
  const std::vector<std::size_t> order = ranked(space, n);
  std::vector<bool> taken(space.size(), false);
  for (std::size_t i = 0; i < order.size() && i < static_cast<std::size_t>(top_k_); ++i) taken[order[i]] = true;
  // The fastest at the previous size: the best configuration changes slowly with the size, and the
  // model ranks configurations that differ only in tunables it left out alike.
  for (std::size_t k = 0; k < timed_at_latest_.size() && k < static_cast<std::size_t>(incumbents_); ++k)
    for (std::size_t i = 0; i < space.size(); ++i)
      if (kernels::to_string(space[i]) == timed_at_latest_[k].second) taken[i] = true;
  if (launches_) {
    const std::vector<std::string> per_grid = grid_incumbents(space, order, n);
    const std::set<std::string> wanted(per_grid.begin(), per_grid.end());
    for (std::size_t i = 0; i < space.size(); ++i)
      if (wanted.count(kernels::to_string(space[i]))) taken[i] = true;
  }
  std::vector<kernels::Tunables> out, rest;
  for (std::size_t i : order) (taken[i] ? out : rest).push_back(space[i]);
  for (auto& c : pick(std::move(rest), static_cast<std::size_t>(random_), rng)) out.push_back(std::move(c));
  return out;
}

std::vector<std::string> ModelSearch::grid_incumbents(const std::vector<kernels::Tunables>& space,
                                                       const std::vector<std::size_t>& order, std::uint64_t n) const {
  // Per grid at n, the timing (index into timed_) at the latest size where a configuration with it was
  // timed, the fastest there.
  std::map<Grid, std::size_t> latest;
  for (std::size_t i = 0; i < timed_.size(); ++i) {
    const auto [it, added] = latest.try_emplace(grid_of(launches_, timed_[i].second, n), i);
    const std::size_t j = it->second;
    if (!added && (timed_[i].first > timed_[j].first || (timed_[i].first == timed_[j].first && seconds_[i] < seconds_[j])))
      it->second = i;
  }
  std::vector<std::string> out;
  std::set<Grid> seen;
  for (std::size_t i : order) {
    if (out.size() >= static_cast<std::size_t>(top_k_)) break;
    const Grid g = grid_of(launches_, space[i], n);
    if (!seen.insert(g).second) continue;
    const auto it = latest.find(g);
    if (it != latest.end()) out.push_back(kernels::to_string(timed_[it->second].second));
  }
  return out;
}

std::vector<kernels::Tunables> ModelSearch::further_round(const std::vector<kernels::Tunables>& space, std::uint64_t n,
                                                          std::size_t allowed) const {
  if (!model_) return {};
  std::set<std::string> timed;
  for (const auto& [seconds, config] : timed_at_latest_) timed.insert(config);
  const std::vector<std::size_t> order = ranked(space, n);
  std::vector<kernels::Tunables> out;
  for (std::size_t i = 0; i < order.size() && i < static_cast<std::size_t>(top_k_) && out.size() < allowed; ++i)
    if (!timed.count(kernels::to_string(space[order[i]]))) out.push_back(space[order[i]]);
  return out;
}

ModelSearch::Found ModelSearch::search(const std::vector<kernels::Tunables>& space, std::uint64_t n, std::mt19937_64& rng,
                                       const Time& time) {
  Found found;
  const bool warmup = !guiding();
  found.guided = !warmup;
  const std::optional<model::LinearModel> chooser = warmup ? std::nullopt : model_;
  const auto round = [&](const std::vector<kernels::Tunables>& configs) {
    const std::vector<double> seconds = probe(time, configs);
    record(n, configs, seconds, !found.timed.empty());
    found.timed.insert(found.timed.end(), configs.begin(), configs.end());
    found.seconds.insert(found.seconds.end(), seconds.begin(), seconds.end());
  };
  round(first_round(space, n, rng));
  found.first_round = found.timed.size();
  // At a warm-up size the random sample rarely holds the best: the model refitted on it knows which
  // tunables matter, so its top_k at n are timed, and again after each refit, until they all have been.
  // (At a guided size a further round of the model's top_k ranked no better than random picks as many:
  // see bench/model/README.md.)
  const std::size_t cap = found.first_round + static_cast<std::size_t>(warmup_budget_);
  for (std::vector<kernels::Tunables> more; warmup && !(more = further_round(space, n, cap - found.timed.size())).empty();)
    round(more);
  // At a guided size the model's misses are mostly one tunable off (one it left out or ranked wrongly):
  // the fastest's neighbours that differ in one tunable are timed once (bench/model/README.md).
  // With launches, also those of the fastest on another grid: where the size puts the fastest grid's
  // launch at the start of a new wave, the runner-up grid's best may be one tunable off the one timed.
  if (!warmup) {
    const kernels::Tunables first = found.timed[static_cast<std::size_t>(
        std::min_element(found.seconds.begin(), found.seconds.end()) - found.seconds.begin())];
    std::vector<kernels::Tunables> more = neighbours(space, first, found.timed);
    if (launches_) {
      const Grid grid = grid_of(launches_, first, n);
      std::optional<std::size_t> other;
      for (std::size_t i = 0; i < found.timed.size(); ++i)
        if (grid_of(launches_, found.timed[i], n) != grid && (!other || found.seconds[i] < found.seconds[*other])) other = i;
      if (other) {
        std::vector<kernels::Tunables> done = found.timed;
        done.insert(done.end(), more.begin(), more.end());
        for (auto& c : neighbours(space, found.timed[*other], done)) more.push_back(std::move(c));
      }
    }
    if (!more.empty()) round(more);
  }
  found.searched = found.timed.size();
  confirm(n, found, time);
  if (chooser) found.predicted_s = predict(*chooser, found.best, n, n);
  return found;
}

void ModelSearch::confirm(std::uint64_t n, Found& found, const Time& time) {
  std::vector<std::size_t> order(found.timed.size());
  std::iota(order.begin(), order.end(), 0);
  std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) { return found.seconds[a] < found.seconds[b]; });
  std::vector<kernels::Tunables> close;
  std::vector<std::vector<double>> probes;
  for (std::size_t i : order) {
    if (close.size() == kConfirmCount || found.seconds[i] > (1.0 + kConfirmWindow) * found.seconds[order.front()]) break;
    close.push_back(found.timed[i]);
    probes.push_back({found.seconds[i]});
  }
  if (close.size() > 1) {
    for (int r = 0; r < kConfirmProbes; ++r) {
      const std::vector<double> seconds = probe(time, close);
      for (std::size_t k = 0; k < close.size(); ++k) probes[k].push_back(seconds[k]);
      found.timed.insert(found.timed.end(), close.begin(), close.end());
      found.seconds.insert(found.seconds.end(), seconds.begin(), seconds.end());
    }
  }
  std::vector<double> medians;
  for (const auto& p : probes) medians.push_back(numerics::median(p));
  found.best = close[static_cast<std::size_t>(std::min_element(medians.begin(), medians.end()) - medians.begin())];
  // The model and the next size's incumbents see the medians.
  for (std::size_t k = 0; k < close.size(); ++k) {
    for (std::size_t i = 0; i < timed_.size(); ++i)
      if (timed_[i].first == n && timed_[i].second == close[k]) seconds_[i] = medians[k];
    const std::string name = kernels::to_string(close[k]);
    for (auto& [seconds, config] : timed_at_latest_)
      if (config == name) seconds = medians[k];
  }
  sort_by_time(timed_at_latest_);
}

void ModelSearch::record(std::uint64_t n, const std::vector<kernels::Tunables>& configs, const std::vector<double>& seconds,
                         bool further_round) {
  if (names_.empty()) {
    for (const auto& [name, value] : configs.front()) names_.push_back(name);
    names_.push_back("size");
    if (launches_) names_.insert(names_.end(), launch_names().begin(), launch_names().end());
  }
  if (!further_round) {
    ++sizes_;
    smallest_ = sizes_ == 1 ? n : std::min(smallest_, n);
    largest_ = std::max(largest_, n);
    timed_at_latest_.clear();
  }
  for (std::size_t i = 0; i < configs.size(); ++i) {
    rows_.push_back(row(configs[i], n, n));
    timed_.emplace_back(n, configs[i]);
    seconds_.push_back(seconds[i]);
    timed_at_latest_.emplace_back(seconds[i], kernels::to_string(configs[i]));
  }
  sort_by_time(timed_at_latest_);
  // The tuner only ranks configurations at one size, so it lets in every term that explains a tenth of
  // a percent of what the model leaves unexplained (relative gains: the size dominates ln t), and fits
  // as many columns as the timings allow: a tunable left out ranks its configurations alike. Linear
  // interactions let more of them in for the same columns, and the ridge refit keeps the many
  // nearly collinear columns from cancelling on the timings and misranking elsewhere (replayed over
  // three recorded H100 sweeps: within 2 % at 0.5 more of 31 sizes, worst choice 1.22 -> 1.05-1.22x).
  model::StepwiseOptions options;
  options.log_response = true;
  options.gain = model::Gain::relative;
  options.theta = options.phi = kMinGain;
  options.rows_per_column = 1;
  options.interactions = model::Interactions::linear;
  options.refit = model::Refit::ridge;
  try {
    model_ = model::select(names_, rows_, seconds_, options, {{}, {"size"}}).model;
  } catch (const std::invalid_argument&) {
    model_.reset();  // too few timings yet (or a zero time): random configurations until it fits
  }
}

double ModelSearch::predict(const model::LinearModel& model, const kernels::Tunables& config, std::uint64_t n,
                            std::uint64_t launch_n) const {
  try {
    return model.predict(row(config, n, launch_n));
  } catch (const std::invalid_argument&) {
    return NAN;  // a level the model never saw: ranked last
  }
}

double ModelSearch::predict(const kernels::Tunables& config, std::uint64_t n) const {
  return guiding() ? predict(*model_, config, n, n) : NAN;
}

}  // namespace autobench::autoscale
