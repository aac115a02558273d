// `autobench-mpi model`: a Stargazer performance model of one kernel over tunables × sizes (× locked SM
// clocks) from random samples every rank measures a share of (the job: suite/runs/model_job.hpp); its
// options bound and checked here, and the fit options `model evaluate` shares.
#include <cstdint>
#include <memory>
#include <set>
#include <string>
#include <vector>

#include "suite/backend/sim/sim_model.hpp"
#include "suite/cli/commands.hpp"
#include "suite/cli/job_exit.hpp"
#include "suite/cli/model_fit_options.hpp"
#include "suite/cli/option_binding.hpp"
#include "suite/energy/calibrate.hpp"
#include "suite/runs/model_job.hpp"
#include "suite/model_file/model_file.hpp"

namespace autobench::cli {
namespace {
namespace L = campaign::limits;  // in the unnamed namespace: model_evaluate_command.cpp has one too (unity builds)
}  // namespace

void add_fit_options(CLI::App& cmd, model_file::FitSettings& f) {
  auto true_or_false = [](bool& value, const char* name) {
    return [&value, name](CLI::App& app, const std::string& help, const campaign::Limit*) {
      return app.add_option(name, value, help);
    };
  };
  add_options(cmd, model_file::fit_options(), f, "",
              {{"launch-parameters", true_or_false(f.launch_parameters, "--launch-parameters")},
               {"derived-parameters", true_or_false(f.derived_parameters, "--derived-parameters")}});
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
  std::uint64_t seed = 1;
  std::string output = "autobench-models";
  model_file::FitSettings fit;      // its own table, fit_options()
  std::string command_line;
};

// `model`'s options besides the fit's; the file records the run's outcome (suite/model_file/), not these.
const std::vector<campaign::Option<ModelOptions>>& model_options() {
  using M = ModelOptions;
  using campaign::kBackendOption, campaign::kSimDeviceOption, campaign::kSeedOption, campaign::kOutputOption;
  static const std::vector<campaign::Option<M>> table = {
      {"kernel", "", "Kernel to model (see `list`)", nullptr, +[](M& o) -> auto& { return o.kernel; }},
      {"samples", "", "Training samples, drawn uniformly at random from the space", nullptr,
       +[](M& o) -> auto& { return o.samples; }, &L::samples},
      {"test", "", "Held-out samples, drawn from the rest of the space", nullptr, +[](M& o) -> auto& { return o.test; },
       &L::test_samples},
      {"sizes", "", "Problem sizes, comma-separated (default: the kernel's start size x 4, 8, 16, 32, 64)", nullptr,
       +[](M& o) -> auto& { return o.sizes; }},
      {"clocks", "", "Also model the locked SM clock, MHz: a list 1200,1500,... or LO:HI:STEP (locking needs root; "
       "clocks are restored after each, and on signals)",
       nullptr, +[](M& o) -> auto& { return o.clocks; }},
      {kBackendOption.name, "", kBackendOption.help, nullptr, +[](M& o) -> auto& { return o.backend; }},
      {kSimDeviceOption.name, "", kSimDeviceOption.help, nullptr, +[](M& o) -> auto& { return o.sim_device; }},
      {"iterations", "", "Timed launches per sample after one warm-up; the median is the response", nullptr,
       +[](M& o) -> auto& { return o.iterations; }, &L::model_iterations},
      {kSeedOption.name, "", kSeedOption.help, nullptr, +[](M& o) -> auto& { return o.seed; }, kSeedOption.limit},
      {kOutputOption.name, "", kOutputOption.help, nullptr, +[](M& o) -> auto& { return o.output; }},
  };
  return table;
}

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
  p.stepwise = model_file::checked_stepwise(o.fit);
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
  add_options(*cmd, model_options(), *o);
  add_fit_options(*cmd, o->fit);

  CLI::App* pred = add_model_predict_command(*cmd);
  CLI::App* eval = add_model_evaluate_command(*cmd);
  cmd->callback([o, pred, eval] {
    if (pred->parsed() || eval->parsed()) return;
    if (o->kernel.empty()) throw UsageError("model: --kernel is required (see `list`)");
    run_model(*o);
  });
}

}  // namespace autobench::cli
