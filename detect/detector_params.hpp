// Per-detector parameters: `--detector-param NAME.KEY=VALUE` checked against the knobs each detector
// declares in its own file (ParamSpec in its Registration), set into Params, and read back by the detector.
#pragma once

#include <string>
#include <vector>

#include "detector.hpp"

namespace autobench::detect {

// One declared knob with a value: NAME.KEY=VALUE.
struct ParamSetting {
  std::string detector;
  std::string key;
  double value = 0.0;
};

// "NAME.KEY=VALUE" checked against the declarations; throws std::invalid_argument with one line naming
// what is wrong and what is allowed: not of that form, a detector without that knob ("allowed:" every
// NAME.KEY of that detector, else of all detectors), or a value outside the knob's range.
ParamSetting parse_param(const std::string& text);

// Sets the knob in `p`: its Params field (ParamSpec::field), else p.declared["NAME.KEY"]. `s` as
// parse_param returns it.
void set_param(Params& p, const ParamSetting& s);

// The value of NAME.KEY in `p`: the one set, else its declared default. Throws std::logic_error for a
// knob that no detector declares (a detector reading a knob it did not declare).
double param(const Params& p, const std::string& detector, const std::string& key);

// Every declared knob as NAME.KEY, sorted: what the messages list as allowed.
std::vector<std::string> declared_names();

// "[3, 1000] whole" or "(0, 100]": a knob's range for messages and `list`.
std::string range_text(const ParamSpec& spec);

}  // namespace autobench::detect
