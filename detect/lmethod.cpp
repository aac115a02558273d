// `lmethod`: Salvador and Chan's L-method, the split where two straight lines fit the curve best.
#include <cmath>
#include <memory>

#include "chord.hpp"
#include "detector.hpp"
#include "unit_curve.hpp"

namespace autobench::detect {
namespace {

// Root-mean-square residual of the least-squares line through points [first, last] of c.
double line_rmse(const Curve& c, std::size_t first, std::size_t last) {
  const double m = static_cast<double>(last - first + 1);
  double mx = 0.0, my = 0.0;
  for (std::size_t i = first; i <= last; ++i) mx += c.x[i], my += c.y[i];
  mx /= m, my /= m;
  double sxx = 0.0, sxy = 0.0;
  for (std::size_t i = first; i <= last; ++i) {
    sxx += (c.x[i] - mx) * (c.x[i] - mx);
    sxy += (c.x[i] - mx) * (c.y[i] - my);
  }
  const double slope = sxy / sxx;  // x strictly increases, so sxx > 0
  // Summed from the residuals, not as syy - sxy^2/sxx, which cancels to rounding noise on an exact line.
  double sse = 0.0;
  for (std::size_t i = first; i <= last; ++i) {
    const double r = c.y[i] - my - slope * (c.x[i] - mx);
    sse += r * r;
  }
  return std::sqrt(sse / m);
}

// For every split point k (the left line fits points 0..k, the right line k..n-1, each at least two
// points) the cost is the RMSE of each line weighted by its share of the points, as in the paper; the
// knee is the k of least cost, the vertex the two lines share. Sharing it makes a sharp corner a unique
// minimum (with disjoint halves, both neighbouring splits fit a corner perfectly). Paper's iterative
// refinement of the focus region is not applied: autoscaled sweeps stop a few points after the knee, so
// the long flat tail it guards against does not occur. Score: 1 - best cost / RMSE of one line through
// all points, the share of the misfit the bend explains.
class LMethod final : public Detector {
 public:
  explicit LMethod(const Params& p) : p_(p) {}

  Knee find(const Curve& curve) const override {
    const Curve c = unit_curve(curve, p_.x_scale);
    const std::size_t n = c.size();
    if (n < 3) return {};
    const double total = static_cast<double>(n + 1);
    std::size_t best = 1;
    double best_cost = INFINITY;
    for (std::size_t k = 1; k + 1 < n; ++k) {
      const double cost = static_cast<double>(k + 1) / total * line_rmse(c, 0, k) +
                          static_cast<double>(n - k) / total * line_rmse(c, k, n - 1);
      if (cost < best_cost) best = k, best_cost = cost;
    }
    const double single = line_rmse(c, 0, n - 1);
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
