// The model tuner's search (--tuner model): a Stargazer model (model/) of the probe time over the
// tunables and the size, refitted as timings arrive, picks which configurations to time at each size.
#pragma once

#include <cmath>
#include <cstdint>
#include <functional>
#include <optional>
#include <random>
#include <string>
#include <utility>
#include <vector>

#include "kernels/kernel.hpp"
#include "model/linear_model.hpp"
#include "suite/autoscale/tuning_strategy.hpp"
#include "suite/backend/residency.hpp"

namespace autobench::autoscale {

class ModelSearch {
 public:
  // Sizes timed with a random sample before the model guides.
  static constexpr int kWarmupSizes = 2;
  // θ and φ of the tuner's stepwise selection, relative gains (see record()).
  static constexpr double kMinGain = 0.001;
  // The confirmation at the end of every size's search: the configurations whose probe is within
  // kConfirmWindow of the fastest probe (at most kConfirmCount, fastest first) are timed kConfirmProbes
  // more times each, and the one with the lowest median probe is the one found (see search()).
  static constexpr double kConfirmWindow = 0.05;
  static constexpr std::size_t kConfirmCount = 3;
  static constexpr int kConfirmProbes = 3;

  // A configuration's launch at a size on the device (backend::residency).
  using Launches = std::function<backend::Residency(const kernels::Tunables& config, std::uint64_t n)>;

  // warmup_budget: configurations sampled per warm-up size (and the most its further rounds add);
  // top_k, incumbents, random: per guided size (top_k also per further round). With `launches` the
  // model also has each launch's "waves" and "blocks_per_sm" (backend::Residency) as parameters, and
  // the search looks past wave quantization (see search()).
  ModelSearch(int warmup_budget, int top_k, int random, int incumbents, Launches launches = {});

  // Times `configs` (each once, in order) and returns their probe times in the same order.
  using Time = std::function<std::vector<double>(const std::vector<kernels::Tunables>& configs)>;

  // One size's search (tuning_strategy.hpp): every probe there in the order timed, how many the first
  // round timed, how many the search timed before the confirmation (between them: further rounds, also
  // the neighbour round at guided sizes; after them the confirmation's probes of configurations timed
  // before), the one found, what the model that chose the first round predicted for it (NaN at the
  // warm-up sizes) and whether a model chose it (guiding()).
  using Found = TuningResult;

  // Searches size n of `space` (one size per call, in any order; not empty), timing through `time`.
  // First round: at the first kWarmupSizes sizes (or while no model could be fitted) up to
  // warmup_budget configurations at random; then the top_k with the lowest predicted time, the
  // `incumbents` fastest timed at the previous size (those not among them already), plus up to `random`
  // of the others at random. The ranking is predicted at the timed size nearest n (n clamped to the
  // sizes timed so far; extrapolated size interactions ranked configurations badly), the launch's waves
  // and blocks per SM at n itself. With launches, the first round also times one configuration per grid
  // at n (up to top_k grids, best predicted first): of those with that grid, the fastest at the latest
  // size where one was timed. Configurations of one grid share its wave quantization, and where a size
  // adds a wave to the best grid's launch, another grid's best takes over. A space no larger than
  // top_k + incumbents + random is taken whole. The model is refitted after every round. At a warm-up
  // size, once a model fits, further rounds time the refitted model's top_k at n not yet timed there
  // until all of them have been (at most warmup_budget more configurations). At a guided size, one
  // further round times the configurations that differ from the first round's fastest in one tunable
  // (those not timed yet), with launches also those of the fastest of another grid. Last, the
  // confirmation: a probe of a few launches now and then lands far from its configuration's time (on an
  // H100 up to 10-20 % at sizes where a launch ends in a partial wave), and the fastest probe is the one
  // most likely to be such a lucky one; so the configurations within kConfirmWindow of the fastest
  // probe (at most kConfirmCount) are timed kConfirmProbes more times, and the one with the lowest
  // median of its probes is the one found (the fastest when it alone is that close). The model keeps
  // each confirmed configuration's median as its time at n. Throws std::invalid_argument when `time`
  // does not return one time per configuration.
  Found search(const std::vector<kernels::Tunables>& space, std::uint64_t n, std::mt19937_64& rng, const Time& time);

  // The model's probe time of `config` at n; NaN while the model does not guide.
  double predict(const kernels::Tunables& config, std::uint64_t n) const;
  bool guiding() const { return model_.has_value() && sizes_ >= kWarmupSizes; }
  const std::optional<model::LinearModel>& fitted() const { return model_; }

 private:
  // The model's parameters of `config` at size n, its launch's at size `launch_n`.
  model::Row row(const kernels::Tunables& config, std::uint64_t n, std::uint64_t launch_n) const;
  // `model`'s probe time of `config` at n (its launch at launch_n); NaN for a level it never saw.
  double predict(const model::LinearModel& model, const kernels::Tunables& config, std::uint64_t n,
                 std::uint64_t launch_n) const;
  // Indices into `space`, lowest time predicted by the fitted model at n (clamped to the sizes timed) first.
  std::vector<std::size_t> ranked(const std::vector<kernels::Tunables>& space, std::uint64_t n) const;
  std::vector<kernels::Tunables> first_round(const std::vector<kernels::Tunables>& space, std::uint64_t n,
                                             std::mt19937_64& rng) const;
  // Per grid at n (in the order of `order`'s first configuration with it, at most top_k grids): the
  // fastest configuration with that grid at the latest size where one was timed.
  std::vector<std::string> grid_incumbents(const std::vector<kernels::Tunables>& space,
                                           const std::vector<std::size_t>& order, std::uint64_t n) const;
  // The fitted model's top_k at n not yet timed there, at most `allowed` of them (none while no model fits).
  std::vector<kernels::Tunables> further_round(const std::vector<kernels::Tunables>& space, std::uint64_t n,
                                               std::size_t allowed) const;
  // The confirmation of the search at n so far (see search()): sets found.best and keeps the medians.
  void confirm(std::uint64_t n, Found& found, const Time& time);
  // Adds the probe times of configurations timed at n (in a further round at the last size recorded, or
  // at a new size) and refits the model on everything timed so far.
  void record(std::uint64_t n, const std::vector<kernels::Tunables>& configs, const std::vector<double>& seconds,
              bool further_round);

  int warmup_budget_, top_k_, random_, incumbents_;
  Launches launches_;
  std::vector<std::string> names_;  // the tunables (by name), then "size" (and with launches "waves", "blocks_per_sm")
  std::vector<model::Row> rows_;
  std::vector<double> seconds_;
  std::vector<std::pair<std::uint64_t, kernels::Tunables>> timed_;  // each row's size and configuration
  int sizes_ = 0;
  std::uint64_t smallest_ = 0, largest_ = 0;  // of the sizes recorded
  std::vector<std::pair<double, std::string>> timed_at_latest_;  // probe time and configuration, fastest first
  std::optional<model::LinearModel> model_;
};

// A configuration's block resources as compiled for the device (backend::Device::block_resources);
// nullopt where not known.
using CompiledResources = std::function<std::optional<kernels::BlockResources>(const kernels::Tunables& config)>;

// The launches of `kernel` on `device` for ModelSearch (they refer to `kernel`, which must outlive
// them: the registry's kernels do), each block's resources from `compiled` (asked once per
// configuration) where it knows them, else the kernel's estimate; none (empty) when the kernel has no
// launch geometry or the device's SM count is not known.
ModelSearch::Launches launches_on(const kernels::KernelSpec& kernel, const backend::Occupancy& device,
                                  CompiledResources compiled = {});

}  // namespace autobench::autoscale
