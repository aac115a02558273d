// The L2 hump of a throughput curve (see regimes.hpp).
#include "regimes.hpp"

#include <cmath>
#include <optional>
#include <stdexcept>
#include <string>

namespace autobench::detect {

RegimeSplit find_regimes(const Curve& curve, const std::vector<double>& working_set_bytes, double l2_bytes) {
  const std::size_t n = curve.size();
  if (!(l2_bytes > 0.0) || working_set_bytes.size() != n || n < 3) return {};
  std::optional<std::size_t> peak;
  for (std::size_t i = 0; i < n && working_set_bytes[i] <= kMaxPeakShare * l2_bytes; ++i)
    if (std::isfinite(curve.y[i]) && (!peak || curve.y[i] > curve.y[*peak])) peak = i;
  if (!peak || *peak == 0 || *peak + 1 >= n || working_set_bytes[*peak] < kMinPeakShare * l2_bytes) return {};
  std::size_t trough = *peak + 1;
  for (std::size_t i = *peak + 1; i < n && working_set_bytes[i] <= kTroughReach * l2_bytes; ++i)
    if (curve.y[i] < curve.y[trough]) trough = i;
  if (!(curve.y[trough] <= (1.0 - kMinHumpDrop) * curve.y[*peak])) return {};
  return {true, *peak, trough};
}

Regime regime_of(const RegimeSplit& split, std::size_t index) {
  if (!split.hump) return Regime::single;
  if (index <= split.peak) return Regime::cache;
  return index < split.fallout ? Regime::transition : Regime::memory;
}

std::pair<std::size_t, std::size_t> regime_range(const RegimeSplit& split, Regime regime, std::size_t n) {
  if (regime == Regime::transition || split.hump == (regime == Regime::single))
    throw std::invalid_argument(std::string("a curve ") + (split.hump ? "with" : "without") + " a hump has no regime '" +
                                std::string(kRegimeNames.name(regime)) + "'");
  if (regime == Regime::single) return {0, n - 1};
  return regime == Regime::cache ? std::pair{std::size_t{0}, split.peak} : std::pair{split.fallout, n - 1};
}

std::vector<Regime> regimes(const RegimeSplit& split) {
  if (!split.hump) return {Regime::single};
  return {Regime::cache, Regime::memory};
}

}  // namespace autobench::detect
