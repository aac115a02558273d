// Per-detector parameters (see detector_params.hpp).
#include "detector_params.hpp"

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstdlib>
#include <sstream>
#include <stdexcept>

namespace autobench::detect {
namespace {

std::string number_text(double x) {
  std::ostringstream out;
  out << x;
  return out.str();
}

std::string bounds_text(const ParamSpec& spec) {
  return (spec.min_open ? "(" : "[") + number_text(spec.min) + ", " + number_text(spec.max) + "]";
}

std::string joined(const std::vector<std::string>& names) {
  std::string out;
  for (const auto& n : names) out += (out.empty() ? "" : ", ") + n;
  return out;
}

// The declaration of NAME.KEY, nullptr when none; `entry` gets the detector's registry entry when it has one.
const ParamSpec* find_spec(const std::string& detector, const std::string& key, Entry& entry) {
  for (auto& e : list()) {
    if (e.name != detector) continue;
    entry = std::move(e);
    for (const auto& spec : entry.params)
      if (spec.key == key) return &spec;
    return nullptr;
  }
  return nullptr;
}

// `name` checked against choice knob NAME.KEY's allowed names: "kneedle.interp: 'cubic' is not allowed
// (allowed: interp1d, polynomial)".
void check_choice(const std::string& detector, const ParamSpec& spec, const std::string& name) {
  const std::vector<std::string> allowed = spec.choices();
  if (std::find(allowed.begin(), allowed.end(), name) == allowed.end())
    throw std::invalid_argument(detector + "." + spec.key + ": '" + name + "' is not allowed (allowed: " +
                                joined(allowed) + ")");
}

}  // namespace

std::vector<std::string> declared_names() {
  std::vector<std::string> out;
  for (const auto& e : list())
    for (const auto& spec : e.params) out.push_back(e.name + "." + spec.key);
  return out;
}

std::string range_text(const ParamSpec& spec) {
  if (spec.choices) return "{" + joined(spec.choices()) + "}";
  return bounds_text(spec) + (spec.whole ? " whole" : "");
}

std::string default_text(const ParamSpec& spec) {
  return spec.choices ? spec.default_choice : number_text(spec.default_value);
}

Choices one_of(std::vector<std::string> names) {
  return [names = std::move(names)] { return names; };
}

Choices detectors_except(std::vector<std::string> excluded) {
  return [excluded = std::move(excluded)] {
    std::vector<std::string> out;
    for (const auto& e : list())  // sorted by name
      if (std::find(excluded.begin(), excluded.end(), e.name) == excluded.end()) out.push_back(e.name);
    return out;
  };
}

ParamSetting parse_param(const std::string& text) {
  const std::size_t dot = text.find('.'), eq = text.find('=');
  if (dot == std::string::npos || eq == std::string::npos || dot == 0 || eq < dot + 2 || eq + 1 == text.size())
    throw std::invalid_argument("'" + text + "' is not NAME.KEY=VALUE (e.g. kneedle.sensitivity=1; allowed NAME.KEY: " +
                                joined(declared_names()) + ")");
  ParamSetting s{text.substr(0, dot), text.substr(dot + 1, eq - dot - 1), 0.0, ""};
  const std::string value = text.substr(eq + 1);
  Entry entry;
  const ParamSpec* spec = find_spec(s.detector, s.key, entry);
  if (!spec) {
    std::vector<std::string> own;
    for (const auto& p : entry.params) own.push_back(entry.name + "." + p.key);
    const std::string what = entry.name.empty() ? "unknown detector '" + s.detector + "'"
                                                : "detector '" + s.detector + "' has no parameter '" + s.key + "'";
    throw std::invalid_argument(what + " in '" + text + "' (allowed: " + joined(own.empty() ? declared_names() : own) +
                                ")");
  }
  if (spec->choices) {
    check_choice(s.detector, *spec, value);
    s.choice = value;
    return s;
  }
  const char* begin = value.c_str();
  char* end = nullptr;
  errno = 0;
  s.value = std::strtod(begin, &end);
  const bool number = end != begin && *end == '\0' && errno != ERANGE && std::isfinite(s.value);
  const bool in_range = number && (spec->min_open ? s.value > spec->min : s.value >= spec->min) && s.value <= spec->max &&
                        (!spec->whole || s.value == std::floor(s.value));
  if (!in_range)
    throw std::invalid_argument(s.detector + "." + s.key + ": " + value + " is not allowed: must be a " +
                                (spec->whole ? "whole" : "finite") + " number in " + bounds_text(*spec) + " (" +
                                spec->help + ")");
  return s;
}

void set_param(Params& p, const ParamSetting& s) {
  Entry entry;
  const ParamSpec* spec = find_spec(s.detector, s.key, entry);
  if (spec && spec->choices)
    p.chosen[s.detector + "." + s.key] = s.choice;
  else if (spec && spec->field)
    p.*(spec->field) = s.value;
  else
    p.declared[s.detector + "." + s.key] = s.value;
}

double param(const Params& p, const std::string& detector, const std::string& key) {
  Entry entry;
  const ParamSpec* spec = find_spec(detector, key, entry);
  if (!spec || spec->choices)
    throw std::logic_error("detector '" + detector + "' reads number '" + key + "', which it does not declare");
  if (spec->field) return p.*(spec->field);
  const auto it = p.declared.find(detector + "." + key);
  return it == p.declared.end() ? spec->default_value : it->second;
}

std::string choice(const Params& p, const std::string& detector, const std::string& key) {
  Entry entry;
  const ParamSpec* spec = find_spec(detector, key, entry);
  if (!spec || !spec->choices)
    throw std::logic_error("detector '" + detector + "' reads choice '" + key + "', which it does not declare");
  const auto it = p.chosen.find(detector + "." + key);
  if (it == p.chosen.end()) return spec->default_choice;
  check_choice(detector, *spec, it->second);
  return it->second;
}

}  // namespace autobench::detect
