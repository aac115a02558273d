// JSON form of RunSettings (see run_settings.hpp).
#include "suite/campaign/run_settings.hpp"

#include <stdexcept>

#include <nlohmann/json.hpp>

#include "detect/spline_fit.hpp"

namespace autobench::campaign {
namespace {

nlohmann::json autoscale_json(const autoscale::AutoscaleSettings& a) {
  return {
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
      {"smoothing", detect::to_string(a.detector_params.smoothing)},
      {"spline_knots", spline_knots_to_json(a.detector_params.spline_knots)},
      {"safeguards", autoscale::safeguards_name(a.safeguards.mode)},
      {"max_jitter", a.safeguards.max_jitter},
      {"noise_z", a.safeguards.noise_z},
      {"fixed_thresholds",
       {{"min_runtime_s", a.fixed_thresholds.min_runtime},
        {"distance_threshold", a.fixed_thresholds.distance_threshold},
        {"sensitivity", a.fixed_thresholds.sensitivity}}},
      {"sweep", autoscale::to_string(a.sweep)},
      {"coarse_factor", a.coarse_factor},
      {"refine_precision", a.refine_precision},
      {"warmup", a.timing.warmup},
      {"iterations", a.timing.iterations},
      {"cold", a.cold ? nlohmann::json(*a.cold) : nlohmann::json()},  // null: each kernel's default
      {"estimator", autoscale::to_string(a.estimator)},
      {"noise_target", a.noise_stop.target},
      {"max_launches", a.noise_stop.max_launches},
      {"max_time_s", a.noise_stop.max_time_s},
      {"bootstrap", a.bootstrap},
      {"tune_budget", a.tune_budget},
      {"tune_iterations", a.tune_iterations},
      {"tune_prune", a.tune_prune},
      {"tuner", autoscale::to_string(a.tuner)},
      {"tuner_top_k", a.tuner_top_k},
      {"tuner_random", a.tuner_random},
      {"tuner_incumbents", a.tuner_incumbents},
      {"seed", a.seed},
      {"knee_metric", autoscale::to_string(a.knee_metric)},
  };
}

void autoscale_from_json(const nlohmann::json& j, autoscale::AutoscaleSettings& a) {
  j.at("start_size").get_to(a.start_size);
  j.at("scale_factor").get_to(a.scale_factor);
  j.at("max_size").get_to(a.max_size);
  j.at("safety_factor").get_to(a.safety_factor);
  j.at("post_knee").get_to(a.post_knee);
  j.at("min_points").get_to(a.safeguards.min_points);
  j.at("min_runtime_s").get_to(a.safeguards.min_runtime_s);
  j.at("sensitivity").get_to(a.detector_params.sensitivity);
  j.at("distance_threshold").get_to(a.detector_params.distance_threshold);
  a.detector_params.x_scale = detect::xscale_from_string(j.at("x_scale").get<std::string>());
  j.at("online").get_to(a.detector_params.online);
  // Keys added with smoothing; older files detected on the measured points.
  a.detector_params.smoothing = detect::smoothing_from_string(j.value("smoothing", "none"));
  if (const auto k = j.find("spline_knots"); k != j.end()) a.detector_params.spline_knots = spline_knots_from_json(*k);
  // Keys added with refinement and noise-aware safeguards; older files have the thesis behaviour.
  a.safeguards.mode = autoscale::safeguards_from_string(j.value("safeguards", "thesis"));
  a.safeguards.max_jitter = j.value("max_jitter", a.safeguards.max_jitter);
  a.safeguards.noise_z = j.value("noise_z", a.safeguards.noise_z);
  if (j.contains("fixed_thresholds")) {
    const auto& f = j.at("fixed_thresholds");
    f.at("min_runtime_s").get_to(a.fixed_thresholds.min_runtime);
    f.at("distance_threshold").get_to(a.fixed_thresholds.distance_threshold);
    f.at("sensitivity").get_to(a.fixed_thresholds.sensitivity);
  }
  a.sweep = autoscale::sweep_mode_from_string(j.value("sweep", "geometric"));
  a.coarse_factor = j.value("coarse_factor", a.coarse_factor);
  a.refine_precision = j.value("refine_precision", a.refine_precision);
  j.at("warmup").get_to(a.timing.warmup);
  j.at("iterations").get_to(a.timing.iterations);
  // Runs before per-kernel timing modes stored false for warm everywhere; null is each kernel's default.
  if (!j.at("cold").is_null()) a.cold = j.at("cold").get<bool>();
  // Keys added with noise-driven launch counts and estimators; older files timed a fixed count, by the mean.
  a.estimator = autoscale::estimator_from_string(j.value("estimator", "mean"));
  a.noise_stop.target = j.value("noise_target", 0.0);
  a.noise_stop.max_launches = j.value("max_launches", a.noise_stop.max_launches);
  a.noise_stop.max_time_s = j.value("max_time_s", a.noise_stop.max_time_s);
  a.bootstrap = j.value("bootstrap", std::size_t{0});
  j.at("tune_budget").get_to(a.tune_budget);
  j.at("tune_iterations").get_to(a.tune_iterations);
  a.tune_prune = j.value("tune_prune", 0.0);  // added later; older runs timed every configuration
  j.at("seed").get_to(a.seed);
  // Keys added with the model tuner; older files used the search tuner.
  a.tuner = autoscale::tuner_from_string(j.value("tuner", "search"));
  a.tuner_top_k = j.value("tuner_top_k", a.tuner_top_k);
  a.tuner_random = j.value("tuner_random", a.tuner_random);
  a.tuner_incumbents = j.value("tuner_incumbents", 0);  // added later; older model-tuner runs had none
  a.knee_metric = autoscale::knee_metric_from_string(j.value("knee_metric", "throughput"));
}

}  // namespace

nlohmann::json spline_knots_to_json(int knots) {
  return knots == detect::kAutoKnots ? nlohmann::json("auto") : nlohmann::json(knots);
}

int spline_knots_from_json(const nlohmann::json& j) {
  if (!j.is_string()) return j.get<int>();
  if (j.get<std::string>() != "auto")
    throw std::invalid_argument("spline_knots '" + j.get<std::string>() + "' (allowed: auto or a whole number)");
  return detect::kAutoKnots;
}

const autoscale::AutoscaleSettings& RunSettings::autoscale_for(const std::string& kernel) const {
  const auto it = kernel_autoscale.find(kernel);
  return it == kernel_autoscale.end() ? autoscale : it->second;
}

nlohmann::json to_json(const RunSettings& s) {
  nlohmann::json j = {
      {"suite", s.suite},
      {"suite_file", s.suite_file},
      {"kernels", s.kernels},
      {"detectors", s.detectors},
      {"repeats", s.repeats},
      {"backend", s.backend},
      {"sim_device", s.sim_device},
      {"sim_realtime", s.sim_realtime},
      {"compile_cache", s.compile_cache},
      {"compile_cache_dir", s.compile_cache_dir},
      {"output_dir", s.output_dir},
      {"independent_sweeps", s.independent_sweeps},
  };
  j.update(autoscale_json(s.autoscale));
  j.update({{"power_window_s", s.power.window_s},
            {"power_points", s.power.points},
            {"power_filter", s.power.filter},
            {"power_interval_s", s.power.interval_s},
            {"calibration", s.power.calibration_file}});
  nlohmann::json per_kernel = nlohmann::json::object();
  for (const auto& [kernel, a] : s.kernel_autoscale) per_kernel[kernel] = autoscale_json(a);
  j["kernel_autoscale"] = per_kernel;
  return j;
}

RunSettings settings_from_json(const nlohmann::json& j) {
  RunSettings s;
  j.at("suite").get_to(s.suite);
  j.at("suite_file").get_to(s.suite_file);
  j.at("kernels").get_to(s.kernels);
  j.at("detectors").get_to(s.detectors);
  j.at("repeats").get_to(s.repeats);
  j.at("backend").get_to(s.backend);
  j.at("sim_device").get_to(s.sim_device);
  j.at("sim_realtime").get_to(s.sim_realtime);
  s.compile_cache = j.value("compile_cache", s.compile_cache);  // absent in runs from before the cache
  s.compile_cache_dir = j.value("compile_cache_dir", s.compile_cache_dir);
  j.at("output_dir").get_to(s.output_dir);
  j.at("independent_sweeps").get_to(s.independent_sweeps);
  autoscale_from_json(j, s.autoscale);
  s.power.window_s = j.value("power_window_s", s.power.window_s);  // absent in runs from before power windows
  s.power.points = j.value("power_points", "all");  // absent in runs from before --power-points: every point
  s.power.filter = j.value("power_filter", s.power.filter);
  s.power.interval_s = j.value("power_interval_s", s.power.interval_s);
  s.power.calibration_file = j.value("calibration", s.power.calibration_file);
  for (const auto& [kernel, a] : j.at("kernel_autoscale").items()) autoscale_from_json(a, s.kernel_autoscale[kernel]);
  return s;
}

}  // namespace autobench::campaign
