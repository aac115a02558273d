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

#include "suite/backend/backend_choice.hpp"
#include "suite/backend/compile_cache.hpp"
#include "suite/backend/factory.hpp"
#include "suite/build_info.hpp"
#include "suite/campaign/plan.hpp"
#include "suite/campaign/rank_campaigns.hpp"
#include "suite/cli/errors.hpp"
#include "suite/backend/parallel_for.hpp"
#include "suite/control/phase_timer.hpp"
#include "suite/control/stop_signals.hpp"
#include "suite/control/time_budget.hpp"
#include "suite/energy/rank_power.hpp"
#include "suite/formatting/progress_text.hpp"
#include "suite/formatting/rank_failures.hpp"
#include "suite/formatting/rank_time_split.hpp"
#include "suite/journal/journal.hpp"
#include "suite/journal/manifest.hpp"
#include "suite/journal/recovery.hpp"
#include "suite/mpi/gather.hpp"
#include "suite/mpi/mpi_session.hpp"
#include "suite/mpi/progress.hpp"
#include "suite/files/atomic_file.hpp"
#include "suite/writing/run_file.hpp"
#include "suite/writing/output_check.hpp"
#include "suite/writing/run_directory.hpp"
#include "suite/writing/rank_message.hpp"
#include "suite/writing/run_lock.hpp"
#include "suite/results/result_json.hpp"
#include "suite/results/knee_status.hpp"
#include "suite/results/utc_time.hpp"

namespace autobench::cli {

// The rank the launcher gave this process, known before MPI starts (0 when not launched by MPI).
int launcher_rank() {
  for (const char* var : {"OMPI_COMM_WORLD_RANK", "PMIX_RANK", "PMI_RANK", "SLURM_PROCID"})
    if (const char* v = std::getenv(var)) return std::atoi(v);
  return 0;
}

std::string autobench_command(int ranks, const std::string& args) {
  return (ranks > 1 ? "mpirun -n " + std::to_string(ranks) + " " : std::string()) + "autobench-mpi " + args;
}

namespace {

using Clock = std::chrono::steady_clock;

std::string campaign_line(const results::Campaign& c, const std::string& device, double since_start) {
  std::ostringstream o;
  o << "[" << fmt::format("{:7.1f}", since_start) << " s] rank " << c.rank << " (" << device << ") " << c.kernel << "/"
    << c.detector << " repeat " << c.repeat << ": " << c.points.size() << " sizes, ";
  if (c.knee_detected)  // an edge knee (results/knee_status.hpp) is said to be one
    o << (results::knee_status(c) == results::KneeStatus::edge ? "edge knee at " : "knee at ") << c.knee_size
      << " (index " << c.knee_index << ")";
  else
    o << "no knee";
  o << ", stop " << results::to_string(c.stop_reason) << ", " << fmt::format("{:.2f}", c.elapsed_s) << " s";
  if (!c.error.empty()) o << ": " << c.error;
  return o.str();
}

}  // namespace

// Decides the backend every rank uses from what every rank sees (suite/backend/backend_choice.hpp); a
// collective call. Throws UsageError (its message on rank 0) when the request cannot be met; rank 0 says
// so when auto chose the sim backend.
std::string resolve_backend(const std::string& requested, const mpi::Session& mpi) {
  const std::vector<std::string> seen = mpi::gather_to_root(
      mpi.comm(), std::to_string(backend::visible_cuda_devices()) + " " + std::to_string(mpi.local_size()) + " " +
                      mpi::node_name());
  backend::BackendChoice choice;
  if (mpi.root()) {
    std::vector<backend::RankView> ranks;
    for (std::size_t r = 0; r < seen.size(); ++r) {
      backend::RankView v{static_cast<int>(r), "", 0, 1};
      std::istringstream in(seen[r]);
      in >> v.gpus >> v.local_ranks >> std::ws;
      std::getline(in, v.host);
      ranks.push_back(v);
    }
    choice = backend::choose_backend(requested, ranks, std::getenv("SLURM_JOB_ID") != nullptr,
                                     backend::cuda_backend_built());
  }
  if (const std::string problem = mpi.broadcast(choice.problem); !problem.empty())
    throw UsageError(mpi.root() ? problem : "");
  if (!choice.notice.empty()) fmt::print(stderr, "autobench-mpi: notice: {}\n", choice.notice.c_str());
  return mpi.broadcast(choice.backend);
}

namespace {

// Settings and plan of the run, checked before MPI starts: a resumed run uses its own settings.
struct Prepared {
  campaign::RunSettings settings;
  campaign::Plan plan;
  results::RunInfo resumed_info;  // valid when resuming
  std::string resumed_run_id;     // the resumed run's identity (run.json)
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
      p.resumed_run_id = manifest.run_id;
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

// How every rank ends, agreed on: the same exit code, and rank 0's message (usage error for exit 2, run
// failure for exit 1) that every rank throws once it has left the abort guard (run_benchmarks).
struct Outcome {
  int exit_code = 0;
  std::string message;  // "" on other ranks and when there is nothing to say
};

// What every rank knows about the run once it has been checked.
struct RunContext {
  const Prepared& prep;
  const RunRequest& request;
  bool resuming = false;
  std::string backend;  // the backend every rank uses
  std::string run_dir;
  Clock::time_point t0;
  std::string run_id;  // written in run.json and in every journal's "rank" records
};

// A resumed run must not destroy what its results file holds: refused (exit 2) when the journals lack
// part of it. Sets `complete` when the file and the journals already hold the whole run.
std::string check_resume(const RunContext& ctx, bool& complete) {
  const std::string& dir = ctx.request.resume_dir;
  try {
    const auto run =
        journal::rebuild_run(dir, {ctx.prep.settings, ctx.prep.resumed_info, ctx.run_id}, ctx.prep.plan);
    const auto held = journal::compare_results_file(writing::result_path(dir), run);
    complete = (held == journal::HeldFile::same && run.complete) || held == journal::HeldFile::complete;
    return "";
  } catch (const std::exception& e) {
    return "--resume " + dir + ": " + e.what();
  }
}

// Checks that need MPI, before anything is written: the output directory (rank 0), a resumed run's
// ranks, lock (taken by rank 0 into `lock`) and results file, the backend and GPUs per node. Rank 0's
// first problem, on every rank.
std::string check_run(RunContext& ctx, const mpi::Session& mpi, bool& nothing_left, std::optional<writing::RunLock>& lock) {
  std::string problem;
  if (mpi.root() && !ctx.resuming) {
    try {
      writing::check_output_directory("--output", ctx.prep.settings.output_dir);
    } catch (const std::invalid_argument& e) {
      problem = e.what();
    }
  }
  if (ctx.resuming && ctx.prep.resumed_info.ranks != mpi.size())
    problem = "--resume " + ctx.request.resume_dir + ": the run had " + std::to_string(ctx.prep.resumed_info.ranks) +
              " ranks; resume it with the same number (got " + std::to_string(mpi.size()) + ")";
  if (mpi.root() && ctx.resuming && problem.empty()) {
    try {
      lock.emplace(ctx.request.resume_dir, mpi::node_name());
      problem = check_resume(ctx, nothing_left);
    } catch (const std::exception& e) {
      problem = "--resume " + ctx.request.resume_dir + ": " + e.what();
    }
  }
  try {
    ctx.backend = resolve_backend(ctx.resuming ? ctx.prep.resumed_info.backend : ctx.prep.settings.backend, mpi);
  } catch (const UsageError& e) {
    if (problem.empty()) problem = e.what();
  }
  nothing_left = mpi.broadcast(nothing_left ? "1" : "") == "1";
  return mpi.broadcast(problem);
}

// Rank 0 creates the run directory, takes its lock and writes its manifest; every rank gets the directory
// and the run's identity, or rank 0's reason why it could not be written.
std::string start_run_directory(RunContext& ctx, const mpi::Session& mpi, results::RunInfo& info,
                                std::optional<writing::RunLock>& lock) {
  info.version = build_version();
  info.git_commit = build_git_commit();
  info.command_line = ctx.request.command_line;
  info.suite = ctx.prep.settings.suite;
  info.backend = ctx.backend;
  info.ranks = mpi.size();
  info.start_time = results::utc_now();
  std::string problem;
  if (mpi.root()) {
    try {
      ctx.run_dir = writing::create_run_directory(ctx.prep.settings.output_dir);
      lock.emplace(ctx.run_dir, mpi::node_name());
      ctx.run_id = journal::new_run_id(mpi::node_name());
      journal::write_manifest(ctx.run_dir, {ctx.prep.settings, info, ctx.run_id});
    } catch (const std::exception& e) {
      problem = e.what();
      lock.reset();
      std::error_code ignored;
      if (!ctx.run_dir.empty()) std::filesystem::remove_all(ctx.run_dir, ignored);  // nothing was measured into it
    }
  }
  ctx.run_dir = mpi.broadcast(ctx.run_dir);
  ctx.run_id = mpi.broadcast(ctx.run_id);
  return mpi.broadcast(problem);
}

// --time-budget, else the SLURM job's time left, leaving time to gather and write. Only rank 0 asks
// SLURM (squeue); every rank gets its answer.
double time_budget_s(double requested, const mpi::Session& mpi) {
  if (requested >= 0) return requested;
  double usable = 0;
  if (mpi.root()) {
    const double left = control::slurm_time_left_s();
    // Outside a SLURM job (or with an unlimited one) there is nothing to leave room for.
    usable = std::isinf(left) ? left : left - std::max(30.0, 0.1 * left);
  }
  return std::stod(mpi.broadcast(std::to_string(usable)));
}

// The finished campaigns of this rank's journal (resume); none when it has no readable journal.
std::vector<results::Campaign> journaled_campaigns(const std::string& run_dir, int rank) {
  try {
    auto previous = journal::read_file(journal::journal_path(run_dir, rank)).rank.campaigns;
    std::erase_if(previous, [](const results::Campaign& c) { return !journal::finished(c); });
    return previous;
  } catch (const std::runtime_error&) {
    return {};  // no journal: the rank never started; everything is measured
  }
}

struct RankRun {
  results::RankResult result;
  bool stopped_early = false;  // a signal or the time budget
};

// This rank's device and its power measurement (suite/energy/), or why it cannot start.
struct RankDevice {
  std::unique_ptr<backend::Device> device;
  std::optional<energy::RankPower> power;
};

// Opens this rank's device into `dev`, before anything is written: its description, or why it cannot
// start, goes into `mine`.
void open_rank_device(const RunContext& ctx, const mpi::Session& mpi, RankDevice& dev, results::RankResult& mine) {
  const campaign::RunSettings& settings = ctx.prep.settings;
  mine.rank = mpi.rank();
  mine.device.backend = ctx.backend;
  mine.device.hostname = mpi::node_name();
  try {
    if (settings.compile_cache)
      backend::set_compile_cache(settings.compile_cache_dir.empty() ? backend::CompileCache::default_dir()
                                                                    : std::filesystem::path(settings.compile_cache_dir));
    dev.device = backend::open_device({ctx.backend, settings.sim_device, mpi.rank(), mpi.local_rank(), mpi.local_size(),
                                       settings.autoscale.seed, mpi::node_name(), settings.sim_realtime,
                                       mpi.core_sharers()});
    mine.device = dev.device->info();
    dev.power.emplace(*dev.device, settings.power);
    mine.device.calibration = dev.power->calibration_json();
  } catch (const std::exception& e) {
    dev.power.reset();
    dev.device.reset();
    mine.start_error = e.what();
  }
}

// A resume needs every rank's device: rank 0's message naming the first rank that cannot start (every
// rank gets it), before any journal or file of the run is touched; "" when all can.
std::string resume_start_problem(const RunContext& ctx, const mpi::Session& mpi, const std::string& start_error) {
  const std::vector<std::string> errors = mpi::gather_to_root(mpi.comm(), start_error);
  std::string problem;
  for (std::size_t r = 0; r < errors.size() && problem.empty(); ++r)
    if (!errors[r].empty())
      problem = "--resume " + ctx.run_dir + ": rank " + std::to_string(r) + " cannot start (" + errors[r] +
                "); nothing was measured or changed";
  return mpi.broadcast(problem);
}

// This rank's part on its opened device (or none, when it cannot start): its journal so far, then the
// sweeps not yet done. Never throws: an error that ends the rank (a lost device, a journal that cannot
// be written) is recorded in result.error with the campaigns finished before it, and reaches rank 0
// with the results.
RankRun measure_rank(const RunContext& ctx, const mpi::Session& mpi, mpi::Progress& progress,
                     control::TimeBudget& budget, RankDevice& dev, const results::RankResult& opened) {
  const campaign::RunSettings& settings = ctx.prep.settings;
  const std::string me = "rank " + std::to_string(mpi.rank());
  RankRun out;
  results::RankResult& mine = out.result;
  mine = opened;
  const std::vector<results::Campaign> previous =
      ctx.resuming ? journaled_campaigns(ctx.run_dir, mpi.rank()) : std::vector<results::Campaign>{};
  std::vector<results::Campaign> fresh;
  std::optional<journal::Writer> journal;
  try {
    journal.emplace(ctx.run_dir, mpi.rank(), ctx.run_id);
    std::unique_ptr<backend::Device>& device = dev.device;
    std::optional<energy::RankPower>& power = dev.power;
    journal->rank_started(mine);

    const std::string label = device ? mine.device.name : "no device";
    const campaign::Plan rest = journal::remaining_plan(ctx.prep.plan, previous);
    std::string hello = me + " on " + mine.device.hostname + ": " +
                        (device ? label : "cannot start: " + mine.start_error);
    if (ctx.resuming) hello += " (resuming: " + std::to_string(previous.size()) + " campaigns already finished)";
    progress.post(hello);
    if (power && !power->notice().empty()) progress.post(me + ": " + power->notice());
    if (device) {
      std::string journal_error;  // a point that cannot be journaled stops the rank: it could be lost
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
        try {
          journal->point(sw.kernel, sw.repeat, p);
        } catch (const std::exception& e) {
          if (journal_error.empty()) journal_error = e.what();
        }
        if (settings.verbosity > 1)
          progress.post("  " + me + " " + sw.kernel + " size " + std::to_string(p.size) + ": " +
                        fmt::format("{:.6g}", p.time_mean_s * 1e3) + " ms, " + fmt::format("{:.6g}", p.throughput));
        else
          progress.poll();
      };
      formatting::RankProgress count{previous.size(), previous.size(), ctx.prep.plan.campaigns_per_rank(), 0.0};
      hooks.on_campaign = [&](const results::Campaign& c) {
        fresh.push_back(c);
        journal->campaign(c);
        count.elapsed_s = std::chrono::duration<double>(Clock::now() - ctx.t0).count();
        ++count.done;
        if (!control::stop_requested())  // once stopping, the stop notice stays the last line should mpirun kill us
          progress.post_campaign(campaign_line(c, label, count.elapsed_s), count);
      };
      hooks.stop_requested = [&] { return !journal_error.empty() || control::stop_requested(); };
      hooks.may_start = [&](const campaign::SweepSpec& sw) {
        const bool ok = budget.may_start(sw.kernel, std::chrono::duration<double>(Clock::now() - ctx.t0).count());
        if (!ok) progress.post(me + ": time budget reached; not starting " + sw.kernel);
        return ok;
      };
      hooks.sweep_done = [&](const campaign::SweepSpec& sw, double s) { budget.record(sw.kernel, s); };
      campaign::run_rank(*device, rest, settings, mpi.rank(), hooks);  // campaigns arrive through on_campaign
      if (!journal_error.empty()) throw files::WriteError(journal_error);
      out.stopped_early = !journal::remaining_plan(rest, fresh).sweeps.empty();
    }
    if (!out.stopped_early) journal->done();
  } catch (const std::exception& e) {
    mine.error = e.what();
    out.stopped_early = false;
    progress.post(me + " on " + mine.device.hostname + " failed: " + mine.error);
    try {  // so that `merge` names the failure if rank 0 never writes the file; the gather still carries it
      if (journal) journal->failed(mine.error);
    } catch (const std::exception&) {  // the journal itself failed (e.g. a full disk): mine.error says so
    }
  }
  mine.campaigns = previous;
  for (auto& c : fresh) {  // a sweep measured again replaces what was kept of it (e.g. one detector's campaign)
    std::erase_if(mine.campaigns, [&](const results::Campaign& o) {
      return o.kernel == c.kernel && o.detector == c.detector && o.repeat == c.repeat;
    });
    mine.campaigns.push_back(std::move(c));
  }
  journal::order_by_plan(ctx.prep.plan, mine.campaigns);
  return out;
}

// Rank 0: the run's file from every rank's results, every failure named, and the run's exit code.
// `splits`: every rank's time split, as gathered after the results; `t_gather`: when the gather began.
int finish_on_root(const RunContext& ctx, const std::vector<std::string>& gathered,
                   std::vector<results::RankTimeSplit> splits, results::RunInfo info, bool stopped_early,
                   Clock::time_point t_gather) {
  const campaign::RunSettings& settings = ctx.prep.settings;
  const auto t_read = Clock::now();
  std::vector<results::RankResult> ranks;
  for (const auto& text : gathered) ranks.push_back(writing::unpack_rank(text));
  // Rank 0's own split goes on to the file: the reading so far (the file cannot time its own writing).
  const double read_s = std::chrono::duration<double>(Clock::now() - t_read).count();
  splits.front().write_s += read_s;
  splits.front().wall_s += read_s;
  int exit_code = stopped_early ? kExitStopped : 0;
  bool failed = false;
  int failed_campaigns = 0;
  for (const auto& line : formatting::rank_failures(ranks)) fmt::print(stderr, "autobench-mpi: {}\n", line.c_str());
  for (const auto& r : ranks) {
    failed = failed || !r.error.empty();
    if (!r.start_error.empty() || !r.error.empty()) exit_code = kExitFailure;
    for (const auto& c : r.campaigns) failed_campaigns += c.stop_reason == results::StopReason::error;
  }
  info.end_time = results::utc_now();
  info.complete = !stopped_early && !failed;
  // Said before the file is written: a launcher may kill us meanwhile, and --resume needs only the journals.
  if (!info.complete)
    fmt::print(stderr, "autobench-mpi: {}; partial results marked incomplete. Continue with:\n  {}\n",
               failed                      ? "a rank failed"
               : control::stop_requested() ? "stopped early on a signal"
                                           : "stopped early (time budget)",
               autobench_command(info.ranks, "--resume " + ctx.run_dir).c_str());
  std::string path;
  try {
    path = writing::write_run_file(ctx.run_dir, info, ranks, campaign::to_json(settings).dump(), splits);
  } catch (const std::exception& e) {
    fmt::print(stderr, "autobench-mpi: error: writing the result file in {} failed: {}\n", ctx.run_dir.c_str(),
                 e.what());
    exit_code = kExitFailure;
  }
  if (failed_campaigns)
    fmt::print(stderr, "autobench-mpi: warning: {} campaign(s) ended with an error (see stop_reason/error)\n",
                 failed_campaigns);
  const double total = std::chrono::duration<double>(Clock::now() - ctx.t0).count();
  const double writing = std::chrono::duration<double>(Clock::now() - t_gather).count();
  // Rank 0's line with the whole write (after reading: building the file, writing it, its exports).
  splits.front().write_s += std::chrono::duration<double>(Clock::now() - t_read).count() - read_s;
  splits.front().wall_s = total;
  for (const auto& s : splits)
    if (settings.verbosity > 0) fmt::print("{}\n", formatting::rank_time_split_line(s).c_str());
  // The last line names the backend, so a run that ended on simulated devices cannot pass for a GPU run.
  const std::string backend_said =
      ctx.backend == "sim" ? "sim backend (simulated devices, not GPU measurements)" : ctx.backend + " backend";
  if (!path.empty() && settings.verbosity > 0)
    fmt::print("done in {:.1f} s (gather + write {:.3f} s); {}; results: {} ({})\n", total, writing,
               backend_said.c_str(), path.c_str(), formatting::size_text(std::filesystem::file_size(path)));
  else if (!path.empty()) {
    fmt::print("{}\n", path.c_str());
    if (ctx.backend == "sim") {
      std::fflush(stdout);
      fmt::print(stderr, "autobench-mpi: {}\n", backend_said.c_str());
    }
  }
  return exit_code;
}

// Everything between MPI_Init and MPI_Finalize. Errors every rank agrees on come back as an Outcome;
// an exception escaping here is one rank's alone, and run_benchmarks ends the job with it.
Outcome run_on_ranks(const RunRequest& request, const Prepared& prep, const mpi::Session& mpi) {
  RunContext ctx{prep, request, !request.resume_dir.empty(), "", request.resume_dir, Clock::now(), prep.resumed_run_id};
  results::RankTimeSplit split;  // where this rank's time goes (docs/scale.md)
  control::PhaseRecording recording(split);
  const campaign::RunSettings& settings = prep.settings;
  const bool root = mpi.root();
  const bool talk = root && settings.verbosity > 0;

  bool nothing_left = false;
  std::optional<writing::RunLock> lock;  // rank 0's, for the life of the run: one writer per run directory
  if (std::string problem = check_run(ctx, mpi, nothing_left, lock); !problem.empty())
    return {kExitUsage, root ? problem : ""};
  if (nothing_left) {
    if (root)
      fmt::print("{} is complete: nothing to resume ({} left unchanged)\n", ctx.run_dir.c_str(),
                  writing::result_path(ctx.run_dir).c_str());
    return {};
  }

  results::RunInfo info = prep.resumed_info;
  if (!ctx.resuming && !settings.dry_run) {
    if (std::string problem = start_run_directory(ctx, mpi, info, lock); !problem.empty())
      return {kExitFailure, root ? problem : ""};
  }
  if (talk)
    std::fputs(campaign::describe(prep.plan, mpi.size(), ctx.backend,
                                  settings.dry_run ? "(dry run)" : writing::result_path(ctx.run_dir)).c_str(), stdout);
  if (settings.dry_run) {  // a dry run costs the same for any matrix size: the first sweeps only
    constexpr std::size_t kShown = 20;
    const std::size_t count = prep.plan.sweep_count();
    for (std::size_t i = 0; talk && i < std::min(count, kShown); ++i) {
      const campaign::SweepSpec sw = campaign::sweep_at(prep.plan, i);
      fmt::print("  sweep {} repeat {} ->", sw.kernel.c_str(), sw.repeat);
      for (const auto& d : sw.detectors) fmt::print(" {}", d.c_str());
      fmt::print("\n");
    }
    if (talk && count > kShown) fmt::print("  ... and {} more sweeps\n", count - kShown);
    return {};
  }

  control::TimeBudget budget(time_budget_s(request.time_budget_s, mpi));
  if (root)  // mpirun kills the ranks a second after forwarding SIGTERM: the journals keep what was measured
    control::set_stop_notice("autobench-mpi: stopping after the current measurement; continue later with `" +
                             autobench_command(mpi.size(), "--resume " + ctx.run_dir) + "`; should the job end before " +
                             writing::result_path(ctx.run_dir) + " is written, build it from the journals with: " +
                             autobench_command(1, "merge " + ctx.run_dir) + "\n");
  RankDevice dev;
  results::RankResult opened;
  open_rank_device(ctx, mpi, dev, opened);
  if (ctx.resuming)
    if (std::string problem = resume_start_problem(ctx, mpi, opened.start_error); !problem.empty())
      return {kExitFailure, root ? problem : ""};
  RankRun mine;
  {
    mpi::Progress progress(mpi.comm(), stdout, settings.verbosity > 0, prep.plan.campaigns_per_rank(), ctx.t0);
    mine = measure_rank(ctx, mpi, progress, budget, dev, opened);
    progress.finish();
  }
  dev.power.reset();  // the device is no longer needed while the results are gathered and written
  dev.device.reset();
  const bool stopped_early = mpi.any(mine.stopped_early);
  if (talk) fmt::print("gathering the results of {} rank(s) on rank 0\n", mpi.size());
  const auto t_gather = Clock::now();
  std::vector<std::string> gathered;
  {
    control::PhaseScope gathering(&results::RankTimeSplit::gather_s);
    gathered = mpi::gather_to_root(mpi.comm(), writing::pack_rank(mine.result));  // each sweep once
  }
  if (talk) {
    std::uint64_t bytes = 0;
    for (const auto& text : gathered) bytes += text.size();
    fmt::print("gathered {} ({} B) of results in {}; writing {}\n", formatting::size_text(bytes), bytes,
               formatting::duration_text(std::chrono::duration<double>(Clock::now() - t_gather).count()),
               writing::result_path(ctx.run_dir).c_str());
    std::fflush(stdout);
  }
  split.rank = mpi.rank();
  split.cores = backend::usable_cores();
  split.wall_s = std::chrono::duration<double>(Clock::now() - ctx.t0).count();
  std::vector<results::RankTimeSplit> splits;  // a few hundred bytes per rank
  for (const auto& text : mpi::gather_to_root(mpi.comm(), nlohmann::json(split).dump()))
    splits.push_back(nlohmann::json::parse(text).get<results::RankTimeSplit>());
  const int exit_code = root ? finish_on_root(ctx, gathered, splits, info, stopped_early, t_gather) : 0;
  control::set_stop_notice("");
  return {std::stoi(mpi.broadcast(std::to_string(exit_code))), ""};
}

}  // namespace

int run_benchmarks(const RunRequest& request, int& argc, char**& argv) {
  const Prepared prep = prepare(request, launcher_rank() == 0);
  mpi::Session mpi(argc, argv);
  control::install_stop_handlers();
  const Outcome outcome = mpi.or_abort([&] { return run_on_ranks(request, prep, mpi); });
  if (outcome.exit_code == kExitUsage) throw UsageError(outcome.message);
  if (outcome.exit_code == kExitFailure && !outcome.message.empty()) throw RunFailure(outcome.message);
  return outcome.exit_code;
}

}  // namespace autobench::cli
