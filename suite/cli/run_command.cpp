// The main job (see run_command.hpp).
#include "suite/cli/run_command.hpp"

#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <memory>
#include <optional>
#include <sstream>

#include <nlohmann/json.hpp>
#include <fmt/format.h>

#include "suite/backend/compile_cache.hpp"
#include "suite/backend/factory.hpp"
#include "suite/build_info.hpp"
#include "suite/campaign/plan.hpp"
#include "suite/campaign/rank_campaigns.hpp"
#include "suite/cli/errors.hpp"
#include "suite/control/stop_signals.hpp"
#include "suite/control/time_budget.hpp"
#include "suite/energy/rank_power.hpp"
#include "suite/journal/journal.hpp"
#include "suite/journal/manifest.hpp"
#include "suite/journal/recovery.hpp"
#include "suite/mpi/gather.hpp"
#include "suite/mpi/mpi_session.hpp"
#include "suite/mpi/progress.hpp"
#include "suite/writing/run_file.hpp"
#include "suite/writing/run_directory.hpp"
#include "suite/results/json.hpp"
#include "suite/results/utc_time.hpp"

namespace autobench::cli {

// The rank the launcher gave this process, known before MPI starts (0 when not launched by MPI).
int launcher_rank() {
  for (const char* var : {"OMPI_COMM_WORLD_RANK", "PMIX_RANK", "PMI_RANK", "SLURM_PROCID"})
    if (const char* v = std::getenv(var)) return std::atoi(v);
  return 0;
}

namespace {

using Clock = std::chrono::steady_clock;

std::string campaign_line(const results::Campaign& c, const std::string& device, double since_start) {
  std::ostringstream o;
  o << "[" << fmt::format("{:7.1f}", since_start) << " s] rank " << c.rank << " (" << device << ") " << c.kernel << "/"
    << c.detector << " repeat " << c.repeat << ": " << c.points.size() << " sizes, ";
  if (c.knee_detected)
    o << "knee at " << c.knee_size << " (index " << c.knee_index << ")";
  else
    o << "no knee";
  o << ", stop " << results::to_string(c.stop_reason) << ", " << fmt::format("{:.2f}", c.elapsed_s) << " s";
  if (!c.error.empty()) o << ": " << c.error;
  return o.str();
}

}  // namespace

// Decides the backend every rank uses; throws UsageError when the request cannot be met.
std::string resolve_backend(const std::string& requested, const mpi::Session& mpi, bool& notice) {
  const int gpus = backend::visible_cuda_devices();
  if (requested == "auto") {
    const bool all_have_gpus = !mpi.any(gpus == 0) && backend::cuda_backend_built();
    notice = !all_have_gpus;
    return all_have_gpus ? "cuda" : "sim";
  }
  if (requested == "cuda") {
    if (!backend::cuda_backend_built())
      throw UsageError("--backend cuda is not available: this binary was built without CUDA (allowed: sim)");
    const bool too_many = gpus > 0 && mpi.local_size() > gpus;
    if (mpi.any(too_many))
      throw UsageError("--backend cuda: more ranks on a node than GPUs (" + std::to_string(mpi.local_size()) +
                       " ranks, " + std::to_string(gpus) + " GPUs visible on " + mpi::node_name() +
                       "); start at most one rank per GPU");
  }
  return requested;
}

namespace {

// Settings and plan of the run, checked before MPI starts: a resumed run uses its own settings.
struct Prepared {
  campaign::RunSettings settings;
  campaign::Plan plan;
  results::RunInfo resumed_info;  // valid when resuming
};

Prepared prepare(const RunRequest& request, bool print_errors) {
  Prepared p;
  try {
    p.settings = request.settings;
    if (!request.resume_dir.empty()) {
      const auto manifest = journal::read_manifest(request.resume_dir);
      p.settings = manifest.settings;
      p.settings.verbosity = request.settings.verbosity;
      p.settings.dry_run = request.settings.dry_run;
      p.resumed_info = manifest.info;
    }
  } catch (const std::invalid_argument& e) {
    throw UsageError(print_errors ? e.what() : "");
  }
  try {  // a resumed run's settings come from its run.json, which may have been edited since
    p.plan = p.settings.dry_run ? campaign::check_plan(p.settings) : campaign::make_plan(p.settings);
  } catch (const std::invalid_argument& e) {
    const std::string where = request.resume_dir.empty() ? "" : request.resume_dir + "/run.json: ";
    throw UsageError(print_errors ? where + e.what() : "");
  }
  return p;
}

// Checks that need MPI: output directory (rank 0), ranks of a resumed run, backend and GPUs per node.
// Returns the backend every rank uses; throws UsageError (with the message on rank 0 only).
std::string check_with_mpi(const RunRequest& request, const Prepared& prep, const mpi::Session& mpi) {
  const bool resuming = !request.resume_dir.empty();
  std::string problem;
  if (mpi.root() && !resuming) {
    try {
      writing::check_output_parent(prep.settings.output_dir);
    } catch (const std::invalid_argument& e) {
      problem = e.what();
    }
  }
  if (resuming && prep.resumed_info.ranks != mpi.size())
    problem = "--resume " + request.resume_dir + ": the run had " + std::to_string(prep.resumed_info.ranks) +
              " ranks; resume it with the same number (got " + std::to_string(mpi.size()) + ")";
  bool notice = false;
  std::string backend_name;
  try {
    backend_name = resolve_backend(resuming ? prep.resumed_info.backend : prep.settings.backend, mpi, notice);
  } catch (const UsageError& e) {
    if (problem.empty()) problem = e.what();
  }
  problem = mpi.broadcast(problem);
  if (!problem.empty()) throw UsageError(mpi.root() ? problem : "");

  if (notice && mpi.root())
    std::fprintf(stderr, "autobench-mpi: notice: no GPU visible on every rank; using the sim backend (simulated "
                         "devices; every result is labelled 'sim', none is a GPU measurement)\n");
  return backend_name;
}

// The plan as rank 0 prints it; with --dry-run also the first sweeps (a dry run costs the same for any
// matrix size).
void print_plan(const Prepared& prep, const mpi::Session& mpi, const std::string& backend_name,
                const std::string& run_dir) {
  const campaign::RunSettings& settings = prep.settings;
  std::fputs(campaign::describe(prep.plan, mpi.size(), backend_name,
                                settings.dry_run ? "(dry run)" : writing::result_path(run_dir)).c_str(), stdout);
  if (!settings.dry_run) return;
  constexpr std::size_t kShown = 20;
  const std::size_t count = prep.plan.sweep_count();
  for (std::size_t i = 0; i < std::min(count, kShown); ++i) {
    const campaign::SweepSpec sw = campaign::sweep_at(prep.plan, i);
    std::printf("  sweep %s repeat %d ->", sw.kernel.c_str(), sw.repeat);
    for (const auto& d : sw.detectors) std::printf(" %s", d.c_str());
    std::printf("\n");
  }
  if (count > kShown) std::printf("  ... and %zu more sweeps\n", count - kShown);
}

// The run's provenance: the resumed run's, or a new one that rank 0 records in the manifest.
results::RunInfo start_run_info(const RunRequest& request, const Prepared& prep, const mpi::Session& mpi,
                                const std::string& backend_name, const std::string& run_dir) {
  if (!request.resume_dir.empty()) return prep.resumed_info;
  results::RunInfo info;
  info.version = build_version();
  info.git_commit = build_git_commit();
  info.command_line = request.command_line;
  info.suite = prep.settings.suite;
  info.backend = backend_name;
  info.ranks = mpi.size();
  info.start_time = results::utc_now();
  if (mpi.root()) journal::write_manifest(run_dir, {prep.settings, info});
  return info;
}

// --time-budget, or (when negative) what the SLURM job has left, leaving time to gather and write.
double time_budget_s(const RunRequest& request, const mpi::Session& mpi) {
  if (request.time_budget_s >= 0) return request.time_budget_s;
  const double left = control::slurm_time_left_s();
  // Outside a SLURM job (or with an unlimited one) there is nothing to leave room for.
  const double usable = std::isinf(left) ? left : left - std::max(30.0, 0.1 * left);
  return std::stod(mpi.broadcast(std::to_string(usable)));
}

// The campaigns a resumed rank already finished (none when it never started).
std::vector<results::Campaign> finished_campaigns(const std::string& run_dir, int rank) {
  std::vector<results::Campaign> previous;
  try {
    previous = journal::read_file(journal::journal_path(run_dir, rank)).rank.campaigns;
    std::erase_if(previous, [](const results::Campaign& c) { return !journal::finished(c); });
  } catch (const std::runtime_error&) {
    // no journal: the rank never started; everything is measured
  }
  return previous;
}

// What one rank measured.
struct RankRun {
  results::RankResult mine;
  bool stopped_early = false;
};

// Each rank: its journal so far, its device (or why it cannot start), then the sweeps not yet done.
RankRun measure_rank(const RunRequest& request, const Prepared& prep, const mpi::Session& mpi,
                     const std::string& backend_name, const std::string& run_dir, Clock::time_point t0) {
  const campaign::RunSettings& settings = prep.settings;
  const bool resuming = !request.resume_dir.empty();
  control::TimeBudget budget(time_budget_s(request, mpi));

  RankRun out;
  results::RankResult& mine = out.mine;
  mine.rank = mpi.rank();
  std::vector<results::Campaign> previous;
  if (resuming) previous = finished_campaigns(run_dir, mpi.rank());
  journal::Writer journal(run_dir, mpi.rank());
  std::unique_ptr<backend::Device> device;
  std::optional<energy::RankPower> power;  // power windows and corrections (suite/energy/)
  try {
    if (settings.compile_cache) {
      backend::set_compile_cache(settings.compile_cache_dir.empty() ? backend::CompileCache::default_dir()
                                                                    : std::filesystem::path(settings.compile_cache_dir));
    }
    device = backend::open_device({backend_name, settings.sim_device, mpi.rank(), mpi.local_rank(), mpi.local_size(),
                                   settings.autoscale.seed, mpi::node_name(), settings.sim_realtime});
    mine.device = device->info();
    power.emplace(*device, settings.power);
    mine.device.calibration = power->calibration_json();
  } catch (const std::exception& e) {
    device.reset();
    mine.start_error = e.what();
    mine.device.backend = backend_name;
    mine.device.hostname = mpi::node_name();
  }
  journal.rank_started(mine);

  mpi::Progress progress(mpi.comm(), stdout, settings.verbosity > 0);
  const std::string label = device ? mine.device.name : "no device";
  const campaign::Plan rest = journal::remaining_plan(prep.plan, previous);
  std::string hello = "rank " + std::to_string(mpi.rank()) + " on " + mine.device.hostname + ": " +
                      (device ? label : "cannot start: " + mine.start_error);
  if (resuming) hello += " (resuming: " + std::to_string(previous.size()) + " campaigns already finished)";
  progress.post(hello);
  if (power && !power->notice().empty()) progress.post("rank " + std::to_string(mpi.rank()) + ": " + power->notice());
  if (device) {
    campaign::RankHooks hooks;
    hooks.measure_power = [&](backend::Workload& w, const kernels::Tunables& config, results::Point& p) {
      power->measure(w, config, p);
    };
    hooks.around_timing = [&](std::uint64_t n, const autoscale::Tuner::Timed& timed) {
      return power->around_timing(n, timed);
    };
    hooks.after_sweep = [&](std::vector<results::Campaign>& cs, const autoscale::SweepHooks::WorkloadAt& at) {
      power->after_sweep(cs, at);
    };
    hooks.finish_campaign = [&](results::Campaign& c) { power->finish(c); };
    hooks.on_point = [&](const campaign::SweepSpec& sw, const results::Point& p) {
      journal.point(sw.kernel, sw.repeat, p);
      if (settings.verbosity > 1)
        progress.post("  rank " + std::to_string(mpi.rank()) + " " + sw.kernel + " size " + std::to_string(p.size) +
                      ": " + fmt::format("{:.6g}", p.time_mean_s * 1e3) + " ms, " + fmt::format("{:.6g}", p.throughput));
      else
        progress.poll();
    };
    hooks.on_campaign = [&](const results::Campaign& c) {
      journal.campaign(c);
      progress.post(campaign_line(c, label, std::chrono::duration<double>(Clock::now() - t0).count()));
    };
    hooks.stop_requested = control::stop_requested;
    hooks.may_start = [&](const campaign::SweepSpec& sw) {
      const bool ok = budget.may_start(sw.kernel, std::chrono::duration<double>(Clock::now() - t0).count());
      if (!ok) progress.post("rank " + std::to_string(mpi.rank()) + ": time budget reached; not starting " + sw.kernel);
      return ok;
    };
    hooks.sweep_done = [&](const campaign::SweepSpec& sw, double s) { budget.record(sw.kernel, s); };
    auto fresh = campaign::run_rank(*device, rest, settings, mpi.rank(), hooks);
    out.stopped_early = journal::remaining_plan(rest, fresh).sweeps.size() > 0;
    mine.campaigns = std::move(previous);
    for (auto& c : fresh) mine.campaigns.push_back(std::move(c));
    journal::order_by_plan(prep.plan, mine.campaigns);
  }
  if (!out.stopped_early) journal.done();
  progress.finish();
  return out;
}

// Rank 0: writes the run's file from every rank's results and reports what went wrong. Returns the exit code.
int write_and_report(const Prepared& prep, results::RunInfo info, const std::vector<std::string>& gathered,
                     bool stopped_early, const std::string& backend_name, const std::string& run_dir,
                     Clock::time_point t0, Clock::time_point t_gathered) {
  const campaign::RunSettings& settings = prep.settings;
  int exit_code = stopped_early ? kExitStopped : 0;
  std::vector<results::RankResult> ranks;
  for (const auto& text : gathered) ranks.push_back(nlohmann::json::parse(text).get<results::RankResult>());
  info.end_time = results::utc_now();
  info.complete = !stopped_early;
  std::string path;
  try {
    path = writing::write_run_file(run_dir, info, ranks, campaign::to_json(settings).dump());
  } catch (const std::exception& e) {
    std::fprintf(stderr, "autobench-mpi: error: writing the result file in %s failed: %s\n", run_dir.c_str(),
                 e.what());
    exit_code = kExitFailure;
  }
  int failed_campaigns = 0;
  for (const auto& r : ranks) {
    if (!r.start_error.empty()) {
      exit_code = kExitFailure;
      std::fprintf(stderr, "autobench-mpi: rank %d could not start: %s\n", r.rank, r.start_error.c_str());
    }
    for (const auto& c : r.campaigns) failed_campaigns += c.stop_reason == results::StopReason::error;
  }
  if (failed_campaigns)
    std::fprintf(stderr, "autobench-mpi: warning: %d campaign(s) ended with an error (see stop_reason/error)\n",
                 failed_campaigns);
  if (stopped_early)
    std::fprintf(stderr, "autobench-mpi: stopped early%s; partial results marked incomplete. Continue with:\n"
                         "  autobench-mpi --resume %s\n",
                 control::stop_requested() ? " on a signal" : " (time budget)", run_dir.c_str());
  const double total = std::chrono::duration<double>(Clock::now() - t0).count();
  const double write_s = std::chrono::duration<double>(Clock::now() - t_gathered).count();
  if (!path.empty() && settings.verbosity > 0)
    std::printf("done in %.1f s (gather + write %.3f s); %s backend; results: %s\n", total, write_s,
                backend_name.c_str(), path.c_str());
  else if (!path.empty())
    std::printf("%s\n", path.c_str());
  return exit_code;
}

}  // namespace

int run_benchmarks(const RunRequest& request, int& argc, char**& argv) {
  const Prepared prep = prepare(request, launcher_rank() == 0);
  mpi::Session mpi(argc, argv);
  control::install_stop_handlers();
  const auto t0 = Clock::now();
  const std::string backend_name = check_with_mpi(request, prep, mpi);

  std::string run_dir = request.resume_dir;
  if (request.resume_dir.empty() && !prep.settings.dry_run)
    run_dir = mpi.broadcast(mpi.root() ? writing::create_run_directory(prep.settings.output_dir) : "");
  if (mpi.root() && prep.settings.verbosity > 0) print_plan(prep, mpi, backend_name, run_dir);
  if (prep.settings.dry_run) return 0;

  const results::RunInfo info = start_run_info(request, prep, mpi, backend_name, run_dir);
  const RankRun run = measure_rank(request, prep, mpi, backend_name, run_dir, t0);

  const bool stopped_early = mpi.any(run.stopped_early);
  const std::vector<std::string> gathered = mpi::gather_to_root(mpi.comm(), nlohmann::json(run.mine).dump());
  const auto t_gathered = Clock::now();
  int exit_code = stopped_early ? kExitStopped : 0;
  if (mpi.root()) exit_code = write_and_report(prep, info, gathered, stopped_early, backend_name, run_dir, t0, t_gathered);
  return std::stoi(mpi.broadcast(std::to_string(exit_code)));
}

}  // namespace autobench::cli
