// The median of a set of values (the middle one, or the mean of the middle two).
#pragma once

#include <algorithm>
#include <cstddef>
#include <stdexcept>
#include <vector>

namespace autobench::detect {

inline double median(std::vector<double> v) {
  if (v.empty()) throw std::invalid_argument("median of no values (need at least one)");
  const auto mid = v.begin() + static_cast<std::ptrdiff_t>(v.size() / 2);
  std::nth_element(v.begin(), mid, v.end());
  return v.size() % 2 ? *mid : (*std::max_element(v.begin(), mid) + *mid) / 2.0;
}

}  // namespace autobench::detect
