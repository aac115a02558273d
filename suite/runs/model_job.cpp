// The model job (see model_job.hpp): the model's hooks of the rank-job skeleton.
#include "suite/runs/model_job.hpp"

#include <chrono>
#include <cmath>
#include <cstdio>
#include <memory>
#include <random>
#include <vector>

#include <nlohmann/json.hpp>
#include <fmt/format.h>

#include "power/io/clock_lock.hpp"
#include "suite/backend/factory.hpp"
#include "suite/control/stop_signals.hpp"
#include "suite/backend/residency.hpp"
#include "suite/modeling/measure_points.hpp"
#include "suite/modeling/model_fit.hpp"
#include "suite/modeling/model_run.hpp"
#include "suite/mpi/gather.hpp"
#include "suite/results/utc_time.hpp"
#include "suite/runs/rank_job.hpp"
#include "suite/model_file/model_file.hpp"
#include "suite/writing/run_directory.hpp"

namespace autobench::runs {
namespace {

class ModelJob : public RankJob {
 public:
  explicit ModelJob(const ModelRequest& request) : r_(request), space_(request.space) {}

  std::string prepare() override { return ""; }  // checked by the caller

  JobSetup setup() const override {
    JobSetup s;
    s.backend = r_.backend;
    s.output_dir = r_.output;
    s.info.command_line = r_.command_line;
    s.info.suite = "model";
    s.stop_after_measurement = false;  // locked clocks install their own (end_now) before measuring
    s.every_device_needed = true;
    return s;
  }

  std::string open_device(const JobContext& ctx) override {
    const mpi::Session& mpi = ctx.mpi;
    try {
      device_ = backend::open_device({ctx.backend, r_.sim_device, mpi.rank(), mpi.local_rank(), mpi.local_size(),
                                      r_.seed, mpi::node_name(), 0, mpi.core_sharers()});
    } catch (const std::exception& e) {
      return e.what();
    }
    return "";
  }

  RankPart body(JobContext& ctx) override;
  Outcome write(const JobContext& ctx, const std::vector<std::string>& parts,
                std::vector<results::RankTimeSplit> splits, bool stopped_early) override;

 private:
  const ModelRequest& r_;
  modeling::DesignSpace space_;
  std::unique_ptr<backend::Device> device_;
  std::string device_model_;  // every rank's
  std::vector<modeling::DesignPoint> points_;  // the sample, alike on every rank
  double measured_s_ = 0;
};

// One device model (mixed ones would fit their differences as noise), then this rank's share of the
// sample measured: every size-th point from its rank on.
RankPart ModelJob::body(JobContext& ctx) {
  const mpi::Session& mpi = ctx.mpi;
  const auto models = mpi::gather_to_root(mpi.comm(), device_->info().model);
  std::string problem;
  if (mpi.root())
    for (std::size_t r = 1; r < models.size(); ++r)
      if (models[r] != models[0] && problem.empty())
        problem = "ranks run on different device models (rank 0: '" + models[0] + "', rank " + std::to_string(r) +
                  ": '" + models[r] + "'); a model is fitted for one device model: start the ranks on one GPU model";
  if (!(problem = mpi.broadcast(problem)).empty()) return {"", false, Outcome{kExitUsage, mpi.root() ? problem : ""}};
  device_model_ = mpi.broadcast(mpi.root() ? models[0] : "");
  const auto& info = device_->info();
  space_.offered.device = backend::occupancy_for(info.sm_count, info.cc_major, info.cc_minor);

  std::mt19937_64 rng(r_.seed);
  points_ = modeling::sample(space_, static_cast<std::size_t>(r_.samples + r_.test), rng);
  std::vector<modeling::DesignPoint> share;
  std::vector<std::size_t> indices;
  for (std::size_t i = static_cast<std::size_t>(mpi.rank()); i < points_.size(); i += static_cast<std::size_t>(mpi.size())) {
    share.push_back(points_[i]);
    indices.push_back(i);
  }
  if (mpi.root())
    fmt::print("model: {} on {} rank(s) ({}), {} training + {} held-out samples of {} points, {} size(s){}\n",
               space_.kernel->name.c_str(), mpi.size(), device_model_.c_str(), static_cast<long long>(r_.samples),
               static_cast<long long>(r_.test), modeling::space_size(space_), space_.sizes.size(),
               space_.clocks_mhz.empty() ? "" : (", " + std::to_string(space_.clocks_mhz.size()) + " locked clock(s)").c_str());
  std::fflush(stdout);
  nlohmann::json mine{{"indices", indices}, {"error", ""}};
  const auto t0 = Clock::now();
  try {
    if (!space_.clocks_mhz.empty()) control::install_stop_handlers(control::OnSignal::end_now);
    mine["times"] = modeling::measure_points(*device_, *space_.kernel, share, r_.timing);
  } catch (const power::io::ClockError& e) {
    mine["error"] = std::string("clock lock failed: ") + e.what() + " (locking clocks needs root and a clock the GPU supports)";
  } catch (const std::exception& e) {
    mine["error"] = e.what();
  }
  measured_s_ = std::chrono::duration<double>(Clock::now() - t0).count();
  return {mine.dump(), false, {}};
}

// Rank 0: every rank's times, the model fitted on the training samples and judged on the held-out ones,
// written as RUN_DIR/model.h5 in a new run directory.
Outcome ModelJob::write(const JobContext& ctx, const std::vector<std::string>& parts,
                        std::vector<results::RankTimeSplit> /*splits*/, bool /*stopped_early*/) {
  std::vector<double> times(points_.size(), NAN);
  std::vector<std::int64_t> by(points_.size(), -1);
  std::string errors;
  for (std::size_t r = 0; r < parts.size(); ++r) {
    const auto j = nlohmann::json::parse(parts[r]);
    if (!j.at("error").get<std::string>().empty()) {
      errors += (errors.empty() ? "" : "; ") + ("rank " + std::to_string(r) + ": " + j.at("error").get<std::string>());
      continue;
    }
    const auto idx = j.at("indices").get<std::vector<std::size_t>>();
    const auto t = j.at("times").get<std::vector<double>>();
    for (std::size_t k = 0; k < idx.size(); ++k) times[idx[k]] = t[k], by[idx[k]] = static_cast<std::int64_t>(r);
  }
  if (!errors.empty()) return {kExitFailure, "measuring the samples failed (no model written): " + errors};
  const auto& info = device_->info();
  modeling::ModelRun run;
  run.info = ctx.info;
  run.kernel = space_.kernel->name;
  run.device_model = device_model_;
  run.sm_count = info.sm_count;
  run.cc_major = info.cc_major;
  run.cc_minor = info.cc_minor;
  run.seed = r_.seed;
  run.sizes = space_.sizes;
  run.clocks_mhz = space_.clocks_mhz;
  run.options = r_.stepwise;
  try {
    modeling::fit_model(run, space_, points_, times, by, static_cast<std::size_t>(r_.samples));
  } catch (const std::invalid_argument& e) {
    return {kExitFailure, std::string("fitting the model failed: ") + e.what()};
  }
  run.info.end_time = results::utc_now();
  const std::string path = writing::create_run_directory(r_.output) + "/model.h5";
  try {
    model_file::write_model_file(path, run);
  } catch (const std::exception& e) {
    return {kExitFailure, std::string("writing the model file failed: ") + e.what()};
  }
  fmt::print("measured in {:.1f} s; model: {} terms, R2 {:.4f}, held-out mean error {:.2f} % ({} points)\n{}\n",
             measured_s_, run.selection.model.terms().size(), run.selection.r_squared, 100 * run.errors.mean_relative,
             run.errors.points, path.c_str());
  return {};
}

}  // namespace

Outcome run_model(const ModelRequest& request) {
  ModelJob job(request);
  return run_rank_job(job);
}

}  // namespace autobench::runs
