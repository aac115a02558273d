// `autobench-mpi model evaluate`: the learning curve of a model file's measured points, and the model
// tuner replayed over them or over recorded sweeps (--sweep RUN_DIR).
#include <algorithm>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "suite/cli/errors.hpp"
#include "suite/cli/model_fit_options.hpp"
#include "suite/cli/option_binding.hpp"
#include "suite/formatting/model_evaluation_text.hpp"
#include "suite/journal/recorded_sweep.hpp"
#include "suite/modeling/derived_parameters.hpp"
#include "suite/modeling/learning_curves.hpp"
#include "suite/modeling/recorded_probes.hpp"
#include "suite/modeling/tuner_replay.hpp"

namespace autobench::cli {
namespace {

namespace L = campaign::limits;

struct EvaluateOptions {
  std::string file;
  std::vector<std::string> sweeps;  // run directories instead of `file`: replay the tuner over their recorded probes
  std::vector<std::int64_t> samples{25, 50, 100, 200};
  int repeats = 5, top_k = 4;
  std::uint64_t seed = 1;
  model_file::FitSettings fit;  // its own table, fit_options()
  modeling::TunerReplaySettings tuner;
};

// `model evaluate`'s options besides the fit's and its inputs (the file, --sweep); in --help order, the
// tuner replay's last.
const std::vector<campaign::Option<EvaluateOptions>>& evaluate_options() {
  using E = EvaluateOptions;
  static const std::vector<campaign::Option<E>> table = {
      {"samples", "", "Training set sizes, comma-separated", nullptr, +[](E& e) -> auto& { return e.samples; }},
      {"repeats", "", "Random training sets per size", nullptr, +[](E& e) -> auto& { return e.repeats; },
       &L::evaluate_repeats},
      {"top-k", "", "Configurations measured per problem size from the model's best predictions", nullptr,
       +[](E& e) -> auto& { return e.top_k; }, &L::top_k},
      {campaign::kSeedOption.name, "", campaign::kSeedOption.help, nullptr, +[](E& e) -> auto& { return e.seed; },
       campaign::kSeedOption.limit},
      {"tune-budget", "", "Tuner replay: random configurations per warm-up size", nullptr,
       +[](E& e) -> auto& { return e.tuner.warmup_budget; }, &L::replay_tune_budget},
      {"tuner-top-k", "", "Tuner replay: best predicted configurations per guided size and per further round at the "
       "warm-up sizes",
       nullptr, +[](E& e) -> auto& { return e.tuner.top_k; }, &L::tuner_top_k},
      {"tuner-random", "", "Tuner replay: random further configurations per guided size", nullptr,
       +[](E& e) -> auto& { return e.tuner.random; }, &L::tuner_random},
      {"tuner-incumbents", "", "Tuner replay: fastest of the previous size timed again", nullptr,
       +[](E& e) -> auto& { return e.tuner.incumbents; }, &L::tuner_incumbents},
  };
  return table;
}

// The model tuner replayed over one or more recorded sweeps of one kernel on one device model.
void evaluate_sweep(const EvaluateOptions& o) {
  std::vector<journal::RecordedSweep> sweeps;
  std::vector<modeling::Samples> recordings;
  for (const auto& dir : o.sweeps) {
    try {
      sweeps.push_back(journal::read_recorded_sweep(dir));
    } catch (const std::invalid_argument& e) {
      throw UsageError(std::string("model evaluate: ") + e.what());
    } catch (const std::runtime_error& e) {
      throw RunFailure(std::string("model evaluate: ") + e.what());
    }
    const journal::RecordedSweep& first = sweeps.front();
    const journal::RecordedSweep& s = sweeps.back();
    if (s.kernel != first.kernel || s.device.name != first.device.name || s.pool.names != first.pool.names)
      throw UsageError("model evaluate: --sweep " + dir + " recorded " + s.kernel + " on " + s.device.name + ", --sweep " +
                       o.sweeps.front() + " " + first.kernel + " on " + first.device.name +
                       " (the recordings must be of one kernel's space on one device model)");
    recordings.push_back(s.pool.samples);
  }
  const journal::RecordedSweep& first = sweeps.front();
  modeling::TunerReplaySettings t = o.tuner;
  t.repeats = o.repeats;
  t.seed = o.seed;
  std::vector<modeling::TunerReplayRow> replay;
  autoscale::ModelSearch::Launches launches;
  const auto with_resources =
      std::find_if(sweeps.begin(), sweeps.end(), [](const journal::RecordedSweep& s) { return !s.pool.resources.empty(); });
  try {
    // The tuner's launches on the device that recorded the sweeps, as the live run had them: with the
    // compiled kernels' resources the first sweep to record them has (the sweeps are of one device
    // model), else the kernel's estimate.
    const kernels::KernelSpec* spec = kernels::find(first.kernel);
    autoscale::CompiledResources compiled;
    if (with_resources != sweeps.end())
      compiled = [&known = with_resources->pool.resources](const kernels::Tunables& config)
          -> std::optional<kernels::BlockResources> {
        const auto it = known.find(kernels::to_string(config));
        if (it == known.end()) return std::nullopt;
        return it->second;
      };
    if (spec)
      launches = autoscale::launches_on(*spec, backend::occupancy_for(first.device.sm_count, first.device.cc_major,
                                                                      first.device.cc_minor), compiled);
    replay = modeling::replay_tuner(first.pool.names, recordings, t, launches);
  } catch (const std::invalid_argument& e) {
    throw RunFailure(std::string("model evaluate: ") + e.what());
  }
  if (sweeps.size() == 1) {
    fmt::print("{} probes recorded in {}, every configuration at every size\n", first.kernel, first.path);
  } else {
    fmt::print("{} probes recorded in {} sweeps on {}, every configuration at every size; each probe is a configuration's "
               "time in one of them at random (each scaled per size to their common median), the best by each "
               "configuration's median over them:\n",
               first.kernel, sweeps.size(), first.device.name);
    for (const auto& s : sweeps) fmt::print("  {}\n", s.path);
  }
  if (launches && with_resources == sweeps.end())
    fmt::print("blocks per SM from the kernel's resource estimate (no sweep recorded the compiled kernels' resources)\n");
  else if (launches)
    fmt::print("blocks per SM from the compiled kernels' registers and shared memory recorded in {}\n", with_resources->path);
  fmt::print("{}", formatting::tuner_replay_text(replay, t, static_cast<bool>(launches)));
}

void evaluate(const EvaluateOptions& o) {
  if (o.file.empty() == o.sweeps.empty())
    throw UsageError("model evaluate: give a model file or --sweep RUN_DIR (one of them)");
  if (!o.sweeps.empty()) return evaluate_sweep(o);
  const modeling::ModelRun run = read_for("model evaluate", o.file);
  modeling::Samples pool = run.training;
  pool.rows.insert(pool.rows.end(), run.test.rows.begin(), run.test.rows.end());
  pool.time_s.insert(pool.time_s.end(), run.test.time_s.begin(), run.test.time_s.end());
  modeling::EvaluationSettings s;
  s.samples.clear();
  for (auto n : o.samples) {
    if (n < 3 || static_cast<std::size_t>(n) >= pool.rows.size())
      throw UsageError("--samples " + std::to_string(n) + " is not allowed (allowed: 3.." + std::to_string(pool.rows.size() - 1) +
                       ", fewer than the file's " + std::to_string(pool.rows.size()) + " points)");
    s.samples.push_back(static_cast<std::size_t>(n));
  }
  s.repeats = o.repeats;
  s.top_k = o.top_k;
  s.seed = o.seed;
  model::StepwiseOptions options;
  try {
    options = model_file::checked_stepwise(o.fit);
  } catch (const std::invalid_argument& e) {
    throw UsageError(e.what());
  }
  std::vector<std::string> names;
  for (const auto& p : run.selection.model.parameters()) names.push_back(p.name());
  // The replay's pool holds the tunables and the size; the refits' also the derived parameters asked for.
  const kernels::KernelSpec* kernel = kernels::find(run.kernel);
  const modeling::Offered offered{o.fit.launch_parameters, o.fit.derived_parameters, device_of(run)};
  if (!kernel && (offered.launch || offered.derived))
    throw UsageError("model evaluate: the file's kernel '" + run.kernel + "' is not in this build (see `list`), so its "
                     "derived parameters cannot be computed: give --launch-parameters false --derived-parameters false");
  if (offered.derived && run.sm_count <= 0)
    throw UsageError("model evaluate: " + o.file + " does not record its GPU's SM count (written before the derived "
                     "parameters), so they cannot be computed: give --derived-parameters false");
  std::vector<std::string> fit_names;
  modeling::Samples fit_pool;
  try {
    if (kernel) modeling::set_derived_parameters(*kernel, {}, names, pool);
    fit_names = names;
    fit_pool = pool;
    if (kernel) modeling::set_derived_parameters(*kernel, offered, fit_names, fit_pool);
  } catch (const std::invalid_argument& e) {
    throw RunFailure(std::string("model evaluate: ") + e.what());
  }
  std::vector<modeling::EvaluationRow> rows;
  std::vector<modeling::TunerReplayRow> replay;
  modeling::TunerReplaySettings t = o.tuner;
  t.repeats = s.repeats;
  t.seed = s.seed;
  const bool replayable = run.clocks_mhz.empty();
  const autoscale::ModelSearch::Launches launches =
      kernel ? autoscale::launches_on(*kernel, device_of(run)) : autoscale::ModelSearch::Launches{};
  try {
    rows = modeling::evaluate(fit_names, fit_pool, options, s);
    if (replayable) replay = modeling::replay_tuner(names, {pool}, t, launches);
  } catch (const std::invalid_argument& e) {
    throw RunFailure(std::string("model evaluate: ") + e.what());
  }
  fmt::print("{}", formatting::learning_curve_text(run, pool.rows.size(), s, options, offered, rows));
  if (!replayable) {
    fmt::print("\nmodel tuner replay: not possible (the file models locked clocks; the tuner does not)\n");
    return;
  }
  fmt::print("\n{}", formatting::tuner_replay_text(replay, t, static_cast<bool>(launches)));
}

}  // namespace

CLI::App* add_model_evaluate_command(CLI::App& cmd) {
  auto e = std::make_shared<EvaluateOptions>();
  auto* eval = cmd.add_subcommand("evaluate", "Learning curve from a model file's measured points: held-out error "
                                               "against training samples, against a fixed all-main-effects model, and "
                                               "the configurations found against random search; and the model tuner "
                                               "replayed over the file's sizes");
  eval->option_defaults()->always_capture_default();
  eval->add_option("file", e->file, "Model file written by `model` (model.h5); best one measuring the whole space");
  eval->add_option("--sweep", e->sweeps, "Instead of a model file: a run directory whose sweep probed every configuration "
                                         "at every size (--tune-budget >= the space; journal/rank0.jsonl, or .gz): only "
                                         "the model tuner is replayed, over its sizes and recorded probes. Repeated "
                                         "(recordings of one kernel on one device model): each probe is drawn from one "
                                         "of them, and the choices are judged by each configuration's median over them");
  add_options(*eval, evaluate_options(), *e);
  add_fit_options(*eval, e->fit);
  eval->callback([e] { evaluate(*e); });
  return eval;
}

}  // namespace autobench::cli
