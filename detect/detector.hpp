// The interface every knee detector implements, and the registry that creates detectors by name.
//
// Adding a detector is a one-file change: implement `Detector` in detect/<name>.cpp and register it
// there with a static `Registration` (detect/ is an OBJECT library, so every registration links in).
// detect/README.md says what each registered detector does.
#pragma once

#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "curve.hpp"

namespace autobench::detect {

// Which bend a detector looks for. `concave`: a knee, the curve lies above its first-last chord (a
// saturating throughput curve); `convex`: an elbow, the curve lies below it. Kneed's `curve` argument.
enum class Shape { concave, convex };

// Kneedle only (kneed's `direction`): whether y grows or falls with x.
enum class Direction { increasing, decreasing };

// Kneedle only (kneed's `interp_method`): use the points as they are, or a least-squares polynomial.
enum class Interp { interp1d, polynomial };

// What a detector runs on (smoothing.hpp): the measured points (`none`, the detector as published), a
// least-squares natural cubic spline of them (`spline`), or a least-squares saturating latency-bandwidth
// fit (`saturating`, t = t0 + work / B).
enum class Smoothing { none, spline, saturating };
const char* to_string(Smoothing s);
Smoothing smoothing_from_string(const std::string& s);  // throws std::invalid_argument naming the value

// Tuning knobs shared by the detectors; each detector reads the ones it understands.
struct Params {
  Smoothing smoothing = Smoothing::none;  // every detector: detect on the points or on a fit of them
  int spline_knots = 0;                   // Smoothing::spline: interior knots, evenly spaced in the x-space;
                                          // 0 (kAutoKnots): chosen by the curve's span (spline_fit.hpp)
  double sensitivity = 1.0;         // Kneedle's S
  double distance_threshold = 0.0;  // minimum normalised chord distance for a knee to count (all but kneedle)
  XScale x_scale = XScale::log;     // x-space the detector works in
  bool online = true;               // Kneedle: online (keep scanning after the first knee) or offline
  Shape shape = Shape::concave;     // knee (concave) or elbow (convex); every detector but dfdt reads it
  Direction direction = Direction::increasing;  // Kneedle
  Interp interp = Interp::interp1d;             // Kneedle
  int polynomial_degree = 7;                    // Kneedle with Interp::polynomial (kneed's default)
  std::string proposer = "kneedle";   // hybrid: the detector that proposes a knee
  std::string confirmer = "triangle"; // hybrid: the detector that must find a knee near it
  std::size_t tolerance = 3;          // hybrid: how many indices apart proposal and confirmation may be
  std::string base = "triangle";      // multiknee: the single-knee detector applied to each segment
  double strong_fraction = 0.5;       // multiknee: a knee is strong at this fraction of the strongest one
  std::size_t min_segment = 4;        // multiknee: segments with fewer points are not split further
  double min_bend = 0.01;             // multiknee: normalised distance off its segment's chord a knee needs
};

// What a detector found. `index` is the saturation knee (nullopt: no knee); `all` lists every knee found,
// ascending, and contains `index` when there is one.
struct Knee {
  std::optional<std::size_t> index;
  std::vector<std::size_t> all;
  double score = 0.0;  // detector-specific strength of the chosen knee (e.g. normalised distance)
};

class Detector {
 public:
  virtual ~Detector() = default;
  virtual Knee find(const Curve& curve) const = 0;
};

using Factory = std::function<std::unique_ptr<Detector>(const Params&)>;

// A static instance of this in a detector's .cpp adds it to the registry.
struct Registration {
  Registration(std::string name, std::string description, Factory factory);
};

struct Entry {
  std::string name;
  std::string description;
};

// The named detector, running on smoothed_curve(curve, params) (smoothing.hpp) unless params.smoothing is
// none, on the curve scaled to a largest |y| in [0.5, 1) (magnitude.hpp: knees of any magnitude). Throws std::invalid_argument naming the unknown detector and the known ones.
std::unique_ptr<Detector> make(const std::string& name, const Params& params = {});
bool exists(const std::string& name);
std::vector<Entry> list();  // sorted by name

}  // namespace autobench::detect
