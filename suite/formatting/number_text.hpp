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

// Fixed-point with `decimals` digits (chosen at run time); `missing` stands for NaN.
inline std::string fixed_or(double v, int decimals, std::string_view missing) {
  return std::isnan(v) ? std::string(missing) : fmt::format("{:.{}f}", v, decimals);
}

}  // namespace autobench::formatting
