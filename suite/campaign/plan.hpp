// Turns run settings into the validated matrix of sweeps a rank runs.
#pragma once

#include <string>
#include <vector>

#include "suite/campaign/run_settings.hpp"

namespace autobench::campaign {

// One sweep: a kernel at one repeat feeding one or more detectors (one campaign each).
struct SweepSpec {
  std::string kernel;
  int repeat = 0;
  std::vector<std::string> detectors;
};

struct Plan {
  std::string suite;
  std::vector<std::string> kernels;
  std::vector<std::string> detectors;
  int repeats = 1;
  bool independent_sweeps = false;  // one sweep per detector
  std::vector<SweepSpec> sweeps;  // kernel-major, then repeat, then detector (independent sweeps)

  std::size_t campaigns_per_rank() const { return kernels.size() * detectors.size() * static_cast<std::size_t>(repeats); }
  std::size_t sweep_count() const { return independent_sweeps ? campaigns_per_rank() : kernels.size() * static_cast<std::size_t>(repeats); }
};

// Sweep i (< sweep_count()) of the plan, in the order of make_plan's sweeps, without building the others.
SweepSpec sweep_at(const Plan& plan, std::size_t i);

// Checks every value like make_plan, but leaves the sweeps unbuilt: O(1) in the matrix size (--dry-run).
Plan check_plan(const RunSettings& settings);

// Checks every value (names, sizes, factors, counts) and builds the plan. Throws std::invalid_argument
// with one line naming the bad value and what is allowed.
Plan make_plan(const RunSettings& settings);

// Human-readable plan: matrix, sweeps, ranks, backend, output path.
std::string describe(const Plan& plan, int ranks, const std::string& backend, const std::string& output);

}  // namespace autobench::campaign
