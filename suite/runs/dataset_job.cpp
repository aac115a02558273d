// The dataset job (see dataset_job.hpp): the dataset's hooks of the rank-job skeleton.
#include "suite/runs/dataset_job.hpp"

#include <algorithm>
#include <array>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <memory>
#include <optional>
#include <random>
#include <thread>

#include <fmt/format.h>

#include "record/json.hpp"
#include "suite/backend/factory.hpp"
#include "suite/backend/parallel_for.hpp"
#include "suite/backend/residency.hpp"
#include "suite/control/stop_signals.hpp"
#include "suite/control/time_budget.hpp"
#include "suite/dataset_file/dataset_file.hpp"
#include "suite/dataset/dataset_journal.hpp"
#include "suite/dataset/dataset_time_split.hpp"
#include "suite/dataset/iqr_inputs.hpp"
#include "suite/dataset/measure.hpp"
#include "suite/dataset/rank_plan.hpp"
#include "suite/dataset/rank_share.hpp"
#include "suite/dataset/sample_runner.hpp"
#include "suite/journal/journal.hpp"
#include "suite/journal/manifest.hpp"
#include "suite/mpi/gather.hpp"
#include "suite/results/result_json.hpp"
#include "suite/results/utc_time.hpp"
#include "suite/runs/rank_job.hpp"
#include "suite/text/echo.hpp"

namespace autobench::runs {
namespace {

using nlohmann::json;
namespace ds = dataset;

class DatasetJob : public RankJob {
 public:
  explicit DatasetJob(const DatasetRequest& request) : request_(request) {}

  // The settings: a resumed dataset's own (dataset.json), checked like the command line's.
  std::string prepare() override {
    settings_ = request_.settings;
    const bool resuming = !request_.resume_dir.empty();
    if (resuming) {
      try {
        resumed_ = journal::read_manifest(request_.resume_dir, journal::kDatasetManifest);
      } catch (const std::invalid_argument& e) {
        return std::string("--resume ") + e.what();
      }
      try {
        settings_ = ds::settings_from_json(resumed_.settings);
      } catch (const std::exception& e) {
        return "--resume '" + request_.resume_dir + "': " + e.what();
      }
    }
    try {
      ds::check(settings_);
    } catch (const std::invalid_argument& e) {
      return e.what();
    }
    settings_.verbosity = request_.quiet ? 0 : 1;
    settings_json_ = resuming ? resumed_.settings : ds::to_json(settings_);
    ratio_ = ds::parse_ratio(settings_.ratio);
    return "";
  }

  JobSetup setup() const override {
    JobSetup s;
    const bool resuming = !request_.resume_dir.empty();
    s.backend = resuming ? resumed_.info.backend : settings_.backend;
    s.output_dir = settings_.output_dir;
    s.resume_dir = request_.resume_dir;
    s.noun = "dataset run";
    s.manifest = journal::kDatasetManifest;
    s.settings = settings_json_;
    s.info = resumed_.info;
    if (!resuming) s.info.command_line = request_.command_line;
    s.run_id = resumed_.run_id;
    s.time_budget_s = request_.time_budget_s;
    s.results_file = std::filesystem::path(dataset_file::hdf5_path("")).filename().string();
    return s;
  }

  bool started(const JobContext& ctx) override {
    if (!ctx.mpi.root() || settings_.verbosity == 0) return true;
    fmt::print("dataset: {} rank(s), {} backend, {} configurations per kernel and rank ({} idle:under:full){} -> {}\n",
               ctx.mpi.size(), ctx.backend.c_str(), static_cast<long long>(settings_.per_kernel), settings_.ratio.c_str(),
               settings_.balance == "iqr" ? ", IQR refinement" : "", ctx.run_dir.c_str());
    if (backend::usable_cores() == 1 && std::thread::hardware_concurrency() > 1)
      fmt::print("note: this rank may run on 1 of the machine's {} cores (mpirun binds each rank to one core by "
                 "default), so the CPU references that verify every configuration run on it alone; `mpirun "
                 "--bind-to none` or `srun --cpus-per-task=N` gives each rank more\n",
                 std::thread::hardware_concurrency());
    return true;
  }

  std::string stop_notice(const JobContext& ctx) const override {
    return "autobench-mpi: stopping after the current measurement; should the job end before " +
           dataset_file::hdf5_path(ctx.run_dir) + " is written, continue with: " +
           autobench_command(ctx.mpi.size(), "dataset --resume " + ctx.run_dir) + "\n";
  }

  // This rank's journal so far, salvaged up to damage (named on stderr); another run's is refused.
  std::string resume_rank(const JobContext& ctx) override {
    try {
      previous_ = ds::read_dataset_journal(ctx.run_dir, ctx.mpi.rank(), ctx.run_id);
    } catch (const std::exception& e) {
      return e.what();
    }
    if (!previous_.damage.empty())
      fmt::print(stderr, "autobench-mpi: {} (salvaged up to this line; the rest is measured again)\n",
                 previous_.damage.c_str());
    return "";
  }

  // This rank's device and ceilings, and the launch shapes of its kernels.
  std::string open_device(const JobContext& ctx) override {
    const mpi::Session& mpi = ctx.mpi;
    try {
      device_ = backend::open_device({ctx.backend, settings_.sim_device, mpi.rank(), mpi.local_rank(), mpi.local_size(),
                                      settings_.seed, mpi::node_name(), 0, mpi.core_sharers()});
      mine_.device = device_->info();
      mine_.ceilings = ds::device_ceilings(*device_);
      for (const auto& spec : kernels::all()) {
        const auto k = ds::dataset_kernel(spec);
        const bool wanted = settings_.kernels.empty() ||
                            std::find(settings_.kernels.begin(), settings_.kernels.end(), spec.name) != settings_.kernels.end();
        if (!k || !wanted) continue;
        shapes_.push_back(ds::rank_share(ds::device_shape(*device_, *k, settings_.memory_fraction), mpi.rank(), mpi.size()));
      }
    } catch (const std::exception& e) {
      cannot_start(ctx, e);
    }
    return mine_.start_error;
  }

  RankPart body(JobContext& ctx) override;
  Outcome write(const JobContext& ctx, const std::vector<std::string>& parts,
                std::vector<results::RankTimeSplit> splits, bool stopped_early) override;

 private:
  void cannot_start(const JobContext& ctx, const std::exception& e) {
    device_.reset();
    mine_.start_error = e.what();
    mine_.device.backend = ctx.backend;
    mine_.device.hostname = mpi::node_name();
  }

  const DatasetRequest& request_;
  ds::DatasetSettings settings_;
  json settings_json_;  // as dataset.json holds them
  ds::RegimeRatio ratio_;
  journal::ManifestRecord resumed_;  // a resumed dataset's dataset.json
  ds::DatasetJournal previous_;
  dataset_file::RankDevice mine_;
  std::unique_ptr<backend::Device> device_;
  std::vector<ds::LaunchShape> shapes_;
  std::optional<ds::BalancePlan> balance_;  // rank 0's IQR plan
};

// This rank's plan (sampled, or its journal's), measured; then, when every rank finished it, the IQR
// refinement planned by rank 0 from every rank's samples and shared among the ranks.
RankPart DatasetJob::body(JobContext& ctx) {
  const mpi::Session& mpi = ctx.mpi;
  const bool root = mpi.root();
  const bool talk = root && settings_.verbosity > 0;
  std::vector<ds::Sample> plan;
  journal::Writer journal(ctx.run_dir, mpi.rank());
  journal.record({{"type", "run"}, {"run_id", ctx.run_id}}, true);  // each start of the rank names its run
  try {
    if (device_ && previous_.plan) {
      plan = *previous_.plan;
    } else if (device_) {
      const backend::Occupancy occ = backend::occupancy_for(mine_.device.sm_count, mine_.device.cc_major, mine_.device.cc_minor);
      ds::SamplerSettings ss;
      ss.per_kernel = static_cast<std::size_t>(settings_.per_kernel);
      ss.ratio = ratio_;
      ss.max_waves = settings_.max_waves;
      ss.seed = settings_.seed + 1000003ull * static_cast<std::uint64_t>(mpi.rank());
      std::vector<ds::KernelSample> sampled;
      for (const auto& sh : shapes_) sampled.push_back(ds::sample_kernel(sh, occ, ss));
      plan = ds::rank_plan(sampled, mpi.rank(), settings_.seed, settings_.test_fraction);
      journal.record({{"type", "dataset_plan"}, {"samples", plan}}, true);
    }
  } catch (const std::exception& e) {
    cannot_start(ctx, e);
  }

  ds::SampleRunner runner{device_.get(), mpi.rank(), {static_cast<int>(settings_.warmup), static_cast<int>(settings_.iterations), false},
                    &journal, &ctx.budget, ctx.t0, {}, std::move(previous_.measured)};
  bool finished = !device_ || runner.run(plan, 0);
  const std::size_t sampled_count = plan.size();
  finished = !mpi.any(!finished);

  if (settings_.balance == "iqr" && finished) {
    const auto gathered =
        mpi::gather_to_root(mpi.comm(), json{{"limits", ds::kernel_limits(shapes_)}, {"samples", plan}}.dump());
    std::string requests_text;
    if (root) {
      std::vector<json> ranks;
      for (const auto& g : gathered) ranks.push_back(json::parse(g));
      balance_ = ds::balance_plan(ranks, settings_);
      json requests = json::array();
      for (const auto& r : balance_->requests)
        requests.push_back({{"kernel", r.kernel}, {"t", r.target_time_us}, {"g", r.global_size}, {"why", r.reason}});
      requests_text = requests.dump();
      if (talk)
        fmt::print("IQR refinement: {} log2-time decades, bin counts Q1 {:.4g} median {:.4g} Q3 {:.4g}, target {}: {} "
                    "configurations planned ({} asked){}\n",
                    balance_->before.counts.size(), balance_->q1, balance_->median, balance_->q3, balance_->target,
                    balance_->requests.size(), balance_->requested,
                    balance_->unreachable.empty() ? "" : ", some decades out of every kernel's reach");
    }
    const json requests = json::parse(mpi.broadcast(requests_text));
    if (device_) {
      if (previous_.extension) {
        plan.insert(plan.end(), previous_.extension->begin(), previous_.extension->end());
      } else {
        const backend::Occupancy occ = backend::occupancy_for(mine_.device.sm_count, mine_.device.cc_major, mine_.device.cc_minor);
        std::mt19937_64 rng(settings_.seed * 31 + static_cast<std::uint64_t>(mpi.rank()));
        std::vector<ds::LaunchConfig> more;
        for (std::size_t i = static_cast<std::size_t>(mpi.rank()); i < requests.size(); i += static_cast<std::size_t>(mpi.size())) {
          const auto& r = requests[i];
          const ds::BalanceRequest req{r.at("kernel"), r.at("t"), r.at("g"), r.at("why")};
          for (std::size_t k = 0; k < shapes_.size(); ++k) {
            ds::LaunchConfig c;
            if (shapes_[k].kernel == req.kernel && ds::realise(shapes_[k], occ, req, rng, c)) more.push_back(std::move(c));
          }
        }
        ds::extend_plan(plan, more, mpi.rank(), settings_.seed, settings_.test_fraction);
        journal.record({{"type", "dataset_extension"},
                        {"samples", std::vector<ds::Sample>(plan.begin() + static_cast<long>(sampled_count), plan.end())}},
                       true);
      }
      runner.compiled.clear();  // the refinement's configurations are compiled together too
      finished = runner.run(plan, sampled_count);
    }
    finished = !mpi.any(!finished);
  }
  if (finished) journal.record({{"type", "done"}}, true);

  const json part = {{"device", mine_.device},
                     {"start_error", mine_.start_error},
                     {"bandwidth_gbs", mine_.ceilings.bandwidth_gbs},
                     {"gflops", mine_.ceilings.gflops},
                     {"ceilings_source", mine_.ceilings.source},
                     {"samples", plan}};
  return {part.dump(), !finished, {}};
}

// Rank 0: dataset.h5 and dataset.jsonl from every rank's samples (the sampled ones first, then the IQR
// refinement's), where the time went, and the dataset's exit code.
Outcome DatasetJob::write(const JobContext& ctx, const std::vector<std::string>& parts,
                          std::vector<results::RankTimeSplit> /*splits*/, bool stopped_early) {
  const bool finished = !stopped_early;
  const bool talk = settings_.verbosity > 0;
  const std::string& run_dir = ctx.run_dir;
  int exit_code = 0;
  std::string message;
  dataset_file::DatasetRun run;
  const results::RunInfo& info = ctx.info;
  run.version = info.version;
  run.git_commit = info.git_commit;
  run.command_line = info.command_line;
  run.backend = info.backend;
  run.start_time = info.start_time;
  run.end_time = results::utc_now();
  run.settings_json = settings_json_.dump();
  run.ranks = ctx.mpi.size();
  run.complete = finished;
  std::vector<ds::Sample> sampled, added;
  std::size_t failed = 0;
  for (const auto& text : parts) {
    const json r = json::parse(text);
    dataset_file::RankDevice d;
    d.device = r.at("device").get<results::DeviceInfo>();
    d.start_error = r.at("start_error");
    d.ceilings = {record::number_from_json(r.at("bandwidth_gbs")), record::number_from_json(r.at("gflops")),
                  r.at("ceilings_source")};
    if (!d.start_error.empty()) message = "rank " + std::to_string(run.devices.size()) + " could not start: " + d.start_error;
    run.devices.push_back(std::move(d));
    for (auto s : r.at("samples").get<std::vector<ds::Sample>>()) {
      failed += s.measured() && !s.error.empty();
      (s.config.origin == ds::Origin::iqr ? added : sampled).push_back(std::move(s));
    }
  }
  run.samples = std::move(sampled);
  run.samples.insert(run.samples.end(), added.begin(), added.end());
  for (std::size_t i = 0; i < run.samples.size(); ++i) run.samples[i].id = i;
  if (balance_) {
    std::vector<double> times;
    for (const auto& s : run.samples)
      if (s.measured() && s.error.empty()) times.push_back(s.point.time_median_s * 1e6);
    run.counts_after.assign(balance_->before.counts.size(), 0);
    for (double t : times) {
      const auto b = static_cast<long>(std::floor(std::log2(t) / balance_->before.width_log2)) - balance_->before.first_bin;
      if (b >= 0 && static_cast<std::size_t>(b) < run.counts_after.size()) ++run.counts_after[static_cast<std::size_t>(b)];
    }
    run.balance = std::move(balance_);
  }
  std::size_t lines = 0;
  try {
    dataset_file::write_hdf5(dataset_file::hdf5_path(run_dir), run);
    lines = dataset_file::write_jsonl(dataset_file::jsonl_path(run_dir), run);
  } catch (const std::exception& e) {
    message = "writing the dataset in " + run_dir + " failed: " + e.what();
    exit_code = kExitFailure;
  }
  const double total = ctx.elapsed_s();
  if (exit_code == 0) {
    if (talk) {
      std::array<std::size_t, ds::kRegimes> regimes{};
      for (const auto& s : run.samples)
        if (s.measured() && s.error.empty()) ++regimes[static_cast<int>(s.config.regime)];
      fmt::print("where the time went (seconds per step, summed over every rank's measured configurations):\n{}",
                 ds::time_split_table(ds::time_split(run.samples)));
      fmt::print("{} verified configurations (idle {}, under {}, full {}; {} added by the IQR refinement), "
                  "{} failed, in {:.1f} s ({:.1f} per second); {} backend\n{}\n{}\n",
                  lines, regimes[0], regimes[1], regimes[2], added.size(), failed, total,
                  static_cast<double>(lines) / total, run.backend.c_str(),
                  text::printable(dataset_file::hdf5_path(run_dir), text::kMessageBytes),
                  text::printable(dataset_file::jsonl_path(run_dir), text::kMessageBytes));
    } else {
      fmt::print("{}\n", text::printable(dataset_file::jsonl_path(run_dir), text::kMessageBytes));
    }
    if (!message.empty()) exit_code = kExitFailure;
    if (failed) {
      exit_code = kExitFailure;
      message = std::to_string(failed) + " configuration(s) failed verification or measurement (see " +
                dataset_file::hdf5_path(run_dir) + " /samples/error)";
    }
    if (!finished) {
      exit_code = exit_code ? exit_code : kExitStopped;
      fmt::print(stderr, "autobench-mpi: dataset stopped early{}; files marked incomplete. Continue with:\n  {}\n",
                 control::stop_requested() ? " on a signal" : " (time budget)",
                 runs::autobench_command(ctx.mpi.size(), "dataset --resume " + run_dir).c_str());
    }
  }
  return {exit_code, exit_code == kExitStopped ? "" : message};
}

}  // namespace

Outcome run_dataset(const DatasetRequest& request) {
  DatasetJob job(request);
  return run_rank_job(job);
}

}  // namespace autobench::runs
