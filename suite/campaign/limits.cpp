// Ranges of numeric options (see limits.hpp).
#include "suite/campaign/limits.hpp"

#include <cmath>
#include <cstdlib>
#include <stdexcept>

#include <fmt/format.h>

namespace autobench::campaign {
namespace {

bool within(const Limit& l, double v) {
  return std::isfinite(v) && (l.min_open ? v > l.min : v >= l.min) && (l.max_open ? v < l.max : v <= l.max) &&
         (!l.whole || v == std::floor(v));
}

// v as typed back: whole numbers without an exponent (1000000000000, not 1e+12), others in shortest form.
std::string number_text(const Limit& l, double v) {
  return l.whole && std::abs(v) < 9e18 && v == std::floor(v) ? std::to_string(static_cast<long long>(v))
                                                               : fmt::format("{}", v);
}

std::string allowed(const Limit& l) {
  return std::string(" is not allowed: must be a ") + (l.whole ? "whole" : "finite") + " number in " + range_text(l);
}

}  // namespace

std::string range_text(const Limit& l) {
  return (l.min_open ? "(" : "[") + number_text(l, l.min) + ", " + number_text(l, l.max) + (l.max_open ? ")" : "]");
}

std::string reason_not_allowed(const Limit& l, const std::string& text) {
  char* end = nullptr;
  const double v = std::strtod(text.c_str(), &end);  // overflow gives inf, refused below
  const bool number = !text.empty() && end == text.c_str() + text.size();
  // A whole number a double cannot hold exactly (2^53 + 1 reads as 2^53) is not the value typed: refused.
  const bool exact = !l.whole || std::strtold(text.c_str(), nullptr) == static_cast<long double>(v);
  return number && exact && within(l, v) ? "" : text + allowed(l);
}

void check_typed(const Limit& l, double typed) {
  if (!within(l, typed)) throw std::invalid_argument(l.option + (" " + number_text(l, typed)) + allowed(l));
}

void check_stored(const Limit& l, double stored) {
  const Limit in_stored_unit{l.option, l.min * l.scale, l.max * l.scale, l.min_open, l.max_open, l.whole};
  if (!within(in_stored_unit, stored))
    throw std::invalid_argument(l.option + (" " + number_text(l, stored / l.scale)) + allowed(l));
}

}  // namespace autobench::campaign
