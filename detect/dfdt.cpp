// `dfdt`: dynamic first-derivative threshold, the point whose slope sits at the ISODATA threshold.
#include <algorithm>
#include <cmath>
#include <cstddef>
#include <memory>

#include "chord.hpp"
#include "detector.hpp"
#include "dfdt.hpp"
#include "unit_curve.hpp"

namespace autobench::detect {
namespace {

// Slope at `at` of the parabola through three points (the three-point Lagrange derivative, exact for
// quadratics and valid for uneven spacing).
double parabola_slope(double at, const double* x, const double* y) {
  return y[0] * (2 * at - x[1] - x[2]) / ((x[0] - x[1]) * (x[0] - x[2])) +
         y[1] * (2 * at - x[0] - x[2]) / ((x[1] - x[0]) * (x[1] - x[2])) +
         y[2] * (2 * at - x[0] - x[1]) / ((x[2] - x[0]) * (x[2] - x[1]));
}

// dy/dx at every point: centred parabolas inside, one-sided ones at the two ends. Needs 3 points.
std::vector<double> slopes(const Curve& c) {
  const std::size_t n = c.size();
  std::vector<double> g(n);
  for (std::size_t i = 0; i < n; ++i) {
    const std::size_t first = i == 0 ? 0 : (i + 1 == n ? n - 3 : i - 1);
    g[i] = parabola_slope(c.x[i], &c.x[first], &c.y[first]);
  }
  return g;
}

// Index of the steepest slope before the curve first covers 90% of its range from its first value (0 on
// a curve that bends only one way; the limit keeps a noisy slope on the plateau from counting).
std::size_t rise_start(const Curve& c, const std::vector<double>& g) {
  double range = 0.0;
  for (double y : c.y) range = std::max(range, std::abs(y - c.y[0]));
  std::size_t steepest = 0;
  for (std::size_t i = 1; i < g.size() && std::abs(c.y[i] - c.y[0]) < 0.9 * range; ++i)
    if (std::abs(g[i]) > std::abs(g[steepest])) steepest = i;
  return steepest;
}

// ISODATA (Ridler-Calvard) threshold of v[from..]: start at the mean, move to the midpoint of the means
// of the values at or below and above it, until it moves less than 1e-6 (kIsodataMaxPasses passes at
// most) or one side is empty.
double isodata(const std::vector<double>& v, std::size_t from) {
  double t = 0.0;
  for (std::size_t i = from; i < v.size(); ++i) t += v[i];
  t /= static_cast<double>(v.size() - from);
  for (int pass = 0; pass < kIsodataMaxPasses; ++pass) {
    double lo = 0.0, hi = 0.0;
    std::size_t nlo = 0, nhi = 0;
    for (std::size_t i = from; i < v.size(); ++i) (v[i] <= t ? (lo += v[i], ++nlo) : (hi += v[i], ++nhi));
    if (nlo == 0 || nhi == 0) break;
    const double next = (lo / static_cast<double>(nlo) + hi / static_cast<double>(nhi)) / 2.0;
    const bool settled = std::abs(next - t) < 1e-6;
    t = next;
    if (settled) break;
  }
  return t;
}

// The interior point of g[from..] (neither end of that range) whose slope is nearest the threshold.
std::size_t nearest_to_threshold(const std::vector<double>& g, std::size_t from) {
  const double t = isodata(g, from);
  std::size_t best = from + 1;
  for (std::size_t i = from + 2; i + 1 < g.size(); ++i)
    if (std::abs(g[i] - t) < std::abs(g[best] - t)) best = i;
  return best;
}

// Whether the slopes fall at point k (interior to g[from..]) faster than they fall on average over
// g[from..], in the same direction: k is a bend of the stretch searched, not merely where a threshold
// splits slopes that fall steadily.
bool on_a_bend(const std::vector<double>& g, const std::vector<double>& x, std::size_t from, std::size_t k) {
  const std::size_t last = g.size() - 1;
  const double average = (g[last] - g[from]) / (x[last] - x[from]);
  const double local = (g[k + 1] - g[k - 1]) / (x[k + 1] - x[k - 1]);
  return average != 0.0 && local / average > 1.0 + kRoundoff;  // faster by more than rounding
}

}  // namespace

ThresholdKnee threshold_knee(const std::vector<double>& g, const std::vector<double>& x, std::size_t start) {
  const std::size_t n = g.size();
  ThresholdKnee out{nearest_to_threshold(g, start), 1};
  for (std::size_t last = start;
       last < out.index && n - std::max(start, (out.index + 1) / 2) > 2 && out.rounds < kDfdtMaxRounds;) {
    last = out.index;
    const std::size_t from = std::max(start, (last + 1) / 2);
    const std::size_t next = nearest_to_threshold(g, from);
    ++out.rounds;
    if (next > last && !on_a_bend(g, x, from, next)) break;  // a split of steadily falling slopes
    out.index = next;
  }
  return out;
}

namespace {

// Slopes in the unit square split by ISODATA into a steep and a flat group; the knee is the point whose
// slope is nearest that threshold. As in Kneeliverse's DFDT, the search is then repeated on the slopes
// from half the latest knee's index onwards (an early steep stretch no longer pulls the threshold up), for
// as long as the previous round moved the knee later and at least 3 slopes remain, kDfdtMaxRounds rounds
// at most (dfdt.hpp: O(n) in all); the last round's knee is the answer. Unlike Kneeliverse, a round moves
// the knee later only onto a bend (on_a_bend): on slopes that fall steadily, with no bend, each round's
// threshold splits what is left in the middle, and the rounds walk the knee on to two thirds of the curve
// (on slopes falling linearly the fixed point is 2N/3) wherever the saturation is; the H100 histogram's
// memory regime went from 70.8 M (where kneedle and triangle are) to 167-202 M (bench/knees/README.md).
// On a fit, a slope against the curve's direction (the fit falls, on a rising curve: the top of a fall,
// as menger.cpp says) counts as flat: counted as it is, a fall drags the flat group's mean below zero and
// the threshold with it, onto the top of the fall (cold spmv, whose x vector leaves L2: 1.38 M against the
// others' 0.20-0.27 M). Unlike Kneeliverse, no round looks before the steepest slope (rise_start): on
// log-spaced sizes a throughput curve first bends upwards (throughput grows with size while launch
// latency dominates), and a slope threshold there marks where the rise starts, below the chord, not
// where it saturates. Counted when it clears the chord (chord.hpp); score: its chord distance.
class Dfdt final : public Detector {
 public:
  explicit Dfdt(const Params& p) : p_(p) {}

  Knee find(const Curve& curve) const override {
    const Curve c = unit_curve(curve, p_.x_scale);
    const std::size_t n = c.size();
    if (n < 3) return {};
    std::vector<double> g = slopes(c);
    if (p_.on_fit) {  // where the fit falls against the curve's direction, a fall: flat, not a slope of its own
      const double direction = c.y.back() - c.y.front();
      for (double& v : g) v = v * direction < 0.0 ? 0.0 : v;
    }
    const std::size_t knee = threshold_knee(g, c.x, std::min(rise_start(c, g), n - 3)).index;
    return gated_knee(c, knee, chord_distance(c, knee, 0, n - 1, p_.shape), p_);
  }

 private:
  Params p_;
};

const Registration kDfdtRegistration(
    "dfdt", "dynamic first-derivative threshold (ISODATA on the slopes)",
    [](const Params& p) { return std::make_unique<Dfdt>(p); });

}  // namespace
}  // namespace autobench::detect
