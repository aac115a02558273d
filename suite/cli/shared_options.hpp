// The options several commands share, declared once as campaign::SharedOption (suite/campaign/option.hpp): the
// device (--backend, --sim-device), the seed and the run directory's parent (--output). The run binds them
// through its table; the subcommands through these.
#pragma once

#include <cstdint>
#include <string>

#include <CLI/CLI.hpp>

#include "suite/campaign/option.hpp"
#include "suite/cli/bounded.hpp"

namespace autobench::cli {

inline CLI::Option* add_shared_option(CLI::App& cmd, const campaign::SharedOption& o, std::string& value) {
  return cmd.add_option(std::string("--") + o.name, value, o.help)->capture_default_str();
}

// --backend and --sim-device.
inline void add_device_options(CLI::App& cmd, std::string& backend, std::string& sim_device) {
  add_shared_option(cmd, campaign::kBackendOption, backend);
  add_shared_option(cmd, campaign::kSimDeviceOption, sim_device);
}

// --seed, in its range.
inline CLI::Option* add_seed_option(CLI::App& cmd, std::uint64_t& seed) {
  const auto& o = campaign::kSeedOption;
  return cmd.add_option(std::string("--") + o.name, seed, o.help)->check(bounded(*o.limit))->capture_default_str();
}

// --output: the parent directory of the command's timestamped run directory.
inline CLI::Option* add_output_option(CLI::App& cmd, std::string& output_dir) {
  return add_shared_option(cmd, campaign::kOutputOption, output_dir);
}

}  // namespace autobench::cli
