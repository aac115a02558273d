// Per-detector parameters: `--detector-param NAME.KEY=VALUE` checked against the knobs each detector
// declares in its own file (ParamSpec in its Registration), set into Params, and read back by the detector.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include "detector.hpp"
#include "record/names.hpp"

namespace autobench::detect {

// One declared knob with a value: NAME.KEY=VALUE.
struct ParamSetting {
  std::string detector;
  std::string key;
  double value = 0.0;   // a numeric knob's
  std::string choice;   // a choice knob's ("" for a numeric one)
};

// "NAME.KEY=VALUE" checked against the declarations; throws std::invalid_argument with one line naming
// what is wrong and what is allowed: not of that form, a detector without that knob ("allowed:" every
// NAME.KEY of that detector, else of all detectors), a value outside a numeric knob's range, or a name a
// choice knob does not allow.
ParamSetting parse_param(const std::string& text);

// Sets the knob in `p`: its Params field (ParamSpec::field), else p.declared["NAME.KEY"] (a number) or
// p.chosen["NAME.KEY"] (a choice). `s` as parse_param returns it.
void set_param(Params& p, const ParamSetting& s);

// The value of numeric knob NAME.KEY in `p`: the one set, else its declared default. Throws
// std::logic_error for a knob that no detector declares (a detector reading a knob it did not declare).
double param(const Params& p, const std::string& detector, const std::string& key);

// The name chosen for choice knob NAME.KEY in `p`, else its declared default. Throws std::logic_error for
// a knob that no detector declares as a choice, and std::invalid_argument (one line naming it and the
// allowed names) for a name it does not allow (Params::chosen set in code rather than by parse_param).
std::string choice(const Params& p, const std::string& detector, const std::string& key);

// Every declared knob as NAME.KEY, sorted by detector, then in declaration order: what the messages list.
std::vector<std::string> declared_names();

// "[3, 1000] whole" or "(0, 100]" for a numeric knob, "{interp1d, polynomial}" for a choice: what a knob
// allows, for messages and `list`.
std::string range_text(const ParamSpec& spec);

// A knob's default as `list` shows it: "7", "interp1d".
std::string default_text(const ParamSpec& spec);

// Choices of these names.
Choices one_of(std::vector<std::string> names);

// Choices of an enum's names, in its table's order (kneedle.interp: kInterpNames).
template <class E, std::size_t N>
Choices one_of(const record::Names<E, N>& names) {
  std::vector<std::string> out;
  for (const auto& entry : names.table) out.emplace_back(entry.second);
  return one_of(std::move(out));
}

// Choices of every registered detector but `excluded` (hybrid's proposer: not hybrid itself), sorted.
Choices detectors_except(std::vector<std::string> excluded);

}  // namespace autobench::detect
