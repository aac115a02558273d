// The built-in suites (see suites.hpp).
#include "suite/campaign/suites.hpp"

#include <stdexcept>

#include "detect/detector.hpp"
#include "kernels/kernel.hpp"

namespace autobench::campaign {

std::vector<SuiteDefinition> builtin_suites() {
  std::vector<std::string> all_detectors;
  for (const auto& d : detect::list()) all_detectors.push_back(d.name);
  return {
      {"quick", "vector add and GEMM, Triangle and Kneedle, 1 repeat", {"vecadd", "gemm"}, {"triangle", "kneedle"}, 1},
      {"full", "every kernel, every detector, 5 repeats", kernels::names(), all_detectors, 5},
      {"screen", "GPU health screen (docs/health.md): triad and fp32, Triangle, 3 repeats", {"triad", "fp32"},
       {"triangle"}, 3},
  };
}

SuiteDefinition find_suite(const std::string& name) {
  std::string known;
  for (auto& s : builtin_suites()) {
    if (s.name == name) return s;
    known += (known.empty() ? "" : ", ") + s.name;
  }
  throw std::invalid_argument("unknown suite '" + name + "' (allowed: " + known + ")");
}

}  // namespace autobench::campaign
