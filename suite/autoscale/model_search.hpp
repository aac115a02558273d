// The model tuner's search (--tuner model): a Stargazer model (model/) of the probe time over the
// tunables and the size, refitted as timings arrive, picks which configurations to time at each size.
#pragma once

#include <cstdint>
#include <optional>
#include <random>
#include <string>
#include <vector>

#include "kernels/kernel.hpp"
#include "model/linear_model.hpp"

namespace autobench::autoscale {

class ModelSearch {
 public:
  // Sizes timed with a random sample before the model guides.
  static constexpr int kWarmupSizes = 2;
  // θ and φ of the tuner's stepwise selection, relative gains (see record()).
  static constexpr double kMinGain = 0.001;

  // warmup_budget: configurations sampled per warm-up size; top_k, incumbents, random: per guided size.
  ModelSearch(int warmup_budget, int top_k, int random, int incumbents);

  // The configurations to time at size n (each once, from `space`): at the first kWarmupSizes sizes
  // (or while no model could be fitted) up to warmup_budget at random; then the top_k with the lowest
  // predicted time, the `incumbents` fastest timed at the previous size (those not among them already),
  // plus up to `random` of the others at random. The ranking is predicted at the timed size nearest n
  // (n clamped to the sizes timed so far): extrapolated size interactions ranked configurations badly.
  // A space no larger than top_k + incumbents + random is taken whole.
  std::vector<kernels::Tunables> choose(const std::vector<kernels::Tunables>& space, std::uint64_t n,
                                        std::mt19937_64& rng) const;
  // The probe times of the configurations timed at n; refits the model on everything timed so far.
  void record(std::uint64_t n, const std::vector<kernels::Tunables>& configs, const std::vector<double>& seconds);
  // The model's probe time of `config` at n; NaN while the model does not guide.
  double predict(const kernels::Tunables& config, std::uint64_t n) const;
  bool guiding() const { return model_.has_value() && sizes_ >= kWarmupSizes; }
  const std::optional<model::LinearModel>& fitted() const { return model_; }

 private:
  model::Row row(const kernels::Tunables& config, std::uint64_t n) const;

  int warmup_budget_, top_k_, random_, incumbents_;
  std::vector<std::string> names_;  // the tunables (by name), then "size"
  std::vector<model::Row> rows_;
  std::vector<double> seconds_;
  int sizes_ = 0;
  std::uint64_t smallest_ = 0, largest_ = 0;  // of the sizes recorded
  std::vector<std::string> previous_;  // the configurations timed at the last size, fastest first
  std::optional<model::LinearModel> model_;
};

}  // namespace autobench::autoscale
