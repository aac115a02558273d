// `lmethod`: Salvador and Chan's L-method, the split where two straight lines fit the curve best.
#include <algorithm>
#include <cmath>
#include <memory>
#include <vector>

#include "chord.hpp"
#include "detector.hpp"
#include "unit_curve.hpp"

namespace autobench::detect {
namespace {

// The least-squares line through a growing set of points, one point at a time in O(1): means and
// co-moments by Welford's update, and the residual sum of squares by the recursive least-squares
// identity SSE += e^2 / (1 + h), e the new point's residual under the previous line and h its leverage.
// Accumulating residuals (not syy - sxy^2/sxx, which cancels to rounding noise) keeps an exact line at
// an SSE of rounding size, as summing the residuals directly would.
class LineFit {
 public:
  void add(double x, double y) {
    if (n_ >= 2.0) {
      const double e = y - my_ - sxy_ / sxx_ * (x - mx_);  // distinct x, so sxx > 0
      sse_ += e * e / (1.0 + 1.0 / n_ + (x - mx_) * (x - mx_) / sxx_);
    }
    n_ += 1.0;
    const double dx = x - mx_, dy = y - my_;
    mx_ += dx / n_;
    my_ += dy / n_;
    sxx_ += dx * (x - mx_);
    sxy_ += dx * (y - my_);
  }
  double rmse() const { return std::sqrt(sse_ / n_); }

 private:
  double n_ = 0.0, mx_ = 0.0, my_ = 0.0, sxx_ = 0.0, sxy_ = 0.0, sse_ = 0.0;
};

// For every split point k (the left line fits points s..k, the right line k..n-1, each at least two
// points) the cost is the RMSE of each line weighted by its share of the points, as in the paper; the
// knee is the k of least cost, the vertex the two lines share. Sharing it makes a sharp corner a unique
// minimum (with disjoint halves, both neighbouring splits fit a corner perfectly). The fit starts at s,
// the elbow the curve starts with (chord.hpp: of its first points below the first-last chord by more
// than Params::distance_threshold, the farthest; 0 on a curve that does not start so): the L-method fits
// one bend, and a throughput curve in log size often first bends upwards (launch latency), then
// saturates; fitted from the first point, the two lines of such an S-shaped curve met halfway up the
// rise (on the cold H100 and H200 vecadd curves 10x before the other detectors' knees;
// bench/knees/README.md). Paper's iterative refinement of the focus region is not applied: autoscaled
// sweeps stop a few points after the knee, so the long flat tail it guards against does not occur.
// Score: 1 - best cost / RMSE of one line through points s..n-1, the share of the misfit the bend explains.
class LMethod final : public Detector {
 public:
  explicit LMethod(const Params& p) : p_(p) {}

  Knee find(const Curve& curve) const override {
    const Curve c = unit_curve(curve, p_.x_scale);
    const std::size_t n = c.size();
    if (n < 3) return {};
    const std::size_t s = std::min(starting_elbow(c, p_.shape, p_.distance_threshold), n - 3);
    // RMSE of the right line k..n-1 for every k, from one backward pass: O(n) in all.
    std::vector<double> right(n);
    LineFit fit;
    for (std::size_t k = n; k-- > s;) fit.add(c.x[k], c.y[k]), right[k] = fit.rmse();
    const double total = static_cast<double>(n - s + 1);
    std::size_t best = s + 1;
    double best_cost = INFINITY;
    LineFit left;
    left.add(c.x[s], c.y[s]);
    for (std::size_t k = s + 1; k + 1 < n; ++k) {
      left.add(c.x[k], c.y[k]);
      const double cost =
          static_cast<double>(k - s + 1) / total * left.rmse() + static_cast<double>(n - k) / total * right[k];
      if (cost < best_cost) best = k, best_cost = cost;
    }
    const double single = right[s];
    return gated_knee(c, best, single > 0.0 ? 1.0 - best_cost / single : 0.0, p_);
  }

 private:
  Params p_;
};

const Registration kLMethodRegistration(
    "lmethod", "L-method: vertex of the best-fitting pair of straight lines",
    [](const Params& p) { return std::make_unique<LMethod>(p); });

}  // namespace
}  // namespace autobench::detect
