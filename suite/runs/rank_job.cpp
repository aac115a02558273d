// A run's life (see rank_job.hpp).
#include "suite/runs/rank_job.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <sstream>

#include <fmt/format.h>

#include "suite/backend/backend_choice.hpp"
#include "suite/backend/factory.hpp"
#include "suite/backend/parallel_for.hpp"
#include "suite/backend/sim/sim_fault.hpp"
#include "suite/build_info.hpp"
#include "suite/control/phase_timer.hpp"
#include "suite/control/stop_signals.hpp"
#include "suite/formatting/progress_text.hpp"
#include "suite/mpi/gather.hpp"
#include "suite/results/result_json.hpp"
#include "suite/results/utc_time.hpp"
#include "suite/writing/output_check.hpp"
#include "suite/writing/run_directory.hpp"
#include "suite/writing/run_lock.hpp"
#include "suite/text/echo.hpp"

namespace autobench::runs {
namespace {

// Checks that need MPI, before anything is written: the output directory (rank 0), a resumed run's
// ranks, lock (taken by rank 0 into `lock`) and files, the backend (and the sim's AUTOBENCH_SIM_FAULT). Rank
// 0's first problem, on every rank.
std::string check(RankJob& job, const JobSetup& s, JobContext& ctx, bool& complete,
                  std::optional<writing::RunLock>& lock) {
  const mpi::Session& mpi = ctx.mpi;
  std::string problem;
  if (mpi.root() && !ctx.resuming) {
    try {
      writing::check_output_directory("--output", s.output_dir);
    } catch (const std::invalid_argument& e) {
      problem = e.what();
    }
  }
  if (ctx.resuming && s.info.ranks != mpi.size())
    problem = "--resume " + s.resume_dir + ": the " + s.noun + " had " + std::to_string(s.info.ranks) +
              " ranks; resume it with the same number (got " + std::to_string(mpi.size()) + ")";
  if (mpi.root() && ctx.resuming && problem.empty()) {
    try {
      lock.emplace(s.resume_dir, mpi::node_name());
      problem = job.check_resume(ctx, complete);
    } catch (const std::exception& e) {
      problem = "--resume " + s.resume_dir + ": " + e.what();
    }
  }
  std::string backend_problem;
  ctx.backend = resolve_backend(s.backend, mpi, backend_problem);
  if (problem.empty()) problem = backend_problem;
  if (mpi.root() && problem.empty() && ctx.backend == "sim") try {
    backend::sim::sim_fault_from_environment(mpi.rank());  // every item is parsed: a malformed one is refused before
                                                          // anything is created
  } catch (const std::invalid_argument& e) {
    problem = e.what();
  }
  complete = mpi.broadcast(complete ? "1" : "") == "1";
  return mpi.broadcast(problem);
}

// Rank 0 creates the run directory, takes its lock and writes its manifest; every rank gets the directory
// and the run's identity, or rank 0's reason why it could not be written.
std::string start_run_directory(const JobSetup& s, JobContext& ctx, std::optional<writing::RunLock>& lock) {
  const mpi::Session& mpi = ctx.mpi;
  std::string problem;
  if (mpi.root()) {
    try {
      ctx.run_dir = writing::create_run_directory(s.output_dir);
      lock.emplace(ctx.run_dir, mpi::node_name());
      ctx.run_id = journal::new_run_id(mpi::node_name());
      journal::write_manifest(ctx.run_dir, *s.manifest, {s.settings, ctx.info, ctx.run_id});
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

// The time budget asked for, else the SLURM job's time left, leaving time to gather and write. Only
// rank 0 asks SLURM (squeue); every rank gets its answer.
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

// Every rank's device is needed: rank 0's message naming the first rank that cannot start, else (resuming)
// the first rank whose part of the run cannot be continued (`resume_problem`); every rank gets it, "" when
// all can go on.
std::string start_problem(const JobContext& ctx, const std::string& start_error, const std::string& resume_problem) {
  const std::vector<std::string> errors = mpi::gather_to_root(ctx.mpi.comm(), start_error);
  std::string problem;
  for (std::size_t r = 0; r < errors.size() && problem.empty(); ++r)
    if (!errors[r].empty())
      problem = ctx.resuming ? "--resume " + ctx.run_dir + ": rank " + std::to_string(r) + " cannot start (" +
                                   errors[r] + "); nothing was measured or changed"
                             : "rank " + std::to_string(r) + " cannot start: " + errors[r];
  if (ctx.resuming) {
    const std::vector<std::string> resume_errors = mpi::gather_to_root(ctx.mpi.comm(), resume_problem);
    for (std::size_t r = 0; r < resume_errors.size() && problem.empty(); ++r)
      if (!resume_errors[r].empty())
        problem = "--resume " + ctx.run_dir + ": " + resume_errors[r] + "; nothing was measured or changed";
  }
  return ctx.mpi.broadcast(problem);
}

// Every rank's part on rank 0, in rank order (the gather's time goes to this rank's split); rank 0 says
// so when `tell`, naming the file it then writes.
std::vector<std::string> gather_parts(JobContext& ctx, const std::string& part, bool tell, const std::string& file) {
  tell = tell && ctx.mpi.root();
  if (tell) fmt::print("gathering the results of {} rank(s) on rank 0\n", ctx.mpi.size());
  const auto t_gather = Clock::now();
  ctx.gather_started = t_gather;
  std::vector<std::string> gathered;
  {
    control::PhaseScope gathering(&results::RankTimeSplit::gather_s);
    gathered = mpi::gather_to_root(ctx.mpi.comm(), part);
  }
  if (tell) {
    std::uint64_t bytes = 0, most = 0;
    for (const auto& text : gathered) {
      bytes += text.size();
      most = std::max<std::uint64_t>(most, text.size());
    }
    fmt::print("gathered {} ({} B, at most {} B per rank) of results in {}; writing {}\n", formatting::size_text(bytes),
               bytes, most,
               formatting::duration_text(std::chrono::duration<double>(Clock::now() - t_gather).count()),
               text::printable((std::filesystem::path(ctx.run_dir) / file).string(), text::kMessageBytes));
    std::fflush(stdout);
  }
  return gathered;
}

// Everything between MPI_Init and MPI_Finalize. Errors every rank agrees on come back as an Outcome;
// an exception escaping here is one rank's alone, and run_rank_job ends the job with it.
Outcome on_ranks(RankJob& job, const JobSetup& s, const mpi::Session& mpi) {
  JobContext ctx(mpi);
  ctx.run_dir = s.resume_dir;
  ctx.run_id = s.run_id;
  ctx.resuming = !s.resume_dir.empty();
  ctx.info = s.info;
  ctx.t0 = Clock::now();
  results::RankTimeSplit split;  // where this rank's time goes (docs/scale.md)
  control::PhaseRecording recording(split);
  const bool root = mpi.root();

  bool complete = false;
  std::optional<writing::RunLock> lock;  // rank 0's, for the life of the run: one writer per run directory
  if (std::string problem = check(job, s, ctx, complete, lock); !problem.empty())
    return {kExitUsage, root ? problem : ""};
  if (complete) {
    if (root)
      fmt::print("{} is complete: nothing to resume ({} left unchanged)\n",
                 text::printable(ctx.run_dir, text::kMessageBytes),
                 text::printable((std::filesystem::path(ctx.run_dir) / s.results_file).string(), text::kMessageBytes));
    return {};
  }
  if (!ctx.resuming) {
    ctx.info.version = build_version();
    ctx.info.git_commit = build_git_commit();
    ctx.info.backend = ctx.backend;
    ctx.info.ranks = mpi.size();
    ctx.info.start_time = results::utc_now();
    if (s.manifest && !s.dry_run)
      if (std::string problem = start_run_directory(s, ctx, lock); !problem.empty())
        return {kExitFailure, root ? problem : ""};
  }
  if (!job.started(ctx)) return {};

  if (s.time_budget_s) ctx.budget = control::TimeBudget(time_budget_s(*s.time_budget_s, mpi));
  if (root)  // mpirun kills the ranks a second after forwarding SIGTERM: the notice says how to go on
    control::set_stop_notice(job.stop_notice(ctx));
  const std::string resume_problem = ctx.resuming ? job.resume_rank(ctx) : "";
  const std::string start_error = job.open_device(ctx);
  if (ctx.resuming || s.every_device_needed)
    if (std::string problem = start_problem(ctx, start_error, resume_problem); !problem.empty())
      return {kExitFailure, root ? problem : ""};

  RankPart part = job.body(ctx);
  if (part.ended) return *part.ended;
  const bool stopped_early = mpi.any(part.stopped_early);
  const std::vector<std::string> gathered = gather_parts(ctx, part.result, s.tell_gather, s.results_file);
  split.rank = mpi.rank();
  split.cores = backend::usable_cores();
  split.wall_s = ctx.elapsed_s();
  std::vector<results::RankTimeSplit> splits;  // a few hundred bytes per rank
  for (const auto& text : mpi::gather_to_root(mpi.comm(), nlohmann::json(split).dump()))
    splits.push_back(nlohmann::json::parse(text).get<results::RankTimeSplit>());
  // From here the other ranks wait for rank 0 without spinning (mpi::Session::broadcast): its last step
  // may use the cores it shared with them.
  if (root) backend::share_cores(1);
  Outcome written = root ? job.write(ctx, gathered, std::move(splits), stopped_early) : Outcome{};
  control::set_stop_notice("");
  written.exit_code = std::stoi(mpi.broadcast(std::to_string(written.exit_code)));
  return written;
}

}  // namespace

std::string resolve_backend(const std::string& requested, const mpi::Session& mpi, std::string& problem) {
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
  if (mpi.broadcast(choice.problem).empty()) {
    if (!choice.notice.empty()) fmt::print(stderr, "autobench-mpi: notice: {}\n", choice.notice.c_str());
    return mpi.broadcast(choice.backend);
  }
  problem = choice.problem;  // rank 0's; "" elsewhere
  return "";
}

Outcome run_rank_job(RankJob& job, int& argc, char**& argv) {
  if (std::string problem = job.prepare(); !problem.empty())
    return {kExitUsage, launcher_rank() == 0 ? problem : ""};
  const JobSetup setup = job.setup();
  mpi::Session mpi(argc, argv);
  if (setup.stop_after_measurement) control::install_stop_handlers();
  return mpi.or_abort([&] { return on_ranks(job, setup, mpi); });
}

Outcome run_rank_job(RankJob& job) {
  int argc = 0;
  char** argv = nullptr;
  return run_rank_job(job, argc, argv);
}

}  // namespace autobench::runs
