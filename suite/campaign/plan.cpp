// Validation and matrix expansion (see plan.hpp).
#include "suite/campaign/plan.hpp"

#include <algorithm>
#include <set>
#include <sstream>
#include <stdexcept>

#include "detect/detector.hpp"
#include "kernels/kernel.hpp"
#include "suite/backend/sim/sim_model.hpp"
#include "suite/campaign/suites.hpp"

namespace autobench::campaign {
namespace {

std::string join(const std::vector<std::string>& v) {
  std::string s;
  for (const auto& x : v) s += (s.empty() ? "" : ", ") + x;
  return s;
}

void require(bool ok, const std::string& message) {
  if (!ok) throw std::invalid_argument(message);
}

template <typename T>
std::string str(T v) {
  std::ostringstream o;
  o << v;
  return o.str();
}

void check_unique(const std::vector<std::string>& names, const char* what) {
  std::set<std::string> seen;
  for (const auto& n : names) require(seen.insert(n).second, std::string(what) + " '" + n + "' is listed twice");
}

// The autoscaler's values, for the sweeps of `kernel_names`.
void check_autoscale(const autoscale::AutoscaleSettings& a, const std::vector<std::string>& kernel_names) {
  require(a.scale_factor > 1.0, "--scale-factor " + str(a.scale_factor) + " is not allowed: must be greater than 1");
  require(a.coarse_factor > 1.0, "--coarse-factor " + str(a.coarse_factor) + " is not allowed: must be greater than 1");
  require(a.refine_precision >= 0.0 && a.refine_precision < 1.0,
          "--refine-precision " + str(a.refine_precision) + " is not allowed: must be in (0, 1)");
  require(a.safety_factor > 0.0 && a.safety_factor <= 1.0,
          "--safety-factor " + str(a.safety_factor) + " is not allowed: must be in (0, 1]");
  require(a.safeguards.min_runtime_s >= 0.0,
          "--min-runtime-ms " + str(a.safeguards.min_runtime_s * 1e3) + " is not allowed: must be >= 0");
  require(a.safeguards.min_points >= 3, "--min-points " + str(a.safeguards.min_points) + " is not allowed: must be >= 3");
  require(a.timing.iterations >= 1, "--iterations must leave at least 1 timed iteration after the warm-up");
  require(a.timing.warmup >= 0, "--warmup " + str(a.timing.warmup) + " is not allowed: must be >= 0");
  require(a.noise_stop.target >= 0.0 && a.noise_stop.target < 1.0,
          "--noise-target " + str(a.noise_stop.target) + " is not allowed: must be in [0, 1) (0: fixed --iterations)");
  const int fewest_launches = a.noise_stop.target == 0.0 ? 1 : a.timing.iterations;
  require(a.noise_stop.max_launches >= fewest_launches && a.noise_stop.max_launches <= 1000000,
          "--max-launches " + str(a.noise_stop.max_launches) + " is not allowed: must be in [" + str(fewest_launches) +
              (a.noise_stop.target == 0.0 ? "" : " (the timed --iterations)") + ", 1000000]");
  require(a.bootstrap <= 100000, "--knee-bootstrap " + str(a.bootstrap) + " is not allowed: must be in [0, 100000]");
  require(a.noise_stop.max_time_s > 0.0 && a.noise_stop.max_time_s <= 3600.0,
          "--max-time-ms " + str(a.noise_stop.max_time_s * 1e3) + " is not allowed: must be in (0, 3600000]");
  require(a.tune_budget >= 1, "--tune-budget " + str(a.tune_budget) + " is not allowed: must be at least 1");
  require(a.detector_params.sensitivity > 0.0,
          "--sensitivity " + str(a.detector_params.sensitivity) + " is not allowed: must be positive");
  require(a.detector_params.distance_threshold >= 0.0,
          "--distance-threshold " + str(a.detector_params.distance_threshold) + " is not allowed: must be >= 0");
  if (a.max_size) {
    for (const auto& k : kernel_names) {
      const auto start = kernels::find(k)->round_size(a.start_size ? a.start_size : kernels::find(k)->start_size);
      require(a.max_size >= start, "--max-size " + str(a.max_size) + " is not allowed: below the start size " +
                                       str(start) + " of kernel '" + k + "'");
    }
  }
}

}  // namespace

Plan make_plan(const RunSettings& s) {
  // A suite file gives the whole matrix; a built-in suite fills what the options leave out.
  const SuiteDefinition suite = s.suite_file.empty() ? find_suite(s.suite) : SuiteDefinition{};
  Plan plan;
  plan.suite = s.suite;
  plan.kernels = s.kernels.empty() ? suite.kernels : s.kernels;
  plan.detectors = s.detectors.empty() ? suite.detectors : s.detectors;
  plan.repeats = s.repeats ? s.repeats : suite.repeats;

  for (const auto& k : plan.kernels)
    require(kernels::find(k) != nullptr, "unknown kernel '" + k + "' (allowed: " + join(kernels::names()) + ")");
  std::vector<std::string> known_detectors;
  for (const auto& d : detect::list()) known_detectors.push_back(d.name);
  for (const auto& d : plan.detectors)
    require(detect::exists(d), "unknown detector '" + d + "' (allowed: " + join(known_detectors) + ")");
  check_unique(plan.kernels, "kernel");
  check_unique(plan.detectors, "detector");
  require(plan.repeats >= 1, "--repeats " + str(plan.repeats) + " is not allowed: must be at least 1");
  require(s.backend == "auto" || s.backend == "cuda" || s.backend == "sim",
          "unknown backend '" + s.backend + "' (allowed: auto, cuda, sim)");

  if (!s.sim_device.empty()) backend::sim::model_named(s.sim_device);
  require(s.sim_realtime >= 0, "--sim-realtime " + str(s.sim_realtime) + " is not allowed: must be >= 0");

  check_autoscale(s.autoscale, plan.kernels);
  for (const auto& [k, a] : s.kernel_autoscale) {
    require(std::find(plan.kernels.begin(), plan.kernels.end(), k) != plan.kernels.end(),
            "settings for kernel '" + k + "' but it is not in the run's kernels (" + join(plan.kernels) + ")");
    check_autoscale(a, {k});
  }

  for (const auto& k : plan.kernels)
    for (int r = 0; r < plan.repeats; ++r) {
      if (s.independent_sweeps)
        for (const auto& d : plan.detectors) plan.sweeps.push_back({k, r, {d}});
      else
        plan.sweeps.push_back({k, r, plan.detectors});
    }
  return plan;
}

std::string describe(const Plan& plan, int ranks, const std::string& backend, const std::string& output) {
  std::ostringstream o;
  o << "plan: suite " << plan.suite << ", kernels [" << join(plan.kernels) << "], detectors [" << join(plan.detectors)
    << "], " << plan.repeats << " repeat" << (plan.repeats == 1 ? "" : "s") << "\n"
    << "      " << plan.campaigns_per_rank() << " campaigns per rank in " << plan.sweeps.size() << " sweeps, " << ranks
    << " rank" << (ranks == 1 ? "" : "s") << " (" << plan.campaigns_per_rank() * static_cast<std::size_t>(ranks)
    << " campaigns), backend " << backend << "\n"
    << "      output " << output << "\n";
  return o.str();
}

}  // namespace autobench::campaign
