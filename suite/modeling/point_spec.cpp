// A point typed as text (see point_spec.hpp).
#include "suite/modeling/point_spec.hpp"

#include <algorithm>
#include <cmath>
#include <map>
#include <sstream>
#include <stdexcept>

#include <fmt/format.h>

#include "suite/modeling/derived_parameters.hpp"
#include "suite/modeling/model_run.hpp"

namespace autobench::modeling {

model::Row parse_point(const std::string& spec, const std::vector<model::Parameter>& parameters,
                       const kernels::KernelSpec* kernel, const backend::Occupancy& device,
                       const std::string& option) {
  std::map<std::string, double> given;
  std::istringstream in(spec);
  for (std::string item; std::getline(in, item, ',');) {
    const auto eq = item.find('=');
    if (eq == std::string::npos) throw std::invalid_argument(option + " item '" + item + "' is not NAME=VALUE");
    const std::string name = item.substr(0, eq), text = item.substr(eq + 1);
    std::size_t used = 0;
    double v = NAN;
    try {
      v = std::stod(text, &used);
    } catch (const std::exception&) {
    }
    if (used != text.size() || !std::isfinite(v))
      throw std::invalid_argument(option + " " + name + "='" + text + "' is not a finite number");
    if (!given.emplace(name, v).second)
      throw std::invalid_argument(option + " names " + name + " twice (give each parameter once)");
  }
  const auto derived = [&](const model::Parameter& p) { return kernel != nullptr && is_derived_parameter(*kernel, p.name()); };
  std::string names;
  for (const auto& p : parameters)
    if (!derived(p)) names += (names.empty() ? "" : ", ") + p.name();
  std::vector<std::string> base;  // the parameters given or constant, in order
  Samples point;
  point.rows.emplace_back();
  std::map<std::string, double> derived_given;
  for (const auto& p : parameters) {
    const auto it = given.find(p.name());
    if (derived(p)) {
      if (it != given.end()) {
        derived_given.insert(*it);
        given.erase(it);
      }
      continue;
    }
    double v = NAN;
    if (it != given.end()) {
      v = it->second;
      given.erase(it);
    } else if (p.kind() == model::ParameterKind::constant && !p.levels().empty()) {
      v = p.levels().front();
    }
    if (std::isnan(v))
      throw std::invalid_argument(option + " has no value for " + p.name() + " (the model's parameters: " + names + ")");
    base.push_back(p.name());
    point.rows.front().push_back(v);
  }
  if (!given.empty())
    throw std::invalid_argument(option + " names '" + given.begin()->first +
                                "', which is not a parameter of the model (allowed: " + names + ")");
  if (base.size() < parameters.size()) {
    std::vector<std::string> all;
    for (const auto& p : parameters) all.push_back(p.name());
    try {
      set_derived_parameters(*kernel, offered_by(all, device), base, point);
    } catch (const std::invalid_argument& e) {
      throw std::invalid_argument(option + ": " + e.what());
    }
  }
  model::Row row;
  for (const auto& p : parameters)
    row.push_back(point.rows.front()[static_cast<std::size_t>(std::find(base.begin(), base.end(), p.name()) - base.begin())]);
  for (std::size_t i = 0; i < parameters.size(); ++i) {
    const auto it = derived_given.find(parameters[i].name());
    if (it != derived_given.end() && it->second != row[i])
      throw std::invalid_argument(fmt::format("{} {}={} does not match the configuration and size, which give {} (leave it out)",
                                              option, it->first, it->second, row[i]));
  }
  return row;
}

}  // namespace autobench::modeling
