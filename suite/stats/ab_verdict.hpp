// An A/B verdict from launch times: a stratified bootstrap interval of B's time relative to A's and an
// effect-size threshold decide SAME, FASTER, SLOWER or AMBIGUOUS (pure statistics, docs/compare.md).
#pragma once

#include <cstdint>
#include <limits>
#include <vector>

namespace autobench::stats {

// B relative to A: FASTER means B takes less time than A.
enum class Verdict { same, faster, slower, ambiguous };
const char* to_string(Verdict v);  // "SAME", "FASTER", "SLOWER", "AMBIGUOUS"

// One stratum (one problem size): every timed launch of it on side A and on side B, in seconds.
struct PairedLaunches {
  std::vector<double> a, b;
};

struct VerdictRule {
  double threshold = 0.02;        // ratios within [1 / (1 + threshold), 1 + threshold] count as the same
  double level = 0.95;            // of the interval
  std::size_t replicates = 2000;  // bootstrap replicates
  std::uint64_t seed = 1;         // of the resampling: the same inputs give the same interval
};

struct RatioVerdict {
  Verdict verdict = Verdict::ambiguous;
  // B's time relative to A's: the geometric mean over the strata of mean(B launches) / mean(A launches),
  // and its percentile bootstrap interval (each replicate redraws every stratum's launches, per side,
  // with replacement).
  double ratio = std::numeric_limits<double>::quiet_NaN();
  double low = std::numeric_limits<double>::quiet_NaN();
  double high = std::numeric_limits<double>::quiet_NaN();
  std::size_t strata = 0;
  std::size_t launches_a = 0, launches_b = 0;
  // AMBIGUOUS only: about this many more launches (both sides together, shared as now) would shrink the
  // interval, as 1/sqrt(launches), to half the distance from the ratio to the nearer edge of the band,
  // so that a ratio like this one is decided; -1 when more than kMaxLaunchFactor times the present
  // launches would be needed (the ratio sits at an edge).
  std::int64_t more_launches = 0;
};

// Past this many times the present launches, an AMBIGUOUS verdict says no number of launches settles it.
inline constexpr double kMaxLaunchFactor = 100.0;

// The verdict of an interval [low, high] of B / A: SAME inside the threshold band, SLOWER above it,
// FASTER below it, AMBIGUOUS when it crosses an edge of the band.
Verdict classify(double low, double high, double threshold);

// The verdict over `strata`. Throws std::invalid_argument for no strata, a stratum with fewer than two
// launches on a side, a launch time that is not positive, a threshold below 0 or a level outside (0, 1).
RatioVerdict ratio_verdict(const std::vector<PairedLaunches>& strata, const VerdictRule& rule);

}  // namespace autobench::stats
