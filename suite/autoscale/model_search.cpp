// Model-guided configuration search (see model_search.hpp).
#include "suite/autoscale/model_search.hpp"

#include <algorithm>
#include <cmath>
#include <numeric>
#include <stdexcept>

#include "model/stepwise.hpp"

namespace autobench::autoscale {
namespace {

// `count` of `pool` at random (all of them when there are no more).
std::vector<kernels::Tunables> pick(std::vector<kernels::Tunables> pool, std::size_t count, std::mt19937_64& rng) {
  std::shuffle(pool.begin(), pool.end(), rng);
  if (pool.size() > count) pool.resize(count);
  return pool;
}

}  // namespace

ModelSearch::ModelSearch(int warmup_budget, int top_k, int random)
    : warmup_budget_(warmup_budget), top_k_(top_k), random_(random) {}

model::Row ModelSearch::row(const kernels::Tunables& config, std::uint64_t n) const {
  model::Row r;
  for (std::size_t j = 0; j + 1 < names_.size(); ++j) {
    const auto it = config.find(names_[j]);
    if (it == config.end()) throw std::invalid_argument("configuration '" + kernels::to_string(config) + "' has no " + names_[j]);
    r.push_back(static_cast<double>(it->second));
  }
  r.push_back(static_cast<double>(n));
  return r;
}

std::vector<kernels::Tunables> ModelSearch::choose(const std::vector<kernels::Tunables>& space, std::uint64_t n,
                                                   std::mt19937_64& rng) const {
  if (!guiding()) return pick(space, static_cast<std::size_t>(warmup_budget_), rng);
  if (space.size() <= static_cast<std::size_t>(top_k_ + random_)) return space;
  std::vector<double> predicted;
  for (const auto& c : space) {
    const double t = predict(c, n);
    predicted.push_back(std::isnan(t) ? INFINITY : t);  // unpredictable configurations rank last
  }
  std::vector<std::size_t> order(space.size());
  std::iota(order.begin(), order.end(), 0);
  std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) { return predicted[a] < predicted[b]; });
  std::vector<kernels::Tunables> out, rest;
  for (std::size_t i = 0; i < order.size(); ++i)
    (i < static_cast<std::size_t>(top_k_) ? out : rest).push_back(space[order[i]]);
  for (auto& c : pick(std::move(rest), static_cast<std::size_t>(random_), rng)) out.push_back(std::move(c));
  return out;
}

void ModelSearch::record(std::uint64_t n, const std::vector<kernels::Tunables>& configs, const std::vector<double>& seconds) {
  if (configs.size() != seconds.size()) throw std::invalid_argument("one probe time per configuration is needed");
  if (configs.empty()) return;
  if (names_.empty()) {
    for (const auto& [name, value] : configs.front()) names_.push_back(name);
    names_.push_back("size");
  }
  for (std::size_t i = 0; i < configs.size(); ++i) {
    rows_.push_back(row(configs[i], n));
    seconds_.push_back(seconds[i]);
  }
  ++sizes_;
  // The size dominates the variance of ln t (time grows like n^2 for GEMM), so the paper's θ = φ = 0.01
  // of the total would keep out tunables that change the time by several percent: the tuner only ranks
  // configurations at one size and lets smaller gains in.
  model::StepwiseOptions options;
  options.log_response = true;
  options.theta = options.phi = kMinGain;
  options.gain = model::Gain::absolute;  // the selection rule and column count this tuner was tuned with
  options.rows_per_column = 1;
  try {
    model_ = model::select(names_, rows_, seconds_, options, {{}, {"size"}}).model;
  } catch (const std::invalid_argument&) {
    model_.reset();  // too few timings yet (or a zero time): random configurations until it fits
  }
}

double ModelSearch::predict(const kernels::Tunables& config, std::uint64_t n) const {
  if (!guiding()) return NAN;
  try {
    return model_->predict(row(config, n));
  } catch (const std::invalid_argument&) {
    return NAN;  // a level the model never saw: ranked last
  }
}

}  // namespace autobench::autoscale
