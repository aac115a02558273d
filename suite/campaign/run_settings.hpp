// Everything a run is configured with: the matrix, the backend, the output and the autoscaler.
#pragma once

#include <map>

#include <string>
#include <vector>

#include <nlohmann/json_fwd.hpp>

#include "suite/autoscale/autoscale_settings.hpp"
#include "suite/energy/power_settings.hpp"

namespace autobench::campaign {

struct RunSettings {
  std::string suite = "quick";        // a built-in suite's name, or the stem of suite_file
  std::string suite_file;              // the TOML suite file the matrix came from ("" for a built-in suite)
  std::vector<std::string> kernels;    // empty: the suite's
  std::vector<std::string> detectors;  // empty: the suite's
  int repeats = 0;                     // 0: the suite's
  std::string backend = "auto";        // auto (cuda when a GPU is visible, else sim), cuda or sim
  std::string sim_device;              // "": rank r uses sim model r mod 2
  double sim_realtime = 0;             // sim: sleep this many times the simulated kernel time
  bool compile_cache = true;           // cuda: keep NVRTC images on disk between runs
  std::string compile_cache_dir;       // "": CompileCache::default_dir()
  std::string output_dir = "results";
  bool independent_sweeps = false;     // one sweep per detector (thesis) instead of one shared sweep
  bool dry_run = false;
  int verbosity = 1;                   // 0 quiet, 1 normal, 2 verbose
  autoscale::AutoscaleSettings autoscale;
  energy::PowerSettings power;         // power windows, trace filter, calibration
  // A suite file's [kernel.NAME] tables: the complete autoscaler settings of that kernel's sweeps.
  std::map<std::string, autoscale::AutoscaleSettings> kernel_autoscale;

  // The autoscaler settings of `kernel`'s sweeps: its own when a suite file gave it some, else the run's.
  const autoscale::AutoscaleSettings& autoscale_for(const std::string& kernel) const;
};

// The settings as JSON (stored in the result file's `settings` attribute).
nlohmann::json to_json(const RunSettings& s);
// The JSON form of a spline_knots setting: "auto" (detect::kAutoKnots) or the number; and back (throws
// std::invalid_argument for any other string).
nlohmann::json spline_knots_to_json(int knots);
int spline_knots_from_json(const nlohmann::json& j);
// The JSON form of the declared detector knobs set (detect::Params::declared and chosen): {"NAME.KEY": a
// number or a choice's name}; and back into `p`, each checked as if typed (throws std::invalid_argument
// naming a bad one).
nlohmann::json detector_params_to_json(const detect::Params& p);
void detector_params_from_json(detect::Params& p, const nlohmann::json& j);
// The inverse of to_json (throws nlohmann::json::exception on missing or mistyped keys).
RunSettings settings_from_json(const nlohmann::json& j);

}  // namespace autobench::campaign
