// The main job (see run_command.hpp).
#include "suite/cli/run_command.hpp"

#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <memory>
#include <sstream>

#include <nlohmann/json.hpp>

#include "suite/backend/factory.hpp"
#include "suite/campaign/plan.hpp"
#include "suite/campaign/rank_campaigns.hpp"
#include "suite/cli/errors.hpp"
#include "suite/mpi/gather.hpp"
#include "suite/mpi/mpi_session.hpp"
#include "suite/mpi/progress.hpp"
#include "suite/output/hdf5_writer.hpp"
#include "suite/output/run_directory.hpp"
#include "suite/results/json.hpp"
#include "suite/stats/stability.hpp"

namespace autobench::cli {
namespace {

using Clock = std::chrono::steady_clock;

// The rank the launcher gave this process, known before MPI starts (0 when not launched by MPI).
int launcher_rank() {
  for (const char* var : {"OMPI_COMM_WORLD_RANK", "PMIX_RANK", "PMI_RANK", "SLURM_PROCID"})
    if (const char* v = std::getenv(var)) return std::atoi(v);
  return 0;
}

std::string fmt(const char* format, double v) {
  char buf[64];
  std::snprintf(buf, sizeof buf, format, v);
  return buf;
}

std::string campaign_line(const results::Campaign& c, const std::string& device, double since_start) {
  std::ostringstream o;
  o << "[" << fmt("%7.1f", since_start) << " s] rank " << c.rank << " (" << device << ") " << c.kernel << "/"
    << c.detector << " repeat " << c.repeat << ": " << c.points.size() << " sizes, ";
  if (c.knee_detected)
    o << "knee at " << c.knee_size << " (index " << c.knee_index << ")";
  else
    o << "no knee";
  o << ", stop " << results::to_string(c.stop_reason) << ", " << fmt("%.2f", c.elapsed_s) << " s";
  if (!c.error.empty()) o << ": " << c.error;
  return o.str();
}

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

}  // namespace

int run_benchmarks(const campaign::RunSettings& settings, const std::string& command_line, int& argc, char**& argv) {
  const bool print_errors = launcher_rank() == 0;
  campaign::Plan plan;
  try {
    plan = campaign::make_plan(settings);
  } catch (const std::invalid_argument& e) {
    throw UsageError(print_errors ? e.what() : "");
  }

  mpi::Session mpi(argc, argv);
  const auto t0 = Clock::now();
  const bool root = mpi.root();
  const bool talk = root && settings.verbosity > 0;

  // Checks that need MPI: output directory (rank 0), backend and GPUs per node (all ranks).
  std::string problem;
  if (root) {
    try {
      output::check_output_parent(settings.output_dir);
    } catch (const std::invalid_argument& e) {
      problem = e.what();
    }
  }
  bool notice = false;
  std::string backend_name;
  try {
    backend_name = resolve_backend(settings.backend, mpi, notice);
  } catch (const UsageError& e) {
    problem = e.what();
  }
  problem = mpi.broadcast(problem);
  if (!problem.empty()) throw UsageError(root ? problem : "");

  if (notice && root)
    std::fprintf(stderr, "autobench-mpi: notice: no GPU visible on every rank; using the sim backend (simulated "
                         "devices; every result is labelled 'sim', none is a GPU measurement)\n");

  const std::string run_dir = mpi.broadcast(root && !settings.dry_run ? output::create_run_directory(settings.output_dir) : "");
  const std::string h5_path = (std::filesystem::path(run_dir) / "autobench.h5").string();
  if (talk) std::fputs(campaign::describe(plan, mpi.size(), backend_name, settings.dry_run ? "(dry run)" : h5_path).c_str(), stdout);
  if (settings.dry_run) {
    if (talk) {
      for (const auto& sw : plan.sweeps) {
        std::printf("  sweep %s repeat %d ->", sw.kernel.c_str(), sw.repeat);
        for (const auto& d : sw.detectors) std::printf(" %s", d.c_str());
        std::printf("\n");
      }
    }
    return 0;
  }

  results::RunInfo info;
  info.version = AUTOBENCH_VERSION;
  info.git_commit = AUTOBENCH_GIT_COMMIT;
  info.command_line = command_line;
  info.suite = settings.suite;
  info.backend = backend_name;
  info.ranks = mpi.size();
  info.start_time = output::utc_now_iso8601();

  // Each rank opens its device; one that cannot start reports why and runs nothing.
  results::RankResult mine;
  mine.rank = mpi.rank();
  std::unique_ptr<backend::Device> device;
  try {
    device = backend::open_device({backend_name, settings.sim_device, mpi.rank(), mpi.local_rank(), mpi.local_size(),
                                   settings.autoscale.seed, mpi::node_name()});
    mine.device = device->info();
  } catch (const std::exception& e) {
    mine.start_error = e.what();
    mine.device.backend = backend_name;
    mine.device.hostname = mpi::node_name();
  }

  {
    mpi::Progress progress(mpi.comm(), stdout, settings.verbosity > 0);
    const std::string label = device ? mine.device.name : "no device";
    progress.post("rank " + std::to_string(mpi.rank()) + " on " + mine.device.hostname + ": " +
                  (device ? label : "cannot start: " + mine.start_error));
    if (device) {
      campaign::RankHooks hooks;
      hooks.on_campaign = [&](const results::Campaign& c) {
        progress.post(campaign_line(c, label, std::chrono::duration<double>(Clock::now() - t0).count()));
      };
      if (settings.verbosity > 1)
        hooks.on_point = [&](const campaign::SweepSpec& sw, const results::Point& p) {
          progress.post("  rank " + std::to_string(mpi.rank()) + " " + sw.kernel + " size " + std::to_string(p.size) +
                        ": " + fmt("%.6g", p.time_mean_s * 1e3) + " ms, " + fmt("%.6g", p.throughput));
        };
      else
        hooks.on_point = [&](const campaign::SweepSpec&, const results::Point&) { progress.poll(); };
      mine.campaigns = campaign::run_rank(*device, plan, settings.autoscale, mpi.rank(), hooks);
    }
    progress.finish();
  }

  const std::vector<std::string> gathered = mpi::gather_to_root(mpi.comm(), nlohmann::json(mine).dump());
  const auto t_gathered = Clock::now();
  int exit_code = 0;
  if (root) {
    std::vector<results::RankResult> ranks;
    for (const auto& text : gathered) ranks.push_back(nlohmann::json::parse(text).get<results::RankResult>());
    info.end_time = output::utc_now_iso8601();
    const auto stability = stats::compute_stability(ranks);
    try {
      output::write_results(h5_path, info, ranks, stability, campaign::to_json(settings).dump());
    } catch (const std::exception& e) {
      std::fprintf(stderr, "autobench-mpi: error: writing %s failed: %s\n", h5_path.c_str(), e.what());
      return kExitFailure;
    }
    int failed_ranks = 0, failed_campaigns = 0;
    for (const auto& r : ranks) {
      if (!r.start_error.empty()) {
        ++failed_ranks;
        std::fprintf(stderr, "autobench-mpi: rank %d could not start: %s\n", r.rank, r.start_error.c_str());
      }
      for (const auto& c : r.campaigns) failed_campaigns += c.stop_reason == results::StopReason::error;
    }
    if (failed_campaigns)
      std::fprintf(stderr, "autobench-mpi: warning: %d campaign(s) ended with an error (see stop_reason/error)\n",
                   failed_campaigns);
    const double total = std::chrono::duration<double>(Clock::now() - t0).count();
    const double writing = std::chrono::duration<double>(Clock::now() - t_gathered).count();
    if (settings.verbosity > 0)
      std::printf("done in %.1f s (gather + write %.3f s); %s backend; results: %s\n", total, writing,
                  backend_name.c_str(), h5_path.c_str());
    else
      std::printf("%s\n", h5_path.c_str());
    exit_code = failed_ranks ? kExitFailure : 0;
  }
  return mpi.broadcast(std::to_string(exit_code)) == "0" ? 0 : kExitFailure;
}

}  // namespace autobench::cli
