// `autobench-mpi model`: a Stargazer performance model of one kernel over tunables × sizes (× locked SM
// clocks) from random samples every rank measures a share of (the job: suite/runs/model_job.hpp); its
// options bound and checked here, and the fit options `model evaluate` shares.
#include <cstdint>
#include <memory>
#include <set>
#include <string>
#include <vector>

#include "suite/backend/sim/sim_model.hpp"
#include "suite/cli/bounded.hpp"
#include "suite/cli/commands.hpp"
#include "suite/cli/job_exit.hpp"
#include "suite/cli/model_fit_options.hpp"
#include "suite/cli/shared_options.hpp"
#include "suite/energy/calibrate.hpp"
#include "suite/runs/model_job.hpp"
#include "suite/model_file/model_file.hpp"

namespace autobench::cli {
namespace {
namespace L = campaign::limits;  // in the unnamed namespace: model_evaluate_command.cpp has one too (unity builds)
}  // namespace

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
  s.gain = model::kGainNames.value_for("--gain", f.gain);
  s.interactions = model::kInteractionsNames.value_for("--interactions", f.interactions);
  s.refit = model::kRefitNames.value_for("--refit", f.refit);
  try {
    model::check(s);
  } catch (const std::invalid_argument& e) {
    throw std::invalid_argument(std::string("--") + e.what());
  }
  return s;
}

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

modeling::ModelRun read_for(const char* what, const std::string& file) {
  try {
    return model_file::read_model_file(file);
  } catch (const std::runtime_error& e) {
    throw UsageError(std::string(what) + ": " + e.what());
  }
}

backend::Occupancy device_of(const modeling::ModelRun& run) {
  return backend::occupancy_for(run.sm_count, run.cc_major, run.cc_minor);
}

namespace {

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

constexpr std::int64_t kMaxSize = std::int64_t{1} << 40;

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

void run_model(const ModelOptions& o) {
  Plan plan;
  try {
    plan = plan_of(o);
  } catch (const std::invalid_argument& e) {
    throw UsageError(runs::launcher_rank() == 0 ? e.what() : "");
  }
  end_with(runs::run_model({plan.space, plan.stepwise, plan.timing, o.samples, o.test, o.backend, o.sim_device, o.seed,
                            o.output, o.command_line}));
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

  CLI::App* pred = add_model_predict_command(*cmd);
  CLI::App* eval = add_model_evaluate_command(*cmd);
  cmd->callback([o, pred, eval] {
    if (pred->parsed() || eval->parsed()) return;
    if (o->kernel.empty()) throw UsageError("model: --kernel is required (see `list`)");
    run_model(*o);
  });
}

}  // namespace autobench::cli
