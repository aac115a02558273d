// `autobench-mpi dataset`: LLMPerf-style runtime datasets. Every rank samples launch configurations of
// every kernel on its own device in the three occupancy regimes, measures and verifies them (journaled,
// within the time budget), optionally refines the log2-time distribution with the IQR rule, and rank 0
// writes RUN_DIR/dataset.h5 and RUN_DIR/dataset.jsonl and prints where the measuring time went.
#include <algorithm>
#include <array>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <map>
#include <memory>
#include <optional>
#include <random>
#include <thread>

#include <fmt/format.h>

#include "record/json.hpp"
#include "suite/results/utc_time.hpp"
#include "suite/backend/factory.hpp"
#include "suite/build_info.hpp"
#include "suite/backend/parallel_for.hpp"
#include "suite/cli/bounded.hpp"
#include "suite/cli/commands.hpp"
#include "suite/cli/errors.hpp"
#include "suite/cli/shared_options.hpp"
#include "suite/cli/run_command.hpp"
#include "suite/cli/run_options.hpp"
#include "suite/control/stop_signals.hpp"
#include "suite/control/time_budget.hpp"
#include "suite/dataset/dataset_file.hpp"
#include "suite/dataset/dataset_settings.hpp"
#include "suite/dataset/measure.hpp"
#include "suite/dataset/rank_plan.hpp"
#include "suite/dataset/rank_share.hpp"
#include "suite/dataset/dataset_time_split.hpp"
#include "suite/journal/journal.hpp"
#include "suite/journal/manifest.hpp"
#include "suite/mpi/gather.hpp"
#include "suite/mpi/mpi_session.hpp"
#include "suite/files/atomic_file.hpp"
#include "suite/writing/output_check.hpp"
#include "suite/writing/run_directory.hpp"
#include "suite/writing/run_lock.hpp"
#include "suite/results/result_json.hpp"

namespace autobench::cli {
namespace {

using Clock = std::chrono::steady_clock;
using nlohmann::json;
namespace ds = dataset;

struct DatasetRequest {
  ds::DatasetSettings settings;
  std::string resume_dir;
  double time_budget_s = -1;
  bool quiet = false;
  std::string command_line;
};

std::string manifest_path(const std::string& run_dir) {
  return (std::filesystem::path(run_dir) / "dataset.json").string();
}

json read_manifest(const std::string& run_dir) {
  std::ifstream in(manifest_path(run_dir));
  if (!in) throw UsageError("--resume '" + run_dir + "' is not a dataset run directory (no readable dataset.json)");
  try {
    return json::parse(in);
  } catch (const json::exception& e) {
    throw UsageError("--resume '" + run_dir + "': dataset.json is not valid JSON: " + e.what());
  }
}

// What a rank found in its journal: its plan (sampled and IQR parts) and the samples it measured.
struct RankJournal {
  std::optional<std::vector<ds::Sample>> plan;
  std::optional<std::vector<ds::Sample>> extension;
  std::map<std::uint64_t, ds::Sample> measured;
};

// Throws std::runtime_error for a journal of another dataset run: one whose "run" records name another
// run id than `run_id` (dataset.json's; "" for a run of an older version, whose journals name none).
RankJournal read_rank_journal(const std::string& run_dir, int rank, const std::string& run_id) {
  RankJournal j;
  const std::string path = journal::journal_path(run_dir, rank);
  std::ifstream in(path);
  if (!in) return j;  // the rank never started
  journal::for_each_record(in, path, [&](const json& r) {
    const std::string type = r.at("type");
    if (type == "run" && r.value("run_id", "") != run_id)
      throw std::runtime_error(path + " is not this dataset run's journal (run id " + r.value("run_id", "") +
                               ", dataset.json's is " + (run_id.empty() ? std::string("none") : run_id) +
                               "): move it away");
    if (type == "dataset_plan") j.plan = r.at("samples").get<std::vector<ds::Sample>>();
    if (type == "dataset_extension") j.extension = r.at("samples").get<std::vector<ds::Sample>>();
    if (type == "dataset_sample") {
      auto s = r.at("sample").get<ds::Sample>();
      j.measured[s.id] = std::move(s);
    }
  });
  return j;
}

// Measures plan[begin, end) on one rank: journaled samples are taken as they are; stops (returns
// false) on a signal or when the time budget says the next configuration would not fit.
struct RankRunner {
  backend::Device* device = nullptr;
  int rank = 0;
  backend::TimingPlan timing;
  journal::Writer* journal = nullptr;
  control::TimeBudget* budget = nullptr;
  Clock::time_point t0;
  std::map<std::string, bool> compiled;
  std::map<std::uint64_t, ds::Sample> previous;

  // The distinct configurations of plan[from]'s kernel from there on that are still to be measured.
  std::vector<kernels::Tunables> configurations_left(const std::vector<ds::Sample>& plan, std::size_t from) const {
    std::map<std::string, kernels::Tunables> distinct;
    for (std::size_t i = from; i < plan.size(); ++i)
      if (plan[i].config.kernel == plan[from].config.kernel && !previous.count(plan[i].id))
        distinct.emplace(kernels::to_string(plan[i].config.tunables), plan[i].config.tunables);
    std::vector<kernels::Tunables> out;
    for (auto& [name, config] : distinct) out.push_back(std::move(config));
    return out;
  }

  bool run(std::vector<ds::Sample>& plan, std::size_t begin) {
    for (std::size_t i = begin; i < plan.size(); ++i) {
      ds::Sample& s = plan[i];
      if (auto it = previous.find(s.id); it != previous.end()) {
        s = it->second;
        continue;
      }
      const double elapsed = std::chrono::duration<double>(Clock::now() - t0).count();
      if (control::stop_requested() || !budget->may_start("dataset", elapsed)) return false;
      const auto start = Clock::now();
      if (!compiled[s.config.kernel]) {
        ds::precompile(*device, *ds::dataset_kernel(*kernels::find(s.config.kernel)), configurations_left(plan, i));
        compiled[s.config.kernel] = true;
      }
      const auto compiled_at = Clock::now();
      ds::measure(*device, timing, rank, s);
      budget->record("dataset", std::chrono::duration<double>(Clock::now() - compiled_at).count());
      // The kernel's configurations, compiled before its first one, are part of that one's prepare.
      s.steps.prepare_s += std::chrono::duration<double>(compiled_at - start).count();
      journal->record({{"type", "dataset_sample"}, {"sample", s}});
    }
    return true;
  }
};

json kernel_limits(const std::vector<ds::LaunchShape>& shapes) {
  json out = json::object();
  for (const auto& sh : shapes) {
    double max_global = 0;
    for (const auto& c : sh.configs)
      max_global = std::max(max_global, static_cast<double>(sh.workgroups(sh.max_size, c)) * sh.block_threads(c));
    out[sh.kernel] = {{"min_global", static_cast<double>(sh.granularity)}, {"max_global", max_global}};
  }
  return out;
}

// Rank 0: the IQR plan from every rank's measured samples; kernels limited to the global sizes every
// rank can reach.
ds::BalancePlan balance_plan(const std::vector<json>& ranks, const ds::DatasetSettings& s) {
  std::map<std::string, ds::KernelTimes> by_kernel;
  std::size_t sampled = 0;
  for (const auto& r : ranks) {
    for (const auto& [k, lim] : r.at("limits").items()) {
      auto [it, fresh] = by_kernel.try_emplace(k);
      it->second.kernel = k;
      it->second.min_global = std::max(it->second.min_global, lim.at("min_global").get<double>());
      const double mg = lim.at("max_global");
      it->second.max_global = fresh ? mg : std::min(it->second.max_global, mg);
    }
    for (const auto& j : r.at("samples")) {
      const auto sample = j.get<ds::Sample>();
      ++sampled;
      if (!sample.measured() || !sample.error.empty()) continue;
      auto& kt = by_kernel[sample.config.kernel];
      kt.global_size.push_back(static_cast<double>(sample.config.global_size()));
      kt.time_us.push_back(sample.point.time_median_s * 1e6);
    }
  }
  std::vector<ds::KernelTimes> kernels;
  for (auto& [k, kt] : by_kernel)
    if (!kt.time_us.empty()) kernels.push_back(std::move(kt));
  return ds::plan_iqr_balance(kernels, static_cast<std::size_t>(std::floor(s.balance_max * static_cast<double>(sampled))),
                              s.seed);
}

// This process's command line, for provenance (/proc/self/cmdline; "autobench-mpi dataset" elsewhere).
std::string process_command_line() {
  std::ifstream in("/proc/self/cmdline", std::ios::binary);
  std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  while (!text.empty() && text.back() == '\0') text.pop_back();
  std::replace(text.begin(), text.end(), '\0', ' ');
  return text.empty() ? "autobench-mpi dataset" : text;
}

void run_dataset(const DatasetRequest& request) {
  const bool resuming = !request.resume_dir.empty();
  ds::DatasetSettings settings = request.settings;
  json manifest;
  if (resuming) {
    manifest = read_manifest(request.resume_dir);
    try {
      settings = ds::settings_from_json(manifest.at("settings"));
    } catch (const std::exception& e) {
      throw UsageError("--resume '" + request.resume_dir + "': " + e.what());
    }
  }
  try {
    ds::check(settings);
  } catch (const std::invalid_argument& e) {
    throw UsageError(e.what());
  }
  settings.verbosity = request.quiet ? 0 : 1;
  const ds::RegimeRatio ratio = ds::parse_ratio(settings.ratio);

  int argc = 0;
  char** argv = nullptr;
  mpi::Session mpi(argc, argv);
  control::install_stop_handlers();
  const auto t0 = Clock::now();
  const bool root = mpi.root();
  const bool talk = root && settings.verbosity > 0;

  std::string problem;
  if (root && !resuming) {
    try {
      writing::check_output_directory("--output", settings.output_dir);
    } catch (const std::invalid_argument& e) {
      problem = e.what();
    }
  }
  if (resuming && manifest.at("info").at("ranks").get<int>() != mpi.size())
    problem = "--resume " + request.resume_dir + ": the dataset run had " + manifest["info"]["ranks"].dump() +
              " ranks; resume it with the same number (got " + std::to_string(mpi.size()) + ")";
  std::optional<writing::RunLock> lock;  // rank 0's, for the life of the run: one writer per run directory
  if (root && resuming && problem.empty()) {
    try {
      lock.emplace(request.resume_dir, mpi::node_name());
    } catch (const std::exception& e) {
      problem = "--resume " + request.resume_dir + ": " + e.what();
    }
  }
  std::string backend_name;
  try {
    backend_name = resolve_backend(resuming ? manifest["info"].at("backend").get<std::string>() : settings.backend, mpi);
  } catch (const UsageError& e) {
    if (problem.empty()) problem = e.what();
  }
  problem = mpi.broadcast(problem);
  if (!problem.empty()) throw UsageError(root ? problem : "");

  std::string run_dir = request.resume_dir;
  if (!resuming) {
    manifest = {{"settings", ds::to_json(settings)},
                {"run_id", mpi.broadcast(root ? journal::new_run_id(mpi::node_name()) : "")},
                {"info",
                 {{"version", build_version()}, {"git_commit", build_git_commit()}, {"command_line", request.command_line},
                  {"backend", backend_name}, {"ranks", mpi.size()}, {"start_time", results::utc_now()}}}};
    if (root) {
      try {
        run_dir = writing::create_run_directory(settings.output_dir);
        lock.emplace(run_dir, mpi::node_name());
        files::write_file_atomically(manifest_path(run_dir), manifest.dump(2) + "\n");
      } catch (const std::exception& e) {
        problem = e.what();
        lock.reset();
        std::error_code ignored;
        if (!run_dir.empty()) std::filesystem::remove_all(run_dir, ignored);  // nothing was measured into it
      }
    }
    problem = mpi.broadcast(problem);
    if (!problem.empty()) throw RunFailure(root ? problem : "");
    run_dir = mpi.broadcast(run_dir);
  }
  double budget_s = request.time_budget_s;
  if (budget_s < 0) {
    const double left = control::slurm_time_left_s();
    const double usable = std::isinf(left) ? left : left - std::max(30.0, 0.1 * left);
    budget_s = std::stod(mpi.broadcast(std::to_string(usable)));
  }
  control::TimeBudget budget(budget_s);
  if (talk)
    fmt::print("dataset: {} rank(s), {} backend, {} configurations per kernel and rank ({} idle:under:full){} -> {}\n",
                mpi.size(), backend_name.c_str(), static_cast<long long>(settings.per_kernel), settings.ratio.c_str(),
                settings.balance == "iqr" ? ", IQR refinement" : "", run_dir.c_str());
  if (talk && backend::usable_cores() == 1 && std::thread::hardware_concurrency() > 1)
    fmt::print("note: this rank may run on 1 of the machine's {} cores (mpirun binds each rank to one core by "
               "default), so the CPU references that verify every configuration run on it alone; `mpirun "
               "--bind-to none` or `srun --cpus-per-task=N` gives each rank more\n",
               std::thread::hardware_concurrency());

  if (root)  // mpirun kills the ranks a second after forwarding SIGTERM: the journals keep what was measured
    control::set_stop_notice("autobench-mpi: stopping after the current measurement; should the job end before " +
                             ds::hdf5_path(run_dir) + " is written, continue with: " +
                             autobench_command(mpi.size(), "dataset --resume " + run_dir) + "\n");
  // This rank: its journal so far, its device and ceilings, its plan.
  const std::string run_id = manifest.value("run_id", "");  // journals carry it: another run's are refused
  RankJournal previous;
  std::string journal_problem;
  if (resuming) try {
      previous = read_rank_journal(run_dir, mpi.rank(), run_id);
    } catch (const std::exception& e) {
      journal_problem = e.what();
    }
  ds::RankDevice mine;
  std::unique_ptr<backend::Device> device;
  std::vector<ds::Sample> plan;
  std::vector<ds::LaunchShape> shapes;
  std::vector<ds::DatasetKernel> kernels;
  const auto cannot_start = [&](const std::exception& e) {
    device.reset();
    mine.start_error = e.what();
    mine.device.backend = backend_name;
    mine.device.hostname = mpi::node_name();
  };
  try {
    device = backend::open_device({backend_name, settings.sim_device, mpi.rank(), mpi.local_rank(), mpi.local_size(),
                                   settings.seed, mpi::node_name(), 0, mpi.core_sharers()});
    mine.device = device->info();
    mine.ceilings = ds::device_ceilings(*device);
    for (const auto& spec : kernels::all()) {
      const auto k = ds::dataset_kernel(spec);
      const bool wanted = settings.kernels.empty() ||
                          std::find(settings.kernels.begin(), settings.kernels.end(), spec.name) != settings.kernels.end();
      if (!k || !wanted) continue;
      kernels.push_back(*k);
      shapes.push_back(ds::rank_share(ds::device_shape(*device, *k, settings.memory_fraction), mpi.rank(), mpi.size()));
    }
  } catch (const std::exception& e) {
    cannot_start(e);
  }
  if (resuming) {  // a resume needs every rank's device; nothing of the run is touched before that is known
    const auto errors = mpi::gather_to_root(mpi.comm(), mine.start_error);
    const auto journals = mpi::gather_to_root(mpi.comm(), journal_problem);
    for (std::size_t r = 0; r < errors.size() && problem.empty(); ++r)
      if (!errors[r].empty())
        problem = "--resume " + run_dir + ": rank " + std::to_string(r) + " cannot start (" + errors[r] +
                  "); nothing was measured or changed";
    for (std::size_t r = 0; r < journals.size() && problem.empty(); ++r)
      if (!journals[r].empty()) problem = "--resume " + run_dir + ": " + journals[r] + "; nothing was measured or changed";
    problem = mpi.broadcast(problem);
    if (!problem.empty()) throw RunFailure(root ? problem : "");
  }
  journal::Writer journal(run_dir, mpi.rank());
  journal.record({{"type", "run"}, {"run_id", run_id}}, true);  // each start of the rank names its run
  try {
    if (device && previous.plan) {
      plan = *previous.plan;
    } else if (device) {
      const backend::Occupancy occ = backend::occupancy_for(mine.device.sm_count, mine.device.cc_major, mine.device.cc_minor);
      ds::SamplerSettings ss;
      ss.per_kernel = static_cast<std::size_t>(settings.per_kernel);
      ss.ratio = ratio;
      ss.max_waves = settings.max_waves;
      ss.seed = settings.seed + 1000003ull * static_cast<std::uint64_t>(mpi.rank());
      std::vector<ds::KernelSample> sampled;
      for (const auto& sh : shapes) sampled.push_back(ds::sample_kernel(sh, occ, ss));
      plan = ds::rank_plan(sampled, mpi.rank(), settings.seed, settings.test_fraction);
      journal.record({{"type", "dataset_plan"}, {"samples", plan}}, true);
    }
  } catch (const std::exception& e) {
    cannot_start(e);
  }

  RankRunner runner{device.get(), mpi.rank(), {static_cast<int>(settings.warmup), static_cast<int>(settings.iterations), false},
                    &journal, &budget, t0, {}, std::move(previous.measured)};
  bool finished = !device || runner.run(plan, 0);
  const std::size_t sampled_count = plan.size();
  finished = !mpi.any(!finished);

  std::optional<ds::BalancePlan> balance;
  if (settings.balance == "iqr" && finished) {
    const auto gathered =
        mpi::gather_to_root(mpi.comm(), json{{"limits", kernel_limits(shapes)}, {"samples", plan}}.dump());
    std::string requests_text;
    if (root) {
      std::vector<json> ranks;
      for (const auto& g : gathered) ranks.push_back(json::parse(g));
      balance = balance_plan(ranks, settings);
      json requests = json::array();
      for (const auto& r : balance->requests)
        requests.push_back({{"kernel", r.kernel}, {"t", r.target_time_us}, {"g", r.global_size}, {"why", r.reason}});
      requests_text = requests.dump();
      if (talk)
        fmt::print("IQR refinement: {} log2-time decades, bin counts Q1 {:.4g} median {:.4g} Q3 {:.4g}, target {}: {} "
                    "configurations planned ({} asked){}\n",
                    balance->before.counts.size(), balance->q1, balance->median, balance->q3, balance->target,
                    balance->requests.size(), balance->requested,
                    balance->unreachable.empty() ? "" : ", some decades out of every kernel's reach");
    }
    const json requests = json::parse(mpi.broadcast(requests_text));
    if (device) {
      if (previous.extension) {
        plan.insert(plan.end(), previous.extension->begin(), previous.extension->end());
      } else {
        const backend::Occupancy occ = backend::occupancy_for(mine.device.sm_count, mine.device.cc_major, mine.device.cc_minor);
        std::mt19937_64 rng(settings.seed * 31 + static_cast<std::uint64_t>(mpi.rank()));
        std::vector<ds::LaunchConfig> more;
        for (std::size_t i = static_cast<std::size_t>(mpi.rank()); i < requests.size(); i += static_cast<std::size_t>(mpi.size())) {
          const auto& r = requests[i];
          const ds::BalanceRequest req{r.at("kernel"), r.at("t"), r.at("g"), r.at("why")};
          for (std::size_t k = 0; k < shapes.size(); ++k) {
            ds::LaunchConfig c;
            if (shapes[k].kernel == req.kernel && ds::realise(shapes[k], occ, req, rng, c)) more.push_back(std::move(c));
          }
        }
        ds::extend_plan(plan, more, mpi.rank(), settings.seed, settings.test_fraction);
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

  json mine_json = {{"device", mine.device},
                    {"start_error", mine.start_error},
                    {"bandwidth_gbs", mine.ceilings.bandwidth_gbs},
                    {"gflops", mine.ceilings.gflops},
                    {"ceilings_source", mine.ceilings.source},
                    {"samples", plan}};
  const auto gathered = mpi::gather_to_root(mpi.comm(), mine_json.dump());
  int exit_code = 0;
  std::string message;
  if (root) {
    ds::DatasetRun run;
    const json& info = manifest.at("info");
    run.version = info.at("version");
    run.git_commit = info.at("git_commit");
    run.command_line = info.at("command_line");
    run.backend = info.at("backend");
    run.start_time = info.at("start_time");
    run.end_time = results::utc_now();
    run.settings_json = manifest.at("settings").dump();
    run.ranks = mpi.size();
    run.complete = finished;
    std::vector<ds::Sample> sampled, added;
    std::size_t failed = 0;
    for (const auto& text : gathered) {
      const json r = json::parse(text);
      ds::RankDevice d;
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
    if (balance) {
      std::vector<double> times;
      for (const auto& s : run.samples)
        if (s.measured() && s.error.empty()) times.push_back(s.point.time_median_s * 1e6);
      run.counts_after.assign(balance->before.counts.size(), 0);
      for (double t : times) {
        const auto b = static_cast<long>(std::floor(std::log2(t) / balance->before.width_log2)) - balance->before.first_bin;
        if (b >= 0 && static_cast<std::size_t>(b) < run.counts_after.size()) ++run.counts_after[static_cast<std::size_t>(b)];
      }
      run.balance = std::move(balance);
    }
    std::size_t lines = 0;
    try {
      ds::write_hdf5(ds::hdf5_path(run_dir), run);
      lines = ds::write_jsonl(ds::jsonl_path(run_dir), run);
    } catch (const std::exception& e) {
      message = "writing the dataset in " + run_dir + " failed: " + e.what();
      exit_code = kExitFailure;
    }
    const double total = std::chrono::duration<double>(Clock::now() - t0).count();
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
                    static_cast<double>(lines) / total, run.backend.c_str(), ds::hdf5_path(run_dir).c_str(),
                    ds::jsonl_path(run_dir).c_str());
      } else {
        fmt::print("{}\n", ds::jsonl_path(run_dir).c_str());
      }
      if (!message.empty()) exit_code = kExitFailure;
      if (failed) {
        exit_code = kExitFailure;
        message = std::to_string(failed) + " configuration(s) failed verification or measurement (see " +
                  ds::hdf5_path(run_dir) + " /samples/error)";
      }
      if (!finished) {
        exit_code = exit_code ? exit_code : kExitStopped;
        fmt::print(stderr, "autobench-mpi: dataset stopped early{}; files marked incomplete. Continue with:\n  {}\n",
                   control::stop_requested() ? " on a signal" : " (time budget)",
                   autobench_command(mpi.size(), "dataset --resume " + run_dir).c_str());
      }
    }
  }
  control::set_stop_notice("");
  exit_code = std::stoi(mpi.broadcast(std::to_string(exit_code)));
  if (exit_code == kExitStopped) throw StoppedEarly("");
  if (exit_code != 0) throw RunFailure(root ? message : "");
}

}  // namespace

void add_dataset_command(CLI::App& app) {
  auto request = std::make_shared<DatasetRequest>();
  auto* cmd = app.add_subcommand(
      "dataset", "Generate a runtime dataset (LLMPerf-style): launch configurations of every kernel sampled in three "
                 "occupancy regimes, measured and verified across the ranks; writes RUN_DIR/dataset.h5 and a "
                 "prompt-format RUN_DIR/dataset.jsonl, and prints where the time went (seconds of prepare, "
                 "verify, time and destroy per kernel, also in dataset.h5 /time_split)");
  ds::DatasetSettings& s = request->settings;
  namespace limits = campaign::limits;
  add_device_options(*cmd, s.backend, s.sim_device);
  cmd->add_option("--kernels", s.kernels, "Kernels to sample (default: every kernel)")->delimiter(',');
  cmd->add_option("--per-kernel", s.per_kernel, "Configurations sampled per kernel and rank")
      ->check(bounded(limits::per_kernel))->capture_default_str();
  cmd->add_option("--ratio", s.ratio, "Regime ratio idle:under:full (idle: fewer workgroups than SMs; under: less "
                                      "than one full wave; full: one wave or more)")->capture_default_str();
  cmd->add_option("--max-waves", s.max_waves, "Largest launch of the full regime, in full waves")
      ->check(bounded(limits::max_waves))->capture_default_str();
  cmd->add_option("--balance", s.balance, "none, or iqr: fill sparse log2-time decades using a linear fit of time "
                                          "against global size (recorded per added configuration)")->capture_default_str();
  cmd->add_option("--balance-max", s.balance_max, "IQR additions at most this fraction of the sampled configurations")
      ->check(bounded(limits::balance_max))->capture_default_str();
  cmd->add_option("--warmup", s.warmup, "Launches dropped before timing")->check(bounded(limits::warmup))
      ->capture_default_str();
  cmd->add_option("--iterations", s.iterations, "Timed launches per configuration; the target is the median")
      ->check(bounded(limits::iterations))->capture_default_str();
  cmd->add_option("--test-fraction", s.test_fraction, "Share of rows on the test side of the random split")
      ->check(bounded(limits::test_fraction))->capture_default_str();
  cmd->add_option("--memory-fraction", s.memory_fraction, "Share of free device memory one configuration may take")
      ->check(bounded(limits::memory_fraction))->capture_default_str();
  add_seed_option(*cmd, s.seed);
  add_output_option(*cmd, s.output_dir);
  cmd->add_option("--resume", request->resume_dir, "Continue a stopped dataset run in RUN_DIR with its own settings; "
                                                   "refused, changing nothing, when a rank's device cannot start or "
                                                   "another process holds RUN_DIR (docs/promises.md)");
  cmd->add_option("--time-budget", request->time_budget_s, "Seconds the run may take; no configuration starts that "
                                                          "would not finish (default: the SLURM job's time left)")
      ->check(bounded(limits::time_budget_s));
  cmd->add_flag("-q,--quiet", request->quiet, "Print only errors and the JSONL path");
  cmd->callback([request, cmd] {
    if (!request->resume_dir.empty()) refuse_options_with_resume(*cmd, {"time-budget", "quiet"});
    request->command_line = process_command_line();
    run_dataset(*request);
  });
}

}  // namespace autobench::cli
