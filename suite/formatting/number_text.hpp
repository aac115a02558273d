// A measured number as text for people (through libfmt, the project's one formatting path), with a
// placeholder for a missing (NaN) value.
#pragma once

#include <cmath>
#include <string>
#include <string_view>

#include <fmt/format.h>

namespace autobench::formatting {

// `spec` is a libfmt format string ("{:.3f}", "{:.4g}"); `missing` stands for NaN ("n/a", "-").
inline std::string number_or(double v, fmt::format_string<double> spec, std::string_view missing) {
  return std::isnan(v) ? std::string(missing) : fmt::vformat(fmt::string_view(spec), fmt::make_format_args(v));
}

}  // namespace autobench::formatting
