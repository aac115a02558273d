// JSON form of RunSettings (see run_settings.hpp), from the option table.
#include "suite/campaign/run_settings.hpp"

#include <stdexcept>

#include <nlohmann/json.hpp>

#include "detect/detector_params.hpp"
#include "detect/spline_fit.hpp"
#include "suite/campaign/option_table.hpp"

namespace autobench::campaign {
nlohmann::json spline_knots_to_json(int knots) {
  return knots == detect::kAutoKnots ? nlohmann::json("auto") : nlohmann::json(knots);
}

int spline_knots_from_json(const nlohmann::json& j) {
  if (!j.is_string()) return j.get<int>();
  if (j.get<std::string>() != "auto")
    throw std::invalid_argument("spline_knots '" + j.get<std::string>() + "' (allowed: auto or a whole number)");
  return detect::kAutoKnots;
}

nlohmann::json detector_params_to_json(const detect::Params& p) {
  nlohmann::json j = p.declared;
  for (const auto& [name_key, name] : p.chosen) j[name_key] = name;
  return j;
}

void detector_params_from_json(detect::Params& p, const nlohmann::json& j) {
  for (const auto& [name_key, value] : j.items())
    detect::set_param(p, detect::parse_param(name_key + "=" + (value.is_string() ? value.get<std::string>() : value.dump())));
}

const autoscale::AutoscaleSettings& RunSettings::autoscale_for(const std::string& kernel) const {
  const auto it = kernel_autoscale.find(kernel);
  return it == kernel_autoscale.end() ? autoscale : it->second;
}

nlohmann::json to_json(const RunSettings& s) {
  nlohmann::json j = nlohmann::json::object();
  write_options(run_options(), s, j);
  write_options(autoscale_options(), s.autoscale, j);
  nlohmann::json per_kernel = nlohmann::json::object();
  for (const auto& [kernel, a] : s.kernel_autoscale) write_options(autoscale_options(), a, per_kernel[kernel]);
  j["kernel_autoscale"] = per_kernel;
  return j;
}

RunSettings settings_from_json(const nlohmann::json& j) {
  RunSettings s;
  read_options(run_options(), s, j);
  read_options(autoscale_options(), s.autoscale, j);
  for (const auto& [kernel, a] : j.at("kernel_autoscale").items())
    read_options(autoscale_options(), s.kernel_autoscale[kernel], a);
  return s;
}

}  // namespace autobench::campaign
