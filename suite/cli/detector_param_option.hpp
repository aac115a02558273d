// `--detector-param NAME.KEY=VALUE`, shared by the run and `detect`: a detector's own knob, checked while
// parsing against what the detectors declare (detect/detector_params.hpp), so nothing starts on a bad one.
#pragma once

#include <algorithm>
#include <stdexcept>
#include <string>
#include <vector>

#include <CLI/CLI.hpp>

#include "detect/detector_params.hpp"

namespace autobench::cli {

// Binds --detector-param (repeatable, or comma-separated) to `params`: each value is checked ("--detector-param:
// <what is wrong> (allowed: ...)", exit 2) and set with detect::set_param.
inline CLI::Option* add_detector_param_option(CLI::App& app, const std::string& help, detect::Params& params) {
  const CLI::Validator declared(
      [](std::string& text) {
        try {
          detect::parse_param(text);
        } catch (const std::invalid_argument& e) {
          return std::string(e.what());
        }
        return std::string();
      },
      "");
  return app
      .add_option_function<std::vector<std::string>>(
          "--detector-param",
          [&params](const std::vector<std::string>& texts) {
            for (const auto& text : texts) detect::set_param(params, detect::parse_param(text));
          },
          help)
      ->delimiter(',')
      ->type_name("NAME.KEY=VALUE")
      ->check(declared);
}

// Whether --detector-param set NAME.KEY (`name_key`) on the command line `app` parsed.
inline bool detector_param_typed(const CLI::App& app, const std::string& name_key) {
  const CLI::Option* o = app.get_option_no_throw("--detector-param");
  if (!o) return false;
  const auto& given = o->results();
  return std::any_of(given.begin(), given.end(), [&](const std::string& t) { return t.starts_with(name_key + "="); });
}

}  // namespace autobench::cli
