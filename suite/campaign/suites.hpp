// The built-in suites: named kernel × detector × repeat matrices.
#pragma once

#include <string>
#include <vector>

namespace autobench::campaign {

struct SuiteDefinition {
  std::string name;
  std::string description;
  std::vector<std::string> kernels;
  std::vector<std::string> detectors;
  int repeats = 1;
};

// quick: vecadd + gemm, triangle + kneedle, 1 repeat; full: every kernel and detector, 5 repeats; screen:
// triad + fp32 (bandwidth and compute), triangle, 3 repeats: the GPU health screen (docs/health.md).
std::vector<SuiteDefinition> builtin_suites();
// Throws std::invalid_argument naming the suite and the known ones.
SuiteDefinition find_suite(const std::string& name);

}  // namespace autobench::campaign
