// `kneedle`: Satopaa et al.'s Kneedle, reproducing Python kneed 0.9.0 (KneeLocator) step by step.
#include <algorithm>
#include <cmath>
#include <memory>
#include <set>
#include <stdexcept>
#include <string>

#include "detector.hpp"
#include "detector_params.hpp"
#include "polyfit.hpp"
#include "unit_curve.hpp"

namespace autobench::detect {
namespace {

// kneed's `direction`: whether y grows or falls with x.
enum class Direction { increasing, decreasing };
constexpr auto kDirectionNames =
    record::names<Direction>("direction", {{Direction::increasing, "increasing"}, {Direction::decreasing, "decreasing"}});

// kneed's `interp_method`: use the points as they are, or a least-squares polynomial.
enum class Interp { interp1d, polynomial };
constexpr auto kInterpNames =
    record::names<Interp>("interp", {{Interp::interp1d, "interp1d"}, {Interp::polynomial, "polynomial"}});

// numpy's pairwise summation, the order in which np.sum and np.mean add float64 values (blocks of up to
// 128 summed in eight interleaved partial sums, larger arrays split in halves rounded to multiples of 8),
// so that the mean below rounds exactly as kneed's does.
double pairwise_sum(const double* a, std::size_t n) {
  if (n < 8) {
    double s = 0.0;
    for (std::size_t i = 0; i < n; ++i) s += a[i];
    return s;
  }
  if (n <= 128) {
    double r[8];
    std::copy(a, a + 8, r);
    std::size_t i = 8;
    for (; i < n - n % 8; i += 8)
      for (std::size_t j = 0; j < 8; ++j) r[j] += a[i + j];
    double s = ((r[0] + r[1]) + (r[2] + r[3])) + ((r[4] + r[5]) + (r[6] + r[7]));
    for (; i < n; ++i) s += a[i];
    return s;
  }
  std::size_t half = n / 2;
  half -= half % 8;
  return pairwise_sum(a, half) + pairwise_sum(a + half, n - half);
}

// Kneed's transform_y: turn an elbow or a decreasing curve into a concave increasing one.
void to_concave_increasing(std::vector<double>& y, Shape shape, Direction direction) {
  if (shape == Shape::convex) {
    const double top = *std::max_element(y.begin(), y.end());
    for (double& v : y) v = top - v;
  }
  if ((shape == Shape::concave) == (direction == Direction::decreasing)) std::reverse(y.begin(), y.end());
}

// Kneedle on the difference curve d = y_normalised - x_normalised (for the mirrored transforms, x mirrored
// too: 1 - x_normalised, reversed, so the curve is mirrored by value and not only by index):
// 1. local maxima and minima of d as scipy's argrelextrema(d, >=) and (d, <=) find them (order 1, the
//    ends compared with themselves, so plateaus count as both);
// 2. each maximum i gets the threshold T = d[i] - S * |mean(diff(x_normalised))|;
// 3. walking from the first maximum, a maximum arms detection with its threshold and a minimum disarms
//    it until the next maximum (a point that is both is disarmed); while armed, when d at the next point
//    falls below T the latest maximum is a knee (offline: stop at the first; online: keep going, the last
//    one found is the knee). No maximum or no knee: no knee.
class Kneedle final : public Detector {
 public:
  explicit Kneedle(const Params& p)
      : p_(p),
        degree_(param(p, "kneedle", "polynomial_degree")),
        online_(choice(p, "kneedle", "online") == "true"),
        direction_(kDirectionNames.value(choice(p, "kneedle", "direction"))),
        interp_(kInterpNames.value(choice(p, "kneedle", "interp"))) {
    if (degree_ < 0 || degree_ != std::floor(degree_))
      throw std::invalid_argument("kneedle polynomial degree " + std::to_string(degree_) +
                                  " is not allowed (allowed: a whole number >= 0)");
  }

  Knee find(const Curve& curve) const override {
    validate(curve, p_.x_scale);
    const std::size_t n = curve.size();
    if (n < 2) return {};
    const std::vector<double> x = to_xspace(curve.x, p_.x_scale);
    const auto [lo, hi] = std::minmax_element(curve.y.begin(), curve.y.end());
    if (*lo == *hi) return {};  // kneed divides 0 by 0 here, and NaN has no maxima

    // The mirrored transforms reverse y, so their knee indices count from the end.
    const bool mirrored = (p_.shape == Shape::concave) == (direction_ == Direction::decreasing);
    std::vector<double> xn = normalise(x);
    if (mirrored) {
      for (double& v : xn) v = 1.0 - v;
      std::reverse(xn.begin(), xn.end());
    }
    const auto degree = static_cast<std::size_t>(degree_);
    std::vector<double> yn = normalise(interp_ == Interp::interp1d ? curve.y : polyfit_values(x, curve.y, degree));
    to_concave_increasing(yn, p_.shape, direction_);
    std::vector<double> d(n);
    for (std::size_t i = 0; i < n; ++i) d[i] = yn[i] - xn[i];

    std::vector<bool> is_max(n), is_min(n);
    std::vector<std::size_t> maxima;
    for (std::size_t i = 0; i < n; ++i) {
      const double left = d[i == 0 ? 0 : i - 1], right = d[i + 1 == n ? i : i + 1];
      is_max[i] = d[i] >= left && d[i] >= right;
      is_min[i] = d[i] <= left && d[i] <= right;
      if (is_max[i]) maxima.push_back(i);
    }
    if (maxima.empty()) return {};

    std::vector<double> steps(n - 1);
    for (std::size_t i = 0; i + 1 < n; ++i) steps[i] = xn[i + 1] - xn[i];
    const double mean_step = pairwise_sum(steps.data(), steps.size()) / static_cast<double>(n - 1);
    const double drop = p_.sensitivity * std::abs(mean_step);

    std::set<std::size_t> knees;
    Knee out;
    std::size_t at = 0;
    double threshold = 0.0;
    bool armed = true;
    for (std::size_t i = maxima.front(); i + 1 < n; ++i) {
      if (is_max[i]) threshold = d[i] - drop, at = i, armed = true;
      if (is_min[i]) threshold = 0.0, armed = false;
      if (armed && d[i + 1] < threshold) {
        const std::size_t knee = mirrored ? n - 1 - at : at;
        knees.insert(knee);
        out.index = knee;
        out.score = d[at];
        if (!online_) break;
      }
    }
    out.all.assign(knees.begin(), knees.end());
    return out;
  }

 private:
  Params p_;
  double degree_;  // polynomial_degree
  bool online_;
  Direction direction_;
  Interp interp_;
};

const Registration kKneedleRegistration(
    "kneedle", "Kneedle difference curve with sensitivity S (matches Python kneed 0.9.0)",
    [](const Params& p) { return std::make_unique<Kneedle>(p); },
    {{.key = "sensitivity", .default_value = 1.0, .min = 0.0, .max = 100.0, .min_open = true,
      .help = "S: how far the difference curve must drop after a maximum for it to be a knee (--sensitivity)",
      .field = &Params::sensitivity},
     {.key = "polynomial_degree", .default_value = 7.0, .min = 0.0, .max = 30.0, .whole = true,
      .help = "degree of the least-squares polynomial with polynomial interpolation (kneed's default 7)"},
     {.key = "online", .help = "true: keep scanning after a knee, the last one counts; false: the first knee counts "
      "(kneed's online; a run's --offline)",
      .choices = one_of({"true", "false"}), .default_choice = "true"},
     {.key = "direction", .help = "whether y grows or falls with x (kneed's direction)",
      .choices = one_of(kDirectionNames), .default_choice = "increasing"},
     {.key = "interp", .help = "interp1d: the points as they are; polynomial: a least-squares polynomial of "
      "polynomial_degree (kneed's interp_method)",
      .choices = one_of(kInterpNames), .default_choice = "interp1d"}});

}  // namespace
}  // namespace autobench::detect
