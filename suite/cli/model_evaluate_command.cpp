// `autobench-mpi model evaluate`: the learning curve of a model file's measured points, and the model
// tuner replayed over them or over recorded sweeps (--sweep RUN_DIR).
#include <algorithm>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>
#include <fmt/format.h>

#include "suite/cli/bounded.hpp"
#include "suite/cli/errors.hpp"
#include "suite/cli/model_fit_options.hpp"
#include "suite/cli/shared_options.hpp"
#include "suite/journal/compressed.hpp"
#include "suite/journal/journal.hpp"
#include "suite/modeling/derived_parameters.hpp"
#include "suite/modeling/learning_curves.hpp"
#include "suite/modeling/recorded_probes.hpp"
#include "suite/modeling/tuner_replay.hpp"
#include "suite/results/result_json.hpp"

namespace autobench::cli {
namespace {

namespace L = campaign::limits;

struct EvaluateOptions {
  std::string file;
  std::vector<std::string> sweeps;  // run directories instead of `file`: replay the tuner over their recorded probes
  std::vector<std::int64_t> samples{25, 50, 100, 200};
  int repeats = 5, top_k = 4;
  std::uint64_t seed = 1;
  FitOptions fit;
  modeling::TunerReplaySettings tuner;
};

// The replay's table, one row per size, and its summary.
// `launches`: whether the tuner had the kernel's launches on the device (autoscale::launches_on).
void print_replay(const std::vector<modeling::TunerReplayRow>& replay, const modeling::TunerReplaySettings& t,
                  bool launches) {
  fmt::print("model tuner replayed over the sizes in ascending order ({} seeds; warm-up {} random, then the refitted "
             "top-{} until timed; top-{} + {} incumbents{} + {} random, then the one-tunable neighbours of the "
             "fastest{}, per guided size; {})\n",
             t.repeats, t.warmup_budget, t.top_k, t.top_k, t.incumbents, launches ? " + one per grid" : "", t.random,
             launches ? " and of the fastest on another grid" : "",
             launches ? "each launch's waves and blocks per SM as parameters"
                      : "no launch geometry: the kernel has none or the device's SM count is not recorded");
  fmt::print("{:>10} {:>8} {:>7} {:>7} {:>9} {:>18} {:>10}\n", "size", "configs", "guided", "timed", "further", "best/opt",
             "within 2%");
  double timed = 0, configs = 0, worst = 1;
  int within = 0, guided_within = 0, guided_runs = 0;  // guided: at the sizes the model guided in every repeat
  for (const auto& r : replay) {
    fmt::print("{:10.0f} {:8} {:4}/{:<2} {:7.1f} {:9.1f} {:9.4f} (max {:.3f}) {:7}/{}\n", r.size, r.configurations, r.guided,
               t.repeats, r.timed_mean, r.further_mean, r.ratio_mean, r.ratio_max, r.within_2_percent, t.repeats);
    timed += r.timed_mean;
    configs += static_cast<double>(r.configurations);
    worst = std::max(worst, r.ratio_max);
    within += r.within_2_percent;
    if (r.guided == t.repeats) {
      guided_within += r.within_2_percent;
      guided_runs += t.repeats;
    }
  }
  fmt::print("timed {:.1f} % of the configurations; within 2 % of the best in {} of {} (size, seed) pairs ({:.1f} of {} "
             "sizes per seed), at the guided sizes in {} of {}; worst {:.3f}\n",
             100 * timed / configs, within, static_cast<int>(replay.size()) * t.repeats, static_cast<double>(within) / t.repeats,
             replay.size(), guided_within, guided_runs, worst);
}

// A recorded sweep (RUN_DIR, its rank-0 journal) that probed every configuration at every size.
struct RecordedSweep {
  std::string path;  // the journal read
  std::string kernel;
  results::DeviceInfo device;
  modeling::ProbePool pool;
};

RecordedSweep read_sweep(const std::string& run_dir) {
  RecordedSweep out;
  out.path = journal::journal_path(run_dir, 0);
  std::unique_ptr<std::istream> in;
  try {
    in = journal::open_maybe_gzipped(out.path);
  } catch (const std::runtime_error& e) {
    throw RunFailure("model evaluate: --sweep " + run_dir + ": " + e.what());
  }
  if (!in) throw UsageError("model evaluate: --sweep " + run_dir + ": cannot read " + out.path + " (nor " + out.path + ".gz)");
  std::vector<results::Point> points;
  try {
    journal::for_each_record(*in, out.path, [&](const nlohmann::json& record) {
      if (record.value("type", "") == "rank") out.device = record.at("rank").at("device").get<results::DeviceInfo>();
      if (record.value("type", "") != "point") return;
      const std::string k = record.at("kernel").get<std::string>();
      if (!out.kernel.empty() && k != out.kernel)
        throw std::invalid_argument("the journal holds two kernels (" + out.kernel + ", " + k + "); the replay takes one");
      out.kernel = k;
      points.push_back(record.at("point").get<results::Point>());
    });
    out.pool = modeling::probe_pool(points);
  } catch (const std::exception& e) {
    throw RunFailure("model evaluate: " + out.path + ": " + e.what());
  }
  return out;
}

// The model tuner replayed over one or more recorded sweeps of one kernel on one device model.
void evaluate_sweep(const EvaluateOptions& o) {
  std::vector<RecordedSweep> sweeps;
  std::vector<modeling::Samples> recordings;
  for (const auto& dir : o.sweeps) {
    sweeps.push_back(read_sweep(dir));
    const RecordedSweep& first = sweeps.front();
    const RecordedSweep& s = sweeps.back();
    if (s.kernel != first.kernel || s.device.name != first.device.name || s.pool.names != first.pool.names)
      throw UsageError("model evaluate: --sweep " + dir + " recorded " + s.kernel + " on " + s.device.name + ", --sweep " +
                       o.sweeps.front() + " " + first.kernel + " on " + first.device.name +
                       " (the recordings must be of one kernel's space on one device model)");
    recordings.push_back(s.pool.samples);
  }
  const RecordedSweep& first = sweeps.front();
  modeling::TunerReplaySettings t = o.tuner;
  t.repeats = o.repeats;
  t.seed = o.seed;
  std::vector<modeling::TunerReplayRow> replay;
  autoscale::ModelSearch::Launches launches;
  const auto with_resources =
      std::find_if(sweeps.begin(), sweeps.end(), [](const RecordedSweep& s) { return !s.pool.resources.empty(); });
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
  print_replay(replay, t, static_cast<bool>(launches));
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
    options = stepwise_options(o.fit);
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
  fmt::print("{} on {} ({} backend): {} measured points, {} random training sets per row, top-{} per size\n",
              run.kernel.c_str(), run.device_model.c_str(), run.info.backend.c_str(), pool.rows.size(), s.repeats, s.top_k);
  fmt::print("refits: theta {}, phi {} ({} gains), at most {} terms, {} observations per column, {} interior knot(s), "
             "{} interactions, {} refit, {} fit(s) averaged, response {}, launch parameters {}, derived parameters {}\n",
             options.theta, options.phi, model::to_string(options.gain), options.max_terms, options.rows_per_column,
             options.interior_knots, model::to_string(options.interactions), model::to_string(options.refit),
             options.bagging,
             options.log_response ? "ln(time)" : "time",
             offered.launch ? "on" : "off", offered.derived ? "on" : "off");
  fmt::print("{:>8} {:>9} {:>14} {:>12} {:>6} {:>18} {:>18}\n", "samples", "measured", "stepwise err %", "fixed err %", "terms",
              "model best/opt", "random best/opt");
  for (const auto& r : rows)
    fmt::print("{:8} {:8.1f}% {:14.2f} {:12.2f} {:6.1f} {:9.4f} (max {:.3f}) {:8.4f} (max {:.3f})\n", r.samples, 100 * r.measured_fraction,
                100 * r.stepwise_error, 100 * r.fixed_error, r.stepwise_terms, r.model_ratio_mean, r.model_ratio_max,
                r.random_ratio_mean, r.random_ratio_max);
  if (!replayable) {
    fmt::print("\nmodel tuner replay: not possible (the file models locked clocks; the tuner does not)\n");
    return;
  }
  fmt::print("\n");
  print_replay(replay, t, static_cast<bool>(launches));
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
  eval->add_option("--samples", e->samples, "Training set sizes, comma-separated")->delimiter(',');
  eval->add_option("--repeats", e->repeats, "Random training sets per size")
      ->check(bounded(L::evaluate_repeats));
  eval->add_option("--top-k", e->top_k, "Configurations measured per problem size from the model's best predictions")
      ->check(bounded(L::top_k));
  add_seed_option(*eval, e->seed);
  add_fit_options(eval, e->fit);
  eval->add_option("--tune-budget", e->tuner.warmup_budget, "Tuner replay: random configurations per warm-up size")
      ->check(bounded(L::replay_tune_budget));
  eval->add_option("--tuner-top-k", e->tuner.top_k, "Tuner replay: best predicted configurations per guided size and per "
                                                    "further round at the warm-up sizes")
      ->check(bounded(L::tuner_top_k));
  eval->add_option("--tuner-random", e->tuner.random, "Tuner replay: random further configurations per guided size")
      ->check(bounded(L::tuner_random));
  eval->add_option("--tuner-incumbents", e->tuner.incumbents, "Tuner replay: fastest of the previous size timed again")
      ->check(bounded(L::tuner_incumbents));
  eval->callback([e] { evaluate(*e); });
  return eval;
}

}  // namespace autobench::cli
