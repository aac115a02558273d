// A/B verdicts from launch times (see ab_verdict.hpp).
#include "suite/stats/ab_verdict.hpp"

#include <algorithm>
#include <cmath>
#include <random>
#include <stdexcept>
#include <string>

#include "numerics/statistics.hpp"

namespace autobench::stats {
namespace {

// The mean of a redraw of `v` with replacement.
double resampled_mean(const std::vector<double>& v, std::mt19937_64& rng) {
  std::uniform_int_distribution<std::size_t> pick(0, v.size() - 1);
  double sum = 0.0;
  for (std::size_t i = 0; i < v.size(); ++i) sum += v[pick(rng)];
  return sum / double(v.size());
}

void check(const std::vector<PairedLaunches>& strata, const VerdictRule& rule) {
  if (strata.empty()) throw std::invalid_argument("an A/B verdict needs at least one problem size measured on both sides");
  if (!(rule.threshold >= 0.0)) throw std::invalid_argument("A/B threshold " + std::to_string(rule.threshold) + " (allowed: >= 0)");
  if (!(rule.level > 0.0 && rule.level < 1.0))
    throw std::invalid_argument("A/B interval level " + std::to_string(rule.level) + " (allowed: between 0 and 1)");
  if (rule.replicates < 1) throw std::invalid_argument("A/B verdict with no bootstrap replicates (need at least 1)");
  for (const auto& s : strata) {
    if (s.a.size() < 2 || s.b.size() < 2)
      throw std::invalid_argument("an A/B stratum has " + std::to_string(std::min(s.a.size(), s.b.size())) +
                                  " launches on a side (need at least 2)");
    for (const auto* side : {&s.a, &s.b}) {
      if (std::any_of(side->begin(), side->end(), [](double t) { return !(t > 0.0); }))
        throw std::invalid_argument("an A/B launch time is not positive");
    }
  }
}

// Launches (both sides together), beyond the `launches` it has, that shrink an interval of log
// half-width `w` around `log_ratio` to half the distance to the nearer edge of the band +-`edge`, so
// that a ratio like this one clears the edge with room for its own noise; -1 past kMaxLaunchFactor.
std::int64_t more_launches(double log_ratio, double w, double edge, std::size_t launches) {
  const double d = std::min(std::abs(log_ratio - edge), std::abs(log_ratio + edge));
  if (!(d > 0.0)) return -1;
  const double factor = (2 * w / d) * (2 * w / d);
  if (factor > kMaxLaunchFactor) return -1;
  return std::max<std::int64_t>(1, static_cast<std::int64_t>(std::ceil((factor - 1.0) * double(launches))));
}

}  // namespace

const char* to_string(Verdict v) {
  switch (v) {
    case Verdict::same: return "SAME";
    case Verdict::faster: return "FASTER";
    case Verdict::slower: return "SLOWER";
    case Verdict::ambiguous: return "AMBIGUOUS";
  }
  return "AMBIGUOUS";
}

Verdict classify(double low, double high, double threshold) {
  const double upper = 1.0 + threshold, lower = 1.0 / upper;
  if (low > upper) return Verdict::slower;
  if (high < lower) return Verdict::faster;
  if (low >= lower && high <= upper) return Verdict::same;
  return Verdict::ambiguous;
}

RatioVerdict ratio_verdict(const std::vector<PairedLaunches>& strata, const VerdictRule& rule) {
  check(strata, rule);
  RatioVerdict out;
  out.strata = strata.size();
  double log_sum = 0.0;
  for (const auto& s : strata) {
    log_sum += std::log(numerics::mean(s.b) / numerics::mean(s.a));
    out.launches_a += s.a.size();
    out.launches_b += s.b.size();
  }
  const double log_ratio = log_sum / double(strata.size());
  out.ratio = std::exp(log_ratio);

  std::mt19937_64 rng(rule.seed);
  std::vector<double> replicates(rule.replicates);
  for (double& r : replicates) {
    double sum = 0.0;
    for (const auto& s : strata) sum += std::log(resampled_mean(s.b, rng) / resampled_mean(s.a, rng));
    r = sum / double(strata.size());
  }
  std::sort(replicates.begin(), replicates.end());
  const double log_low = numerics::quantile(replicates, (1.0 - rule.level) / 2.0);
  const double log_high = numerics::quantile(replicates, (1.0 + rule.level) / 2.0);
  out.low = std::exp(log_low);
  out.high = std::exp(log_high);
  out.verdict = classify(out.low, out.high, rule.threshold);
  if (out.verdict == Verdict::ambiguous) {
    const double w = std::max(log_high - log_ratio, log_ratio - log_low);
    out.more_launches = more_launches(log_ratio, w, std::log1p(rule.threshold), out.launches_a + out.launches_b);
  }
  return out;
}

}  // namespace autobench::stats
