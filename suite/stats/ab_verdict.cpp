// A/B verdicts over units, and the launch-noise-only interval (see ab_verdict.hpp).
#include "suite/stats/ab_verdict.hpp"

#include <algorithm>
#include <cmath>
#include <random>
#include <stdexcept>
#include <string>

#include "numerics/statistics.hpp"
#include "numerics/student_t.hpp"

namespace autobench::stats {
namespace {

// The mean of a redraw of `v` with replacement.
double resampled_mean(const std::vector<double>& v, std::mt19937_64& rng) {
  std::uniform_int_distribution<std::size_t> pick(0, v.size() - 1);
  double sum = 0.0;
  for (std::size_t i = 0; i < v.size(); ++i) sum += v[pick(rng)];
  return sum / double(v.size());
}

void check(const VerdictRule& rule) {
  if (!(rule.threshold >= 0.0)) throw std::invalid_argument("A/B threshold " + std::to_string(rule.threshold) + " (allowed: >= 0)");
  if (!(rule.level > 0.0 && rule.level < 1.0))
    throw std::invalid_argument("A/B interval level " + std::to_string(rule.level) + " (allowed: between 0 and 1)");
  if (!(rule.likely_margin >= 0.0))
    throw std::invalid_argument("A/B likely margin " + std::to_string(rule.likely_margin) + " (allowed: >= 0)");
}

double sample_variance(const std::vector<double>& v) {
  const double m = numerics::mean(v);
  double ss = 0.0;
  for (double x : v) ss += (x - m) * (x - m);
  return ss / double(v.size() - 1);
}

// The half-width of a Welch interval with per-side variances va, vb over na, nb units (0 when both are 0).
double welch_half_width(double va, double na, double vb, double nb, double level, double* df = nullptr) {
  const double ea = va / na, eb = vb / nb, se2 = ea + eb;
  if (!(se2 > 0.0)) {
    if (df) *df = std::numeric_limits<double>::infinity();
    return 0.0;
  }
  const double dof = se2 * se2 / (ea * ea / (na - 1.0) + eb * eb / (nb - 1.0));
  if (df) *df = dof;
  return numerics::student_t_quantile((1.0 + level) / 2.0, dof) * std::sqrt(se2);
}

}  // namespace

const char* to_string(Verdict v) {
  switch (v) {
    case Verdict::same: return "SAME";
    case Verdict::faster: return "FASTER";
    case Verdict::slower: return "SLOWER";
    case Verdict::ambiguous: return "AMBIGUOUS";
    case Verdict::unreplicated: return "UNREPLICATED";
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

RatioVerdict unit_verdict(const std::vector<double>& a, const std::vector<double>& b, const VerdictRule& rule) {
  check(rule);
  if (a.empty() || b.empty()) throw std::invalid_argument("an A/B verdict needs at least one unit on each side");
  for (const auto* side : {&a, &b})
    if (std::any_of(side->begin(), side->end(), [](double v) { return !std::isfinite(v); }))
      throw std::invalid_argument("an A/B unit value is not finite");
  RatioVerdict out;
  out.units_a = a.size();
  out.units_b = b.size();
  const double log_ratio = numerics::mean(b) - numerics::mean(a);
  out.ratio = std::exp(log_ratio);
  if (a.size() < 2 || b.size() < 2) {
    out.verdict = Verdict::unreplicated;
    const double margin = std::log1p(rule.likely_margin);
    if (log_ratio > margin) out.likely = Verdict::slower;
    if (log_ratio < -margin) out.likely = Verdict::faster;
    return out;
  }
  const double va = sample_variance(a), vb = sample_variance(b);
  const double na = double(a.size()), nb = double(b.size());
  const double w = welch_half_width(va, na, vb, nb, rule.level, &out.df);
  out.low = std::exp(log_ratio - w);
  out.high = std::exp(log_ratio + w);
  out.verdict = classify(out.low, out.high, rule.threshold);
  if (out.verdict == Verdict::ambiguous) {
    // The nearer edge of the band, in log ratio; settled once the half-width is half the distance to it.
    const double edge = std::log1p(rule.threshold);
    const double d = std::min(std::abs(log_ratio - edge), std::abs(log_ratio + edge));
    out.more_units = -1;
    for (std::int64_t m = 1; d > 0.0 && m <= kMaxMoreUnits; ++m) {
      if (welch_half_width(va, na + double(m), vb, nb + double(m), rule.level) <= d / 2.0) {
        out.more_units = m;
        break;
      }
    }
  }
  return out;
}

LaunchInterval launch_interval(const std::vector<PairedLaunches>& strata, const VerdictRule& rule) {
  check(rule);
  if (strata.empty()) throw std::invalid_argument("an A/B interval needs at least one problem size measured on both sides");
  if (rule.replicates < 1) throw std::invalid_argument("A/B interval with no bootstrap replicates (need at least 1)");
  LaunchInterval out;
  double log_sum = 0.0;
  for (const auto& s : strata) {
    if (s.a.size() < 2 || s.b.size() < 2)
      throw std::invalid_argument("an A/B stratum has " + std::to_string(std::min(s.a.size(), s.b.size())) +
                                  " launches on a side (need at least 2)");
    for (const auto* side : {&s.a, &s.b}) {
      if (std::any_of(side->begin(), side->end(), [](double t) { return !(t > 0.0); }))
        throw std::invalid_argument("an A/B launch time is not positive");
    }
    log_sum += std::log(numerics::mean(s.b) / numerics::mean(s.a));
    out.launches_a += s.a.size();
    out.launches_b += s.b.size();
  }
  out.ratio = std::exp(log_sum / double(strata.size()));
  std::mt19937_64 rng(rule.seed);
  std::vector<double> replicates(rule.replicates);
  for (double& r : replicates) {
    double sum = 0.0;
    for (const auto& s : strata) sum += std::log(resampled_mean(s.b, rng) / resampled_mean(s.a, rng));
    r = sum / double(strata.size());
  }
  std::sort(replicates.begin(), replicates.end());
  out.low = std::exp(numerics::quantile(replicates, (1.0 - rule.level) / 2.0));
  out.high = std::exp(numerics::quantile(replicates, (1.0 + rule.level) / 2.0));
  return out;
}

}  // namespace autobench::stats
