// A pool of "measured" GEMM points for the modeling tests: every configuration of the tuning space at
// the given sizes, with a time from a cost function the test chooses.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "kernels/tuning.hpp"
#include "suite/modeling/model_run.hpp"

namespace autobench::testing {

struct GemmPool {
  std::vector<std::string> names;  // the tunables, then "size"
  modeling::Samples samples;       // one row per (size, configuration), all of rank 0
};

// Rows in the order of `sizes`, each size's configurations in tuning_space order.
inline GemmPool gemm_pool(const std::vector<std::uint64_t>& sizes,
                          const std::function<double(const kernels::Tunables&, std::uint64_t)>& time_s) {
  GemmPool p;
  const auto& gemm = *kernels::find("gemm");
  for (std::uint64_t n : sizes)
    for (const auto& config : kernels::tuning_space(gemm, n)) {
      if (p.names.empty()) {
        for (const auto& [name, value] : config) p.names.push_back(name);
        p.names.push_back("size");
      }
      model::Row row;
      for (const auto& [name, value] : config) row.push_back(static_cast<double>(value));
      row.push_back(static_cast<double>(n));
      p.samples.rows.push_back(row);
      p.samples.time_s.push_back(time_s(config, n));
      p.samples.rank.push_back(0);
    }
  return p;
}

}  // namespace autobench::testing
