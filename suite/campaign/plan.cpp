// Validation and matrix expansion (see plan.hpp).
#include "suite/campaign/plan.hpp"

#include <algorithm>
#include <set>
#include <utility>
#include <sstream>
#include <stdexcept>

#include "detect/detector.hpp"
#include "kernels/kernel.hpp"
#include "suite/backend/sim/sim_model.hpp"
#include "suite/campaign/limits.hpp"
#include "suite/campaign/option_table.hpp"
#include "suite/campaign/suites.hpp"
#include "suite/text/echo.hpp"

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
  for (const auto& n : names) require(seen.insert(n).second, std::string(what) + " " + text::echo(n) + " is listed twice");
}

// The autoscaler's values, for the sweeps of `kernel_names`.
void check_autoscale(const autoscale::AutoscaleSettings& a, const std::vector<std::string>& kernel_names) {
  check_limits(autoscale_options(), a);  // the command line checked these already; run.json of --resume and merge had not
  require(a.timing.iterations >= 1, "--iterations " + str(a.timing.iterations + a.timing.warmup) + " with --warmup " +
                                        str(a.timing.warmup) + " is not allowed: --iterations must exceed --warmup "
                                        "(at least 1 timed launch after the warm-up)");
  check_stored(limits::iterations, a.timing.iterations + a.timing.warmup);  // typed: the timed launches and the warm-up
  const int fewest_launches = a.noise_stop.target == 0.0 ? 1 : a.timing.iterations;
  require(a.noise_stop.max_launches >= fewest_launches && a.noise_stop.max_launches <= 1000000,
          "--max-launches " + str(a.noise_stop.max_launches) + " is not allowed: must be in [" + str(fewest_launches) +
              (a.noise_stop.target == 0.0 ? "" : " (the timed --iterations)") + ", 1000000]");
  for (const auto& k : kernel_names) {  // a size's footprint must be representable: sweeps compute it in bytes
    const kernels::KernelSpec& kernel = *kernels::find(k);
    for (const auto& [option, size] : {std::pair{"--start-size", a.start_size}, {"--max-size", a.max_size}})
      require(kernel.fits_in(size, limits::kMaxBytes),
              std::string(option) + " " + str(size) + " is not allowed for kernel '" + k +
                  "': its buffers exceed any GPU (allowed: at most 2^50 bytes)");
  }
  if (a.max_size) {
    for (const auto& k : kernel_names) {
      const auto start = kernels::find(k)->round_size(a.start_size ? a.start_size : kernels::find(k)->start_size);
      require(a.max_size >= start, "--max-size " + str(a.max_size) + " is not allowed: below the start size " +
                                       str(start) + " of kernel '" + k + "'");
    }
  }
}

}  // namespace

SweepSpec sweep_at(const Plan& plan, std::size_t i) {
  if (!plan.independent_sweeps) return {plan.kernels[i / plan.repeats], static_cast<int>(i % plan.repeats), plan.detectors};
  const std::size_t per_kernel = plan.detectors.size() * static_cast<std::size_t>(plan.repeats);
  const std::size_t in_kernel = i % per_kernel;
  return {plan.kernels[i / per_kernel], static_cast<int>(in_kernel / plan.detectors.size()),
          {plan.detectors[in_kernel % plan.detectors.size()]}};
}

Plan check_plan(const RunSettings& s) {
  // A suite file gives the whole matrix; a built-in suite fills what the options leave out.
  const SuiteDefinition suite = s.suite_file.empty() ? find_suite(s.suite) : SuiteDefinition{};
  Plan plan;
  plan.suite = s.suite;
  plan.kernels = s.kernels.empty() ? suite.kernels : s.kernels;
  plan.detectors = s.detectors.empty() ? suite.detectors : s.detectors;
  plan.repeats = s.repeats ? s.repeats : suite.repeats;

  for (const auto& k : plan.kernels)
    require(kernels::find(k) != nullptr, "unknown kernel " + text::echo(k) + " (allowed: " + join(kernels::names()) + ")");
  std::vector<std::string> known_detectors;
  for (const auto& d : detect::list()) known_detectors.push_back(d.name);
  for (const auto& d : plan.detectors)
    require(detect::exists(d), "unknown detector " + text::echo(d) + " (allowed: " + join(known_detectors) + ")");
  check_unique(plan.kernels, "kernel");
  check_unique(plan.detectors, "detector");
  check_stored(limits::repeats, plan.repeats);
  require(s.backend == "auto" || s.backend == "cuda" || s.backend == "sim",
          "unknown backend " + text::echo(s.backend) + " (allowed: auto, cuda, sim)");

  if (!s.sim_device.empty()) backend::sim::model_named(s.sim_device);
  check_limits(run_options(), s);

  check_autoscale(s.autoscale, plan.kernels);
  for (const auto& [k, a] : s.kernel_autoscale) {
    require(std::find(plan.kernels.begin(), plan.kernels.end(), k) != plan.kernels.end(),
            "settings for kernel " + text::echo(k) + " but it is not in the run's kernels (" + join(plan.kernels) + ")");
    check_autoscale(a, {k});
    // The power windows are the run's: a kernel's efficiency curve needs one at every point of it.
    require(a.knee_metric != autoscale::KneeMetric::efficiency || (s.power.points == "all" && s.power.window_s != 0),
            "--knee-metric efficiency for kernel " + text::echo(k) + " needs a power window at every point: "
            "give --power-points all (and --power-window-ms > 0) for the whole run, in [options]");
  }

  plan.independent_sweeps = s.independent_sweeps;
  return plan;
}

Plan make_plan(const RunSettings& s) {
  Plan plan = check_plan(s);
  for (std::size_t i = 0; i < plan.sweep_count(); ++i) plan.sweeps.push_back(sweep_at(plan, i));
  return plan;
}

std::string describe(const Plan& plan, int ranks, const std::string& backend, const std::string& output) {
  std::ostringstream o;
  o << "plan: suite " << plan.suite << ", kernels [" << join(plan.kernels) << "], detectors [" << join(plan.detectors)
    << "], " << plan.repeats << " repeat" << (plan.repeats == 1 ? "" : "s") << "\n"
    << "      " << plan.campaigns_per_rank() << " campaigns per rank in " << plan.sweep_count() << " sweeps, " << ranks
    << " rank" << (ranks == 1 ? "" : "s") << " (" << plan.campaigns_per_rank() * static_cast<std::size_t>(ranks)
    << " campaigns), backend " << backend << "\n"
    << "      output " << text::printable(output, text::kMessageBytes) << "\n";
  return o.str();
}

}  // namespace autobench::campaign
