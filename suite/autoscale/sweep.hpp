// One autoscaling sweep of a kernel on a device: grow the size geometrically, measure each size, feed
// every detector, and stop when all detectors are satisfied, at the maximum size, or on a failure.
#pragma once

#include <functional>
#include <string>
#include <vector>

#include "suite/autoscale/autoscale_settings.hpp"
#include "suite/autoscale/tuner.hpp"
#include "suite/backend/device.hpp"
#include "suite/results/results.hpp"

namespace autobench::autoscale {

struct SweepHooks {
  std::function<void(const results::Point&)> on_point;  // after each measured size (journal, progress)
  std::function<bool()> stop_requested;                  // checked before each size (signals, time budget)
  // Wraps the timed launches of each size's best configuration (not with --cold, whose launches
  // interleave cache flushes): e.g. samples power meanwhile, so that a size whose launches span several
  // sensor updates gets its power at no extra cost. Gets the size; must call `timed` once and return its result.
  std::function<backend::Timing(std::uint64_t, const Tuner::Timed& timed)> around_timing;
  // After a size is timed, before on_point and the detectors: e.g. a power window (suite/energy/) that
  // runs the chosen configuration on the workload and fills the point's power fields.
  std::function<void(backend::Workload&, const kernels::Tunables& best, results::Point&)> measure_power;
  // After the sweep and its refinement, before finish_campaign: e.g. power windows at the points around
  // the knees. `at(size, f)` prepares the workload at a measured size again and calls f with it and the
  // configuration that size was measured with; it returns false (and runs nothing) once stop_requested,
  // and then every campaign of the sweep is returned incomplete (a window chosen was never measured).
  using WorkloadAt = std::function<bool(std::uint64_t, const std::function<void(backend::Workload&, const kernels::Tunables&)>&)>;
  std::function<void(std::vector<results::Campaign>&, const WorkloadAt&)> after_sweep;
  // Each campaign before run_sweep returns it (e.g. power corrections over the whole campaign).
  std::function<void(results::Campaign&)> finish_campaign;
};

// Sizes the sweep visits from `start`: geometric by `factor`, rounded to the kernel granularity,
// strictly increasing, ending exactly at `max_size`.
std::uint64_t next_size(const kernels::KernelSpec& kernel, std::uint64_t n, double factor, std::uint64_t max_size);

// Runs one sweep feeding all `detectors` and returns one campaign per detector, in the given order:
// each holds the prefix of the sweep that detector needed, its knee and its stop reason. Rank and
// repeat are left for the caller to fill in. Device failures end the sweep with reason `error`.
std::vector<results::Campaign> run_sweep(backend::Device& device, const kernels::KernelSpec& kernel,
                                         const std::vector<std::string>& detectors,
                                         const AutoscaleSettings& settings, const SweepHooks& hooks = {});

// "key=value,..." description of the detector settings a campaign ran with.
std::string describe_detector_params(const AutoscaleSettings& settings);

}  // namespace autobench::autoscale
