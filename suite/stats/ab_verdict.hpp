// An A/B verdict: a Welch t-interval of B's time relative to A's over independent units (sweeps, or GPUs)
// and an effect-size threshold decide SAME, FASTER, SLOWER or AMBIGUOUS; with fewer than two units on a
// side, UNREPLICATED, with a launch-noise-only bootstrap interval beside it (pure statistics, docs/compare.md).
#pragma once

#include <cstdint>
#include <limits>
#include <optional>
#include <vector>

namespace autobench::stats {

// B relative to A: FASTER means B takes less time than A.
enum class Verdict { same, faster, slower, ambiguous, unreplicated };
const char* to_string(Verdict v);  // "SAME", "FASTER", "SLOWER", "AMBIGUOUS", "UNREPLICATED"

// An UNREPLICATED ratio beyond this factor either way (b/a > 1 + margin, or < 1 / (1 + margin)) is called
// "likely SLOWER/FASTER". Measured on real GPUs (docs/compare.md): one sweep against one sweep of healthy
// H100s exceeds it in at most 5 % of regions.
inline constexpr double kLikelyMargin = 0.05;

struct VerdictRule {
  double threshold = 0.02;        // ratios within [1 / (1 + threshold), 1 + threshold] count as the same
  double level = 0.95;            // of the interval
  std::size_t replicates = 2000;  // bootstrap replicates of the launch-noise-only interval
  std::uint64_t seed = 1;         // of that resampling: the same inputs give the same interval
  double likely_margin = kLikelyMargin;
};

// The verdict of an interval [low, high] of B / A: SAME inside the threshold band, SLOWER above it,
// FASTER below it, AMBIGUOUS when it crosses an edge of the band.
Verdict classify(double low, double high, double threshold);

struct RatioVerdict {
  Verdict verdict = Verdict::ambiguous;
  // B's time relative to A's: exp of the difference of the sides' mean unit values (log times), and its
  // Welch t-interval (NaN when UNREPLICATED).
  double ratio = std::numeric_limits<double>::quiet_NaN();
  double low = std::numeric_limits<double>::quiet_NaN();
  double high = std::numeric_limits<double>::quiet_NaN();
  std::size_t units_a = 0, units_b = 0;
  double df = std::numeric_limits<double>::quiet_NaN();  // Welch-Satterthwaite degrees of freedom
  // AMBIGUOUS only: about this many more units on each side (the interval's variances kept, its t quantile
  // taken at the larger df) would shrink the interval to half the distance from the ratio to the nearer
  // edge of the band; -1 when more than kMaxMoreUnits would be needed (the ratio sits at an edge).
  std::int64_t more_units = 0;
  // UNREPLICATED only: SLOWER or FASTER when the ratio lies beyond the rule's likely_margin.
  std::optional<Verdict> likely;
};

// Past this many more units a side, an AMBIGUOUS verdict says no number of repeats settles it.
inline constexpr std::int64_t kMaxMoreUnits = 100;

// The verdict over one value per unit (log time) of each side. Two or more on each side: the Welch
// interval; fewer on a side: UNREPLICATED. Throws std::invalid_argument for a side without values, a value
// that is not finite, a threshold below 0, a level outside (0, 1) or a negative margin.
RatioVerdict unit_verdict(const std::vector<double>& a, const std::vector<double>& b, const VerdictRule& rule);

// One stratum (one problem size): every timed launch of it on side A and on side B, in seconds.
struct PairedLaunches {
  std::vector<double> a, b;
};

// B relative to A over launches alone: the geometric mean over the strata of mean(B) / mean(A), and its
// percentile bootstrap interval (each replicate redraws every stratum's launches, per side). It covers
// launch-to-launch noise only, never the drift between sweeps: shown beside an UNREPLICATED verdict.
struct LaunchInterval {
  double ratio = std::numeric_limits<double>::quiet_NaN();
  double low = std::numeric_limits<double>::quiet_NaN();
  double high = std::numeric_limits<double>::quiet_NaN();
  std::size_t launches_a = 0, launches_b = 0;
};

// Throws std::invalid_argument for no strata, a stratum with fewer than two launches on a side or a
// launch time that is not positive, and for the rule's checks above.
LaunchInterval launch_interval(const std::vector<PairedLaunches>& strata, const VerdictRule& rule);

}  // namespace autobench::stats
