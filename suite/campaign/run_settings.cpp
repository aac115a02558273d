// JSON form of RunSettings (see run_settings.hpp).
#include "suite/campaign/run_settings.hpp"

#include <nlohmann/json.hpp>

namespace autobench::campaign {

nlohmann::json to_json(const RunSettings& s) {
  const auto& a = s.autoscale;
  return {
      {"suite", s.suite},
      {"kernels", s.kernels},
      {"detectors", s.detectors},
      {"repeats", s.repeats},
      {"backend", s.backend},
      {"sim_device", s.sim_device},
      {"output_dir", s.output_dir},
      {"independent_sweeps", s.independent_sweeps},
      {"start_size", a.start_size},
      {"scale_factor", a.scale_factor},
      {"max_size", a.max_size},
      {"safety_factor", a.safety_factor},
      {"post_knee", a.post_knee},
      {"min_points", a.safeguards.min_points},
      {"min_runtime_s", a.safeguards.min_runtime_s},
      {"sensitivity", a.detector_params.sensitivity},
      {"distance_threshold", a.detector_params.distance_threshold},
      {"x_scale", detect::to_string(a.detector_params.x_scale)},
      {"online", a.detector_params.online},
      {"warmup", a.timing.warmup},
      {"iterations", a.timing.iterations},
      {"cold", a.timing.cold},
      {"tune_budget", a.tune_budget},
      {"tune_iterations", a.tune_iterations},
      {"seed", a.seed},
  };
}

}  // namespace autobench::campaign
