// Everything a run is configured with: the matrix, the backend, the output and the autoscaler.
#pragma once

#include <string>
#include <vector>

#include <nlohmann/json_fwd.hpp>

#include "suite/autoscale/autoscale_settings.hpp"
#include "suite/energy/power_settings.hpp"

namespace autobench::campaign {

struct RunSettings {
  std::string suite = "quick";
  std::vector<std::string> kernels;    // empty: the suite's
  std::vector<std::string> detectors;  // empty: the suite's
  int repeats = 0;                     // 0: the suite's
  std::string backend = "auto";        // auto (cuda when a GPU is visible, else sim), cuda or sim
  std::string sim_device;              // "": rank r uses sim model r mod 2
  double sim_realtime = 0;             // sim: sleep this many times the simulated kernel time
  std::string output_dir = "results";
  bool independent_sweeps = false;     // one sweep per detector (thesis) instead of one shared sweep
  bool dry_run = false;
  int verbosity = 1;                   // 0 quiet, 1 normal, 2 verbose
  autoscale::AutoscaleSettings autoscale;
  energy::PowerSettings power;         // power windows, trace filter, calibration
};

// The settings as JSON (stored in the result file's `settings` attribute).
nlohmann::json to_json(const RunSettings& s);
// The inverse of to_json (throws nlohmann::json::exception on missing or mistyped keys).
RunSettings settings_from_json(const nlohmann::json& j);

}  // namespace autobench::campaign
