// The interface every knee detector implements, and the registry that creates detectors by name.
//
// Adding a detector is a one-file change: implement `Detector` in detect/<name>.cpp and register it
// there with a static `Registration` (detect/ is an OBJECT library, so every registration links in),
// declaring its own knobs (ParamSpec) there too. detect/README.md says what each registered detector does.
#pragma once

#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "curve.hpp"
#include "record/names.hpp"

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
inline constexpr auto kSmoothingNames = record::names<Smoothing>(
    "smoothing", {{Smoothing::none, "none"}, {Smoothing::spline, "spline"}, {Smoothing::saturating, "saturating"}});

// Tuning knobs shared by the detectors; each detector reads the ones it understands. A knob of one
// detector only is declared by that detector (ParamSpec) and held in `declared`.
struct Params {
  Smoothing smoothing = Smoothing::none;  // every detector: detect on the points or on a fit of them
  int spline_knots = 0;                   // Smoothing::spline: interior knots, evenly spaced in the x-space;
                                          // 0 (kAutoKnots): chosen by the curve's span (spline_fit.hpp)
  double sensitivity = 1.0;         // Kneedle's S (declared by kneedle; the noise-aware safeguards raise it)
  double distance_threshold = 0.0;  // minimum normalised chord distance for a knee to count (all but kneedle)
  XScale x_scale = XScale::log;     // x-space the detector works in
  bool online = true;               // Kneedle: online (keep scanning after the first knee) or offline
  Shape shape = Shape::concave;     // knee (concave) or elbow (convex); every detector but dfdt reads it
  Direction direction = Direction::increasing;  // Kneedle
  Interp interp = Interp::interp1d;             // Kneedle
  std::string proposer = "kneedle";   // hybrid: the detector that proposes a knee
  std::string confirmer = "triangle"; // hybrid: the detector that must find a knee near it
  std::string base = "triangle";      // multiknee: the single-knee detector applied to each segment
  // Declared knobs set (--detector-param NAME.KEY=VALUE), by "NAME.KEY"; one not here has its declared
  // default. Read them with detect::param (detector_params.hpp).
  std::map<std::string, double> declared = {};
};

// A numeric knob a detector declares in its own file (its Registration): `--detector-param NAME.KEY=VALUE`
// sets it, checked against the range here (detector_params.hpp).
struct ParamSpec {
  std::string key;            // NAME.KEY's KEY: lower case and underscores
  double default_value = 0.0;
  double min = 0.0, max = 0.0;
  bool min_open = false;      // min itself is not allowed
  bool whole = false;         // whole numbers only
  std::string help;           // one line
  // A knob that other code reads too (kneedle's sensitivity, which the noise-aware safeguards adjust)
  // lives in this Params field; every other knob in Params::declared.
  double Params::*field = nullptr;
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

// A static instance of this in a detector's .cpp adds it to the registry, with the knobs it declares.
struct Registration {
  Registration(std::string name, std::string description, Factory factory, std::vector<ParamSpec> params = {});
};

struct Entry {
  std::string name;
  std::string description;
  std::vector<ParamSpec> params;  // in declaration order
};

// The named detector, running on smoothed_curve(curve, params) (smoothing.hpp) unless params.smoothing is
// none, on the curve scaled to a largest |y| in [0.5, 1) (magnitude.hpp: knees of any magnitude). Throws std::invalid_argument naming the unknown detector and the known ones.
std::unique_ptr<Detector> make(const std::string& name, const Params& params = {});
bool exists(const std::string& name);
std::vector<Entry> list();  // sorted by name

}  // namespace autobench::detect
