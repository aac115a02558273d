// dfdt's refinement on a curve's slopes and its bound on rounds (a header for the worst-case test).
#pragma once

#include <cstddef>
#include <vector>

namespace autobench::detect {

// Bounds that keep dfdt O(n) on any curve: each round's ISODATA threshold takes at most
// kIsodataMaxPasses passes over the slopes, and the refinement at most kDfdtMaxRounds rounds. Its rounds
// move the knee strictly later, but nothing else limits them: on power-law slopes (g(i) = i^-1.86) the
// knee creeps by about 15 % a round, 84 rounds on 10^5 points. The detector tests' curves take at most 4.
inline constexpr int kIsodataMaxPasses = 100;
inline constexpr int kDfdtMaxRounds = 32;

struct ThresholdKnee {
  std::size_t index = 0;  // the interior point whose slope is nearest the last round's threshold taken
  int rounds = 0;         // ISODATA thresholds computed: 1 .. kDfdtMaxRounds
};

// The refinement on the slopes g (at least 3) at x (increasing, as many) from `start` (< g.size() - 2): a
// knee from the threshold of g[start..], then again from half the latest knee's index onwards while that
// moves the knee later, at least 3 slopes remain and fewer than kDfdtMaxRounds rounds were made. A round
// that would move the knee later to a point where the slopes fall no faster than on average over the
// stretch it searched (no bend there) is not taken, and the refinement ends.
ThresholdKnee threshold_knee(const std::vector<double>& g, const std::vector<double>& x, std::size_t start);

}  // namespace autobench::detect
