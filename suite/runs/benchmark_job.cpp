// The main job (see benchmark_job.hpp): the run's hooks of the rank-job skeleton.
#include "suite/runs/benchmark_job.hpp"

#include <chrono>
#include <cstdio>
#include <filesystem>
#include <memory>
#include <optional>
#include <sstream>
#include <utility>

#include <nlohmann/json.hpp>
#include <fmt/format.h>

#include "suite/backend/compile_cache.hpp"
#include "suite/backend/parallel_for.hpp"
#include "suite/backend/factory.hpp"
#include "suite/campaign/plan.hpp"
#include "suite/campaign/rank_campaigns.hpp"
#include "suite/control/peak_memory.hpp"
#include "suite/control/phase_timer.hpp"
#include "suite/control/stop_signals.hpp"
#include "suite/energy/rank_power.hpp"
#include "suite/formatting/progress_text.hpp"
#include "suite/formatting/rank_failures.hpp"
#include "suite/formatting/report_health.hpp"
#include "suite/formatting/rank_time_split.hpp"
#include "suite/journal/journal.hpp"
#include "suite/journal/manifest.hpp"
#include "suite/journal/recovery.hpp"
#include "suite/mpi/progress.hpp"
#include "suite/results/result_json.hpp"
#include "suite/results/knee_status.hpp"
#include "suite/results/utc_time.hpp"
#include "suite/runs/rank_job.hpp"
#include "suite/files/atomic_file.hpp"
#include "suite/writing/summary_message.hpp"
#include "suite/result_file/run_file.hpp"
#include "suite/text/echo.hpp"

namespace autobench::runs {
namespace {

// A power warning of this rank (no calibration for its device, corrections refused): on stderr, quiet or not.
void power_warning(const std::string& line) { fmt::print(stderr, "autobench-mpi: warning: {}\n", line); }

std::string campaign_line(const results::Campaign& c, const std::string& device, double since_start) {
  std::ostringstream o;
  o << "[" << fmt::format("{:7.1f}", since_start) << " s] rank " << c.rank << " (" << device << ") " << c.kernel << "/"
    << c.detector << " repeat " << c.repeat << ": " << c.points.size() << " sizes, ";
  if (c.knee_detected)  // an edge knee (results/knee_status.hpp) is said to be one
    o << (results::knee_status(c) == results::KneeStatus::edge ? "edge knee at " : "knee at ") << c.knee_size
      << " (index " << c.knee_index << ")";
  else
    o << "no knee";
  o << ", stop " << results::kStopReasonNames.name(c.stop_reason) << ", " << fmt::format("{:.2f}", c.elapsed_s) << " s";
  if (!c.error.empty()) o << ": " << c.error;
  return o.str();
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

class BenchmarkJob : public RankJob {
 public:
  explicit BenchmarkJob(const RunRequest& request) : request_(request) {}

  // Settings and plan of the run: a resumed run uses its own settings (run.json).
  std::string prepare() override {
    settings_ = request_.settings;
    if (!request_.resume_dir.empty()) {
      try {
        const auto manifest = journal::read_manifest(request_.resume_dir);
        settings_ = manifest.settings;
        settings_.verbosity = request_.settings.verbosity;
        settings_.dry_run = request_.settings.dry_run;
        resumed_info_ = manifest.info;
        resumed_run_id_ = manifest.run_id;
      } catch (const std::invalid_argument& e) {
        return e.what();
      }
    }
    try {  // a resumed run's settings come from its run.json, which may have been edited since
      plan_ = settings_.dry_run ? campaign::check_plan(settings_) : campaign::make_plan(settings_);
    } catch (const std::invalid_argument& e) {
      return (request_.resume_dir.empty() ? "" : request_.resume_dir + "/run.json: ") + e.what();
    }
    return "";
  }

  JobSetup setup() const override {
    JobSetup s;
    const bool resuming = !request_.resume_dir.empty();
    s.backend = resuming ? resumed_info_.backend : settings_.backend;
    s.output_dir = settings_.output_dir;
    s.resume_dir = request_.resume_dir;
    s.manifest = journal::kRunManifest;
    s.settings = campaign::to_json(settings_);
    s.info = resuming ? resumed_info_ : results::RunInfo{};
    if (!resuming) {
      s.info.command_line = request_.command_line;
      s.info.suite = settings_.suite;
    }
    s.run_id = resumed_run_id_;
    s.dry_run = settings_.dry_run;
    s.time_budget_s = request_.time_budget_s;
    s.results_file = std::filesystem::path(result_file::result_path("")).filename().string();
    s.tell_gather = settings_.verbosity > 0;
    return s;
  }

  // A resumed run must not destroy what its results file holds: refused (exit 2) when the journals lack
  // part of it; complete when the file and the journals already hold the whole run.
  std::string check_resume(const JobContext& ctx, bool& complete) override {
    const std::string& dir = request_.resume_dir;
    try {
      const auto run = journal::rebuild_run(dir, {settings_, resumed_info_, ctx.run_id}, plan_);
      const auto held = journal::compare_results_file(result_file::result_path(dir), run);
      complete = (held == journal::HeldFile::same && run.complete) || held == journal::HeldFile::complete;
      return "";
    } catch (const std::exception& e) {
      return "--resume " + dir + ": " + e.what();
    }
  }

  // The plan, said by rank 0; a dry run lists its first sweeps and ends (the same cost for any matrix).
  bool started(const JobContext& ctx) override {
    const bool talk = ctx.mpi.root() && settings_.verbosity > 0;
    if (talk)
      std::fputs(campaign::describe(plan_, ctx.mpi.size(), ctx.backend,
                                    settings_.dry_run ? "(dry run)" : result_file::result_path(ctx.run_dir)).c_str(), stdout);
    if (!settings_.dry_run) return true;
    constexpr std::size_t kShown = 20;
    const std::size_t count = plan_.sweep_count();
    for (std::size_t i = 0; talk && i < std::min(count, kShown); ++i) {
      const campaign::SweepSpec sw = campaign::sweep_at(plan_, i);
      fmt::print("  sweep {} repeat {} ->", sw.kernel.c_str(), sw.repeat);
      for (const auto& d : sw.detectors) fmt::print(" {}", d.c_str());
      fmt::print("\n");
    }
    if (talk && count > kShown) fmt::print("  ... and {} more sweeps\n", count - kShown);
    return false;
  }

  std::string stop_notice(const JobContext& ctx) const override {
    return "autobench-mpi: stopping after the current measurement; continue later with `" +
           autobench_command(ctx.mpi.size(), "--resume " + ctx.run_dir) + "`; should the job end before " +
           result_file::result_path(ctx.run_dir) + " is written, build it from the journals with: " +
           autobench_command(1, "merge " + ctx.run_dir) + "\n";
  }

  // This rank's device and its power measurement (suite/energy/); why it cannot start goes into the
  // rank's result, which reaches rank 0.
  std::string open_device(const JobContext& ctx) override {
    const mpi::Session& mpi = ctx.mpi;
    opened_.rank = mpi.rank();
    opened_.device.backend = ctx.backend;
    opened_.device.hostname = mpi::node_name();
    try {
      if (settings_.compile_cache)
        backend::set_compile_cache(settings_.compile_cache_dir.empty() ? backend::CompileCache::default_dir()
                                                                       : std::filesystem::path(settings_.compile_cache_dir));
      device_ = backend::open_device({ctx.backend, settings_.sim_device, mpi.rank(), mpi.local_rank(), mpi.local_size(),
                                      settings_.autoscale.seed, mpi::node_name(), settings_.sim_realtime,
                                      mpi.core_sharers()});
      opened_.device = device_->info();
      power_.emplace(*device_, settings_.power);
      opened_.device.calibration = power_->calibration_json();
    } catch (const std::exception& e) {
      power_.reset();
      device_.reset();
      opened_.start_error = e.what();
    }
    return opened_.start_error;
  }

  RankPart body(JobContext& ctx) override {
    RankPart part;
    results::RankResult mine;
    {
      mpi::Progress progress(ctx.mpi.comm(), stdout, settings_.verbosity > 0, plan_.campaigns_per_rank(), ctx.t0);
      mine = measure(ctx, progress, part.stopped_early);
      progress.finish();
    }
    power_.reset();  // the device is no longer needed while the results are written and gathered
    device_.reset();
    results::RunInfo info = ctx.info;  // the part's own status: this rank's
    info.complete = !part.stopped_early && mine.error.empty();
    result_file::RankSummary summary;
    {
      control::PhaseScope writing(&results::RankTimeSplit::write_s);
      summary = result_file::write_rank_part(ctx.run_dir, info, campaign::to_json(settings_).dump(), std::move(mine));
    }
    part.result = writing::pack_summary(summary);  // a few hundred bytes per sweep: the points stay in the part
    return part;
  }

  Outcome write(const JobContext& ctx, const std::vector<std::string>& parts,
                std::vector<results::RankTimeSplit> splits, bool stopped_early) override;

 private:
  results::RankResult measure(JobContext& ctx, mpi::Progress& progress, bool& stopped_early);

  const RunRequest& request_;
  campaign::RunSettings settings_;
  campaign::Plan plan_;
  results::RunInfo resumed_info_;  // valid when resuming
  std::string resumed_run_id_;
  results::RankResult opened_;  // this rank and its device, or why it cannot start
  std::unique_ptr<backend::Device> device_;
  std::optional<energy::RankPower> power_;
};

// This rank's part on its opened device (or none, when it cannot start): its journal so far, then the
// sweeps not yet done. Never throws: an error that ends the rank (a lost device, a journal that cannot
// be written) is recorded in the result's error with the campaigns finished before it, and reaches rank
// 0 with the results.
results::RankResult BenchmarkJob::measure(JobContext& ctx, mpi::Progress& progress, bool& stopped_early) {
  const mpi::Session& mpi = ctx.mpi;
  const std::string me = "rank " + std::to_string(mpi.rank());
  results::RankResult mine = opened_;
  const std::vector<results::Campaign> previous =
      ctx.resuming ? journaled_campaigns(ctx.run_dir, mpi.rank()) : std::vector<results::Campaign>{};
  std::vector<results::Campaign> fresh;
  std::optional<journal::Writer> journal;
  try {
    journal.emplace(ctx.run_dir, mpi.rank(), ctx.run_id);
    journal->rank_started(mine);

    const std::string label = device_ ? mine.device.name : "no device";
    const campaign::Plan rest = journal::remaining_plan(plan_, previous);
    std::string hello = me + " on " + mine.device.hostname + ": " +
                        (device_ ? label : "cannot start: " + mine.start_error);
    if (ctx.resuming) hello += " (resuming: " + std::to_string(previous.size()) + " campaigns already finished)";
    progress.post(hello);
    if (power_ && !power_->notice().empty()) progress.post(me + ": " + power_->notice());
    if (power_ && !power_->warning().empty()) power_warning(me + ": " + power_->warning());
    if (device_) {
      std::string journal_error;  // a point that cannot be journaled stops the rank: it could be lost
      campaign::RankHooks hooks;
      hooks.measure_power = [&](backend::Workload& w, const kernels::Tunables& config, results::Point& p) {
        power_->measure(w, config, p);
      };
      hooks.around_timing = [&](std::uint64_t n, const autoscale::Tuner::Timed& timed) {
        return power_->around_timing(n, timed);
      };
      hooks.after_sweep = [&](std::vector<results::Campaign>& cs, const autoscale::SweepHooks::WorkloadAt& at) {
        power_->after_sweep(cs, at);
      };
      hooks.finish_campaign = [&](results::Campaign& c) {
        if (const std::string refused = power_->finish(c); !refused.empty()) power_warning(me + ": " + refused);
      };
      hooks.on_point = [&](const campaign::SweepSpec& sw, const results::Point& p) {
        try {
          journal->point(sw.kernel, sw.repeat, p);
        } catch (const std::exception& e) {
          if (journal_error.empty()) journal_error = e.what();
        }
        if (settings_.verbosity > 1)
          progress.post("  " + me + " " + sw.kernel + " size " + std::to_string(p.size) + ": " +
                        fmt::format("{:.6g}", p.time_mean_s * 1e3) + " ms, " + fmt::format("{:.6g}", p.throughput));
        else
          progress.poll();
      };
      formatting::RankProgress count{previous.size(), previous.size(), plan_.campaigns_per_rank(), 0.0};
      hooks.on_campaign = [&](const results::Campaign& c) {
        fresh.push_back(c);
        journal->campaign(c);
        count.elapsed_s = ctx.elapsed_s();
        ++count.done;
        if (!control::stop_requested())  // once stopping, the stop notice stays the last line should mpirun kill us
          progress.post_campaign(campaign_line(c, label, count.elapsed_s), count);
      };
      hooks.stop_requested = [&] { return !journal_error.empty() || control::stop_requested(); };
      control::TimeBudget& budget = ctx.budget;
      hooks.may_start = [&](const campaign::SweepSpec& sw) {
        const bool ok = budget.may_start(sw.kernel, ctx.elapsed_s());
        if (!ok) progress.post(me + ": time budget reached; not starting " + sw.kernel);
        return ok;
      };
      hooks.sweep_done = [&](const campaign::SweepSpec& sw, double s) { budget.record(sw.kernel, s); };
      campaign::run_rank(*device_, rest, settings_, mpi.rank(), hooks);  // campaigns arrive through on_campaign
      if (!journal_error.empty()) throw files::WriteError(journal_error);
      stopped_early = !journal::remaining_plan(rest, fresh).sweeps.empty();
    }
    if (!stopped_early) journal->done();
  } catch (const std::exception& e) {
    mine.error = e.what();
    stopped_early = false;
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
  journal::order_by_plan(plan_, mine.campaigns);
  return mine;
}

// Rank 0: the run's root file from every rank's summary (each rank wrote its part), every failure named,
// and the run's exit code. `splits`: every rank's time split, as gathered after the summaries.
Outcome BenchmarkJob::write(const JobContext& ctx, const std::vector<std::string>& parts,
                            std::vector<results::RankTimeSplit> splits, bool stopped_early) {
  const auto t_read = Clock::now();
  std::vector<result_file::RankSummary> ranks;
  for (const auto& message : parts) {
    ranks.push_back(writing::unpack_summary(message));
    ranks.back().message_bytes = static_cast<std::int64_t>(message.size());
  }
  // Rank 0's own split goes on to the file: the reading so far (the file cannot time its own writing).
  const double read_s = std::chrono::duration<double>(Clock::now() - t_read).count();
  splits.front().write_s += read_s;
  splits.front().wall_s += read_s;
  int exit_code = stopped_early ? kExitStopped : 0;
  bool failed = false, parts_missing = false;  // a missing part is said in one line of its own
  int failed_campaigns = 0;
  std::vector<results::RankResult> devices;
  std::vector<stats::GpuEvidence> evidence;
  for (const auto& r : ranks) {
    devices.push_back(r.rank);
    evidence.push_back(r.health);
  }
  for (const auto& line : formatting::rank_failures(devices)) fmt::print(stderr, "autobench-mpi: {}\n", line.c_str());
  for (const auto& r : ranks) {
    failed = failed || !r.rank.error.empty();
    if (!r.rank.start_error.empty() || !r.rank.error.empty()) exit_code = kExitFailure;
    for (const auto& c : r.campaigns) failed_campaigns += c.stop_reason == "error";
    if (r.part_status != "written") {  // its journal still holds its campaigns: --resume or merge writes the part
      fmt::print(stderr, "autobench-mpi: error: writing the result file in {} failed: {}\n",
                 text::printable(ctx.run_dir, text::kMessageBytes),
                 text::printable(result_file::part_problem(r), text::kMessageBytes));
      parts_missing = true;
      exit_code = kExitFailure;
    }
    if (!r.export_error.empty()) {
      fmt::print(stderr, "autobench-mpi: error: rank {}'s CSV files: {}\n", r.rank.rank,
                 text::printable(r.export_error, text::kMessageBytes));
      exit_code = kExitFailure;
    }
  }
  results::RunInfo info = ctx.info;
  info.end_time = results::utc_now();
  info.complete = !stopped_early && !failed && !parts_missing;
  // Said before the file is written: a launcher may kill us meanwhile, and --resume needs only the journals.
  if (!info.complete && !parts_missing)
    fmt::print(stderr, "autobench-mpi: {}; partial results marked incomplete. Continue with:\n  {}\n",
               failed                      ? "a rank failed"
               : control::stop_requested() ? "stopped early on a signal"
                                           : "stopped early (time budget)",
               autobench_command(info.ranks, "--resume " + ctx.run_dir).c_str());
  // Judged before the file is written, said last: the run's last lines name every GPU that is not healthy.
  const auto health = formatting::health_lines(stats::judge_gpus(evidence));
  std::string path;
  result_file::RunFileTimes file_times;
  try {
    path = result_file::write_root_file(ctx.run_dir, info, std::move(ranks), campaign::to_json(settings_).dump(), splits,
                                        &file_times);
  } catch (const std::exception& e) {
    fmt::print(stderr, "autobench-mpi: error: writing the result file in {} failed: {}\n",
               text::printable(ctx.run_dir, text::kMessageBytes),
               text::printable(e.what(), text::kMessageBytes));
    exit_code = kExitFailure;
  }
  if (failed_campaigns)
    fmt::print(stderr, "autobench-mpi: warning: {} campaign(s) ended with an error (see stop_reason/error)\n",
               failed_campaigns);
  const double total = ctx.elapsed_s();
  const double writing = std::chrono::duration<double>(Clock::now() - ctx.gather_started).count();
  // Rank 0's line with the whole write (after reading: building the file, writing it, its exports).
  splits.front().write_s += std::chrono::duration<double>(Clock::now() - t_read).count() - read_s;
  splits.front().wall_s = total;
  for (const auto& s : splits)
    if (settings_.verbosity > 0) fmt::print("{}\n", formatting::rank_time_split_line(s).c_str());
  // The last line names the backend, so a run that ended on simulated devices cannot pass for a GPU run.
  const std::string backend_said =
      ctx.backend == "sim" ? "sim backend (simulated devices, not GPU measurements)" : ctx.backend + " backend";
  if (!path.empty() && settings_.verbosity > 0) {
    fmt::print("rank 0's last step: gather {:.3f} s, reading the summaries {:.3f} s, statistics {:.3f} s, the root file "
               "{:.3f} s, summary.json {:.3f} s; peak memory {}\n",
               splits.front().gather_s, read_s, file_times.statistics_s, file_times.file_s, file_times.exports_s,
               formatting::size_text(control::peak_memory_bytes()));
    fmt::print("done in {:.1f} s (gather + write {:.3f} s); {}; results: {} ({})\n", total, writing,
               backend_said.c_str(), text::printable(path, text::kMessageBytes),
               formatting::size_text(std::filesystem::file_size(path)));
  }
  else if (!path.empty()) {
    fmt::print("{}\n", text::printable(path, text::kMessageBytes));
    if (ctx.backend == "sim" && !parts_missing) {
      std::fflush(stdout);
      fmt::print(stderr, "autobench-mpi: {}\n", backend_said.c_str());
    }
  }
  // On stdout after the "done" line (one stream: mpirun forwards it in order), on stderr with --quiet, whose
  // stdout is the path alone.
  std::fflush(stdout);
  std::FILE* last = settings_.verbosity > 0 ? stdout : stderr;
  for (const auto& line : health) fmt::print(last, "autobench-mpi: {}\n", line.c_str());
  // An incomplete run's last line says how to continue (mpirun's exit code may be its own, 1 after SIGTERM,
  // SIGINT or SIGHUP), on the stream of the lines before it: a launcher forwards stdout and stderr apart.
  if (!info.complete && !parts_missing)  // a part that was not written is the run's one error line
    fmt::print(last, "autobench-mpi: the results are incomplete; continue with: {}\n",
               autobench_command(info.ranks, "--resume " + ctx.run_dir).c_str());
  return {exit_code, ""};
}

}  // namespace

Outcome run_benchmarks(const RunRequest& request, int& argc, char**& argv) {
  BenchmarkJob job(request);
  return run_rank_job(job, argc, argv);
}

}  // namespace autobench::runs
