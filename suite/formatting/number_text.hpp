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

// Fixed-point with `decimals` digits (chosen at run time); `missing` stands for NaN. A value of extreme
// magnitude (at least 1e15, or below 1e-9 but not 0) in 4 significant digits instead ("1.049e+300",
// "1.049e-300"): fixed-point would print 300 digits or a made-up 0.
inline std::string fixed_or(double v, int decimals, std::string_view missing) {
  if (std::isnan(v)) return std::string(missing);
  const double a = std::abs(v);
  if (std::isfinite(v) && (a >= 1e15 || (a > 0.0 && a < 1e-9))) return fmt::format("{:.4g}", v);
  return fmt::format("{:.{}f}", v, decimals);
}

}  // namespace autobench::formatting
