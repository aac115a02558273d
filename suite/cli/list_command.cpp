// `autobench-mpi list`: the kernels, detectors (with their --detector-param knobs), suites and sim device models
// this binary knows.
#include <cstdio>
#include <fmt/format.h>

#include "detect/detector.hpp"
#include "detect/detector_params.hpp"
#include "kernels/kernel.hpp"
#include "suite/backend/sim/sim_model.hpp"
#include "suite/campaign/suites.hpp"
#include "suite/cli/commands.hpp"

namespace autobench::cli {

void add_list_command(CLI::App& app) {
  auto* cmd = app.add_subcommand("list", "List kernels, detectors, suites and sim device models");
  cmd->callback([] {
    fmt::print("kernels:\n");
    for (const auto& k : kernels::all())
      fmt::print("  {:<10} {:<14} {:<8} {}\n", k.name.c_str(), kernels::to_string(k.bound), k.metric_unit(),
                  k.description.c_str());
    fmt::print("detectors:\n");
    for (const auto& d : detect::list()) {
      fmt::print("  {:<10} {}\n", d.name.c_str(), d.description.c_str());
      for (const auto& p : d.params)  // --detector-param NAME.KEY=VALUE
        fmt::print("    {}.{} = {} in {}: {}\n", d.name, p.key, detect::default_text(p), detect::range_text(p), p.help);
    }
    fmt::print("suites:\n");
    for (const auto& s : campaign::builtin_suites()) fmt::print("  {:<10} {}\n", s.name.c_str(), s.description.c_str());
    fmt::print("sim devices (--backend sim --sim-device NAME):\n");
    for (const auto& m : backend::sim::models())
      fmt::print("  {:<14} {:3} SMs, {:6.0f} GB/s, {:7.0f} GFLOP/s FP32, {:3.0f} GiB\n", m.name.c_str(), m.sm_count,
                  m.peak_bandwidth_gbs, m.peak_fp32_gflops, static_cast<double>(m.memory_bytes) / (1ull << 30));
  });
}

}  // namespace autobench::cli
