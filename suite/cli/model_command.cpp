// `autobench-mpi model`: a Stargazer performance model of one kernel over tunables × sizes (× locked SM
// clocks) from random samples every rank measures a share of; `model predict FILE --config ...` asks it.
#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <map>
#include <memory>
#include <random>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>
#include <fmt/format.h>

#include "suite/results/utc_time.hpp"
#include "power/io/clock_lock.hpp"
#include "suite/backend/factory.hpp"
#include "suite/backend/sim/sim_model.hpp"
#include "suite/build_info.hpp"
#include "suite/cli/bounded.hpp"
#include "suite/cli/commands.hpp"
#include "suite/control/stop_signals.hpp"
#include "suite/cli/errors.hpp"
#include "suite/cli/shared_options.hpp"
#include "suite/cli/run_command.hpp"
#include "suite/energy/calibrate.hpp"
#include "suite/journal/compressed.hpp"
#include "suite/journal/journal.hpp"
#include "suite/results/result_json.hpp"
#include "suite/modeling/design_space.hpp"
#include "suite/modeling/learning_curves.hpp"
#include "suite/modeling/fitted_range.hpp"
#include "suite/dataset/regime.hpp"
#include "suite/modeling/derived_parameters.hpp"
#include "suite/modeling/measure_points.hpp"
#include "suite/modeling/recorded_probes.hpp"
#include "suite/modeling/tuner_replay.hpp"
#include "suite/mpi/gather.hpp"
#include "suite/mpi/mpi_session.hpp"
#include "suite/writing/model_file.hpp"
#include "suite/text/echo.hpp"
#include "suite/formatting/model_report.hpp"
#include "suite/writing/output_check.hpp"
#include "suite/writing/run_directory.hpp"

namespace autobench::cli {
namespace {

// How a model is fitted: `model` fits with these, `model evaluate` refits with them.
struct FitOptions {
  bool launch_parameters = false;
  bool derived_parameters = false;
  std::string interactions = "splines";
  std::string refit = "least-squares";
  double theta = 0.01, phi = 0.01;
  std::string gain = "relative";
  int max_terms = 20, knots = 2, rows_per_column = 4, bagging = 1;
  std::string response = "log-time";
};

struct ModelOptions {
  std::string kernel;
  std::int64_t samples = 100, test = 100;
  std::vector<std::int64_t> sizes;  // empty: modeling::default_sizes
  std::string clocks;               // empty: clocks not locked
  std::string backend = "auto";
  std::string sim_device = "H100 SXM";
  int iterations = 10;
  FitOptions fit;
  std::uint64_t seed = 1;
  std::string output = "autobench-models";
  std::string command_line;
};

struct PredictOptions {
  std::string file;
  std::string config;
};

struct EvaluateOptions {
  std::string file;
  std::vector<std::string> sweeps;  // run directories instead of `file`: replay the tuner over their recorded probes
  std::vector<std::int64_t> samples{25, 50, 100, 200};
  int repeats = 5, top_k = 4;
  std::uint64_t seed = 1;
  FitOptions fit;
  modeling::TunerReplaySettings tuner;
};

constexpr std::int64_t kMaxSize = std::int64_t{1} << 40;

// Throws std::invalid_argument naming the bad option and what is allowed.
model::StepwiseOptions stepwise_options(const FitOptions& f) {
  if (f.response != "time" && f.response != "log-time")
    throw std::invalid_argument("--response '" + f.response + "' is not allowed (allowed: time, log-time)");
  model::StepwiseOptions s;
  s.theta = f.theta;
  s.phi = f.phi;
  s.max_terms = f.max_terms;
  s.interior_knots = f.knots;
  s.rows_per_column = f.rows_per_column;
  s.bagging = f.bagging;
  s.log_response = f.response == "log-time";
  try {
    s.gain = model::gain_from_string(f.gain);
    s.interactions = model::interactions_from_string(f.interactions);
    s.refit = model::refit_from_string(f.refit);
    model::check(s);
  } catch (const std::invalid_argument& e) {
    throw std::invalid_argument(std::string("--") + e.what());
  }
  return s;
}

namespace L = campaign::limits;

void add_fit_options(CLI::App* cmd, FitOptions& f) {
  cmd->add_option("--launch-parameters", f.launch_parameters, "Also offer the launch geometry as parameters: "
                                                               "launch_threads, launch_blocks, block_threads (true or false)");
  cmd->add_option("--derived-parameters", f.derived_parameters,
                  "Also offer what the kernel derives from a configuration (GEMM: thread_tile_m, thread_tile_n, "
                  "a_loads_per_fma) and how full the launch keeps the device: blocks_per_sm, resident_threads "
                  "(from the SM count and residency limits of rank 0's GPU; true or false)");
  cmd->add_option("--interactions", f.interactions, "What an interaction multiplies: splines (every spline column of "
                                                    "both parameters) or linear (their linear columns only: one column)");
  cmd->add_option("--refit", f.refit, "The final fit of the chosen terms: least-squares, or ridge (penalty by generalized "
                                      "cross-validation: shrinks nearly collinear columns that least squares lets "
                                      "cancel on the training points and explode elsewhere)");
  cmd->add_option("--theta", f.theta, "A parameter enters when it raises adjusted R2 by more than this "
                                      "(see --gain)")->check(bounded(L::theta));
  cmd->add_option("--phi", f.phi, "An interaction enters when it raises adjusted R2 by more than this")
      ->check(bounded(L::phi));
  cmd->add_option("--gain", f.gain, "What theta and phi compare with: relative (the share of the variance still "
                                    "unexplained) or absolute (the paper's: of all the variance)");
  cmd->add_option("--max-terms", f.max_terms, "At most this many terms, interactions included")
      ->check(bounded(L::max_terms));
  cmd->add_option("--knots", f.knots, "Evenly spaced interior knots per numeric parameter")
      ->check(bounded(L::knots));
  cmd->add_option("--rows-per-column", f.rows_per_column, "A term is tried only while the model keeps this many "
                                                          "observations per column")
      ->check(bounded(L::rows_per_column));
  cmd->add_option("--bagging", f.bagging, "Average this many selections and fits on bootstrap resamples of the "
                                          "training points (1: one fit): steadier predictions from few samples")
      ->check(bounded(L::bagging));
  cmd->add_option("--response", f.response, "What the model fits: log-time (ln of the time; relative errors) or time");
}

// Everything a model run needs, checked before MPI starts; throws std::invalid_argument naming the bad value.
struct Plan {
  modeling::DesignSpace space;
  model::StepwiseOptions stepwise;
  backend::TimingPlan timing;
};

Plan plan_of(const ModelOptions& o) {
  Plan p;
  p.space.kernel = kernels::find(o.kernel);
  if (!p.space.kernel) throw std::invalid_argument("--kernel '" + o.kernel + "' is not a kernel (see `list`)");
  for (auto s : o.sizes) {
    if (s < 1 || s > kMaxSize)
      throw std::invalid_argument("--sizes " + std::to_string(s) + " is not allowed (allowed: 1.." + std::to_string(kMaxSize) + ")");
    const auto rounded = p.space.kernel->round_size(static_cast<std::uint64_t>(s));
    if (rounded != static_cast<std::uint64_t>(s))
      throw std::invalid_argument("--sizes " + std::to_string(s) + " is not allowed for " + o.kernel + " (allowed: multiples of " +
                                  std::to_string(p.space.kernel->granularity) + ")");
    p.space.sizes.push_back(rounded);
  }
  if (p.space.sizes.empty()) p.space.sizes = modeling::default_sizes(*p.space.kernel);
  const std::set<std::uint64_t> distinct(p.space.sizes.begin(), p.space.sizes.end());
  p.space.sizes.assign(distinct.begin(), distinct.end());
  for (auto s : p.space.sizes)
    if (modeling::configurations(*p.space.kernel, s).empty())
      throw std::invalid_argument("--sizes " + std::to_string(s) + ": " + o.kernel + " has no valid configuration at this size");
  if (!o.clocks.empty()) {
    const auto clocks = energy::parse_clocks(o.clocks);
    const std::set<unsigned> c(clocks.begin(), clocks.end());
    p.space.clocks_mhz.assign(c.begin(), c.end());
  }
  p.stepwise = stepwise_options(o.fit);
  p.space.offered.launch = o.fit.launch_parameters;
  p.space.offered.derived = o.fit.derived_parameters;
  const std::size_t space = modeling::space_size(p.space);
  if (static_cast<std::size_t>(o.samples + o.test) > space)
    throw std::invalid_argument("--samples " + std::to_string(o.samples) + " + --test " + std::to_string(o.test) +
                                " is more than the " + std::to_string(space) + " points of the space");
  if (o.backend != "auto" && o.backend != "cuda" && o.backend != "sim")
    throw std::invalid_argument("--backend '" + o.backend + "' is not allowed (allowed: auto, cuda, sim)");
  if (o.backend == "sim" && !o.sim_device.empty()) backend::sim::model_named(o.sim_device);  // throws naming the known models
  p.timing = backend::TimingPlan{1, o.iterations, false};
  return p;
}

// Collective: every rank's problem (or "") → the first one on every rank, thrown as UsageError (or
// RunFailure when not `usage`), printed by rank 0.
void refuse_if_any(const mpi::Session& mpi, const std::string& mine, bool usage = true) {
  const auto all = mpi::gather_to_root(mpi.comm(), mine);
  std::string first;
  for (const auto& p : all)
    if (first.empty() && !p.empty()) first = p;
  first = mpi.broadcast(first);
  if (!first.empty() && usage) throw UsageError(mpi.root() ? first : "");
  if (!first.empty()) throw RunFailure(mpi.root() ? first : "");
}

void run_model(const ModelOptions& o) {
  const bool talk = launcher_rank() == 0;
  Plan plan;
  try {
    plan = plan_of(o);
  } catch (const std::invalid_argument& e) {
    throw UsageError(talk ? e.what() : "");
  }
  int argc = 0;
  char** argv = nullptr;
  mpi::Session mpi(argc, argv);
  std::string backend_name, problem;
  try {
    backend_name = resolve_backend(o.backend, mpi);
  } catch (const UsageError& e) {
    problem = e.what();
  }
  if (mpi.root() && problem.empty()) {
    try {
      writing::check_output_directory("--output", o.output);
    } catch (const std::invalid_argument& e) {
      problem = e.what();
    }
  }
  refuse_if_any(mpi, problem);

  std::unique_ptr<backend::Device> device;
  std::string device_problem;
  try {
    device = backend::open_device({backend_name, o.sim_device, mpi.rank(), mpi.local_rank(), mpi.local_size(), o.seed,
                                   mpi::node_name(), 0, mpi.core_sharers()});
  } catch (const std::exception& e) {
    device_problem = "rank " + std::to_string(mpi.rank()) + " cannot start: " + e.what();
  }
  refuse_if_any(mpi, device_problem, false);
  // One model of one device model: mixed device models would fit their differences as noise.
  const auto models = mpi::gather_to_root(mpi.comm(), device->info().model);
  if (mpi.root())
    for (std::size_t r = 1; r < models.size(); ++r)
      if (models[r] != models[0])
        device_problem = "ranks run on different device models (rank 0: '" + models[0] + "', rank " + std::to_string(r) +
                         ": '" + models[r] + "'); a model is fitted for one device model: start the ranks on one GPU model";
  refuse_if_any(mpi, device_problem);
  const auto& info = device->info();
  plan.space.offered.device = backend::occupancy_for(info.sm_count, info.cc_major, info.cc_minor);

  // Every rank draws the same sample from the seed and measures every size-th point from its rank on.
  std::mt19937_64 rng(o.seed);
  const auto points = modeling::sample(plan.space, static_cast<std::size_t>(o.samples + o.test), rng);
  std::vector<modeling::DesignPoint> share;
  std::vector<std::size_t> indices;
  for (std::size_t i = static_cast<std::size_t>(mpi.rank()); i < points.size(); i += static_cast<std::size_t>(mpi.size())) {
    share.push_back(points[i]);
    indices.push_back(i);
  }
  const auto start = results::utc_now();
  if (mpi.root())
    fmt::print("model: {} on {} rank(s) ({}), {} training + {} held-out samples of {} points, {} size(s){}\n",
                o.kernel.c_str(), mpi.size(), models[0].c_str(), static_cast<long long>(o.samples),
                static_cast<long long>(o.test), modeling::space_size(plan.space), plan.space.sizes.size(),
                plan.space.clocks_mhz.empty() ? "" : (", " + std::to_string(plan.space.clocks_mhz.size()) + " locked clock(s)").c_str());
  std::fflush(stdout);
  nlohmann::json mine{{"indices", indices}, {"error", ""}};
  const auto t0 = std::chrono::steady_clock::now();
  try {
    if (!plan.space.clocks_mhz.empty()) control::install_stop_handlers(control::OnSignal::end_now);
    mine["times"] = modeling::measure_points(*device, *plan.space.kernel, share, plan.timing);
  } catch (const power::io::ClockError& e) {
    mine["error"] = std::string("clock lock failed: ") + e.what() + " (locking clocks needs root and a clock the GPU supports)";
  } catch (const std::exception& e) {
    mine["error"] = e.what();
  }
  const double measured_s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  const auto gathered = mpi::gather_to_root(mpi.comm(), mine.dump());

  int exit_code = 0;
  if (mpi.root()) {
    std::vector<double> times(points.size(), NAN);
    std::vector<std::int64_t> by(points.size(), -1);
    std::string errors;
    for (std::size_t r = 0; r < gathered.size(); ++r) {
      const auto j = nlohmann::json::parse(gathered[r]);
      if (!j.at("error").get<std::string>().empty()) {
        errors += (errors.empty() ? "" : "; ") + ("rank " + std::to_string(r) + ": " + j.at("error").get<std::string>());
        continue;
      }
      const auto idx = j.at("indices").get<std::vector<std::size_t>>();
      const auto t = j.at("times").get<std::vector<double>>();
      for (std::size_t k = 0; k < idx.size(); ++k) times[idx[k]] = t[k], by[idx[k]] = static_cast<std::int64_t>(r);
    }
    try {
      if (!errors.empty()) throw RunFailure("measuring the samples failed (no model written): " + errors);
      modeling::ModelRun run;
      run.info = {build_version(), build_git_commit(), o.command_line, "model", backend_name, start, "", mpi.size(), true};
      run.kernel = o.kernel;
      run.device_model = models[0];
      run.sm_count = info.sm_count;
      run.cc_major = info.cc_major;
      run.cc_minor = info.cc_minor;
      run.seed = o.seed;
      run.sizes = plan.space.sizes;
      run.clocks_mhz = plan.space.clocks_mhz;
      run.options = plan.stepwise;
      for (std::size_t i = 0; i < points.size(); ++i) {
        auto& set = i < static_cast<std::size_t>(o.samples) ? run.training : run.test;
        set.rows.push_back(modeling::to_row(points[i], plan.space));
        set.time_s.push_back(times[i]);
        set.rank.push_back(by[i]);
      }
      try {
        const auto names = modeling::parameter_names(plan.space);
        std::vector<model::Row> all = run.training.rows;
        all.insert(all.end(), run.test.rows.begin(), run.test.rows.end());
        run.selection = model::select(names, run.training.rows, run.training.time_s, plan.stepwise, model::coding_of(names, all));
        run.errors = model::held_out_errors(run.selection.model, run.test.rows, run.test.time_s);
      } catch (const std::invalid_argument& e) {
        throw RunFailure(std::string("fitting the model failed: ") + e.what());
      }
      run.info.end_time = results::utc_now();
      const std::string path = writing::create_run_directory(o.output) + "/model.h5";
      try {
        writing::write_model_file(path, run);
      } catch (const std::exception& e) {
        throw RunFailure(std::string("writing the model file failed: ") + e.what());
      }
      fmt::print("measured in {:.1f} s; model: {} terms, R2 {:.4f}, held-out mean error {:.2f} % ({} points)\n{}\n",
                  measured_s, run.selection.model.terms().size(), run.selection.r_squared,
                  100 * run.errors.mean_relative, run.errors.points, path.c_str());
    } catch (const RunFailure& e) {
      fmt::print(stderr, "autobench-mpi: error: {}\n",
                 text::printable(e.what(), text::kMessageBytes));
      exit_code = kExitFailure;
    }
  }
  if (std::stoi(mpi.broadcast(std::to_string(exit_code))) != 0) throw RunFailure("");
}

// "NAME=VALUE,..." → one value per parameter of the model; a constant parameter may be left out, and
// so may the derived parameters: they are computed from the others with `kernel` (when it is known) on
// `device`, and a value given for one must be the computed one.
model::Row parse_point(const std::string& spec, const std::vector<model::Parameter>& parameters,
                       const kernels::KernelSpec* kernel, const backend::Occupancy& device) {
  std::map<std::string, double> given;
  std::istringstream in(spec);
  for (std::string item; std::getline(in, item, ',');) {
    const auto eq = item.find('=');
    if (eq == std::string::npos) throw UsageError("--config item '" + item + "' is not NAME=VALUE");
    const std::string name = item.substr(0, eq), text = item.substr(eq + 1);
    std::size_t used = 0;
    double v = NAN;
    try {
      v = std::stod(text, &used);
    } catch (const std::exception&) {
    }
    if (used != text.size() || !std::isfinite(v)) throw UsageError("--config " + name + "='" + text + "' is not a finite number");
    if (!given.emplace(name, v).second) throw UsageError("--config names " + name + " twice (give each parameter once)");
  }
  const auto derived = [&](const model::Parameter& p) { return kernel != nullptr && modeling::is_derived_parameter(*kernel, p.name()); };
  std::string names;
  for (const auto& p : parameters)
    if (!derived(p)) names += (names.empty() ? "" : ", ") + p.name();
  std::vector<std::string> base;  // the parameters given or constant, in order
  modeling::Samples point;
  point.rows.emplace_back();
  std::map<std::string, double> derived_given;
  for (const auto& p : parameters) {
    const auto it = given.find(p.name());
    if (derived(p)) {
      if (it != given.end()) {
        derived_given.insert(*it);
        given.erase(it);
      }
      continue;
    }
    double v = NAN;
    if (it != given.end()) {
      v = it->second;
      given.erase(it);
    } else if (p.kind() == model::ParameterKind::constant && !p.levels().empty()) {
      v = p.levels().front();
    }
    if (std::isnan(v)) throw UsageError("--config has no value for " + p.name() + " (the model's parameters: " + names + ")");
    base.push_back(p.name());
    point.rows.front().push_back(v);
  }
  if (!given.empty()) throw UsageError("--config names '" + given.begin()->first + "', which is not a parameter of the model (allowed: " + names + ")");
  if (base.size() < parameters.size()) {
    std::vector<std::string> all;
    for (const auto& p : parameters) all.push_back(p.name());
    try {
      modeling::set_derived_parameters(*kernel, modeling::offered_by(all, device), base, point);
    } catch (const std::invalid_argument& e) {
      throw UsageError(std::string("--config: ") + e.what());
    }
  }
  model::Row row;
  for (const auto& p : parameters)
    row.push_back(point.rows.front()[static_cast<std::size_t>(std::find(base.begin(), base.end(), p.name()) - base.begin())]);
  for (std::size_t i = 0; i < parameters.size(); ++i) {
    const auto it = derived_given.find(parameters[i].name());
    if (it != derived_given.end() && it->second != row[i])
      throw UsageError(fmt::format("--config {}={} does not match the configuration and size, which give {} (leave it out)",
                                   it->first, it->second, row[i]));
  }
  return row;
}

modeling::ModelRun read_for(const char* what, const std::string& file);

// The residency limits of the file's device (SM count 0 when the file does not record it).
backend::Occupancy device_of(const modeling::ModelRun& run) {
  return backend::occupancy_for(run.sm_count, run.cc_major, run.cc_minor);
}

void predict(const PredictOptions& o) {
  const modeling::ModelRun run = read_for("model predict", o.file);
  const auto& m = run.selection.model;
  const model::Row row = parse_point(o.config, m.parameters(), kernels::find(run.kernel), device_of(run));
  double t = NAN;
  try {
    t = m.predict(row);
  } catch (const std::invalid_argument& e) {
    throw UsageError(std::string("--config: ") + e.what());
  }
  if (!std::isfinite(t) || t <= 0)
    throw RunFailure(fmt::format("model predict: {}: the model predicts {} s at this point (not a time)", o.file, t));
  for (const std::string& outside : modeling::outside_fitted_range(m.parameters(), row))
    fmt::print(stderr, "autobench-mpi: warning: extrapolation: {} (the prediction is not backed by measurements)\n",
               outside);
  fmt::print("predicted time {:.6g} s ({}, {})\n", t, run.kernel.c_str(), run.device_model.c_str());
  for (const auto* set : {&run.training, &run.test})
    for (std::size_t i = 0; i < set->rows.size(); ++i)
      if (set->rows[i] == row)
        fmt::print("measured {:.6g} s ({} sample, rank {}): error {:+.2f} %\n", set->time_s[i],
                    set == &run.training ? "training" : "held-out", static_cast<long long>(set->rank[i]),
                    100 * (t - set->time_s[i]) / set->time_s[i]);
}

modeling::ModelRun read_for(const char* what, const std::string& file) {
  try {
    return writing::read_model_file(file);
  } catch (const std::runtime_error& e) {
    throw UsageError(std::string(what) + ": " + e.what());
  }
}

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

void add_model_command(CLI::App& app, const std::string& command_line) {
  auto o = std::make_shared<ModelOptions>();
  o->command_line = command_line;
  auto* cmd = app.add_subcommand("model", "Stargazer performance model of a kernel: random samples of tunables x sizes "
                                          "(x locked SM clocks), shared among the ranks, fitted by stepwise spline "
                                          "regression into an HDF5 model file (see `report` and `model predict`)");
  cmd->option_defaults()->always_capture_default();
  cmd->add_option("--kernel", o->kernel, "Kernel to model (see `list`)");
  cmd->add_option("--samples", o->samples, "Training samples, drawn uniformly at random from the space")
      ->check(bounded(L::samples));
  cmd->add_option("--test", o->test, "Held-out samples, drawn from the rest of the space")
      ->check(bounded(L::test_samples));
  cmd->add_option("--sizes", o->sizes, "Problem sizes, comma-separated (default: the kernel's start size x 4, 8, 16, 32, 64)")
      ->delimiter(',');
  cmd->add_option("--clocks", o->clocks, "Also model the locked SM clock, MHz: a list 1200,1500,... or LO:HI:STEP "
                                         "(locking needs root; clocks are restored after each, and on signals)");
  add_device_options(*cmd, o->backend, o->sim_device);
  cmd->add_option("--iterations", o->iterations, "Timed launches per sample after one warm-up; the median is the response")
      ->check(bounded(L::model_iterations));
  add_fit_options(cmd, o->fit);
  add_seed_option(*cmd, o->seed);
  add_output_option(*cmd, o->output);

  auto p = std::make_shared<PredictOptions>();
  auto* pred = cmd->add_subcommand("predict", "Predict the time of one point from a model file");
  pred->add_option("file", p->file, "Model file written by `model` (model.h5)")->required();
  pred->add_option("--config", p->config, "The point: NAME=VALUE for every parameter, comma-separated, e.g. "
                                          "MWG=64,NWG=64,...,size=4096 (constant parameters may be left out)")
      ->required();
  pred->callback([p] { predict(*p); });

  auto e = std::make_shared<EvaluateOptions>();
  auto* eval = cmd->add_subcommand("evaluate", "Learning curve from a model file's measured points: held-out error "
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
  cmd->callback([o, pred, eval] {
    if (pred->parsed() || eval->parsed()) return;
    if (o->kernel.empty()) throw UsageError("model: --kernel is required (see `list`)");
    run_model(*o);
  });
}

}  // namespace autobench::cli
