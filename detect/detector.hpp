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

// What a detector runs on (smoothing.hpp): the measured points (`none`, the detector as published), a
// least-squares natural cubic spline of them (`spline`), or a least-squares saturating latency-bandwidth
// fit (`saturating`, t = t0 + work / B).
enum class Smoothing { none, spline, saturating };
inline constexpr auto kSmoothingNames = record::names<Smoothing>(
    "smoothing", {{Smoothing::none, "none"}, {Smoothing::spline, "spline"}, {Smoothing::saturating, "saturating"}});

// Tuning knobs shared by the detectors; each detector reads the ones it understands. A knob of one
// detector only is declared by that detector (ParamSpec) and held in `declared` or `chosen`.
struct Params {
  Smoothing smoothing = Smoothing::none;  // every detector: detect on the points or on a fit of them
  int spline_knots = 0;                   // Smoothing::spline: interior knots, evenly spaced in the x-space;
                                          // 0 (kAutoKnots): chosen by the curve's span (spline_fit.hpp)
  bool on_fit = false;  // set by make: the curve a detector's find sees is a fit (smoothing not none), not
                        // the points (menger reads it: on a fit each curvature maximum is a bend)
  double sensitivity = 1.0;         // Kneedle's S (declared by kneedle; the noise-aware safeguards raise it)
  double distance_threshold = 0.0;  // minimum normalised chord distance for a knee to count (all but kneedle)
  XScale x_scale = XScale::log;     // x-space the detector works in
  Shape shape = Shape::concave;     // knee (concave) or elbow (convex); every detector but dfdt reads it
  // Declared knobs set (--detector-param NAME.KEY=VALUE), by "NAME.KEY": a numeric knob's number in
  // `declared`, a choice knob's name in `chosen`; one not here has its declared default. Read them with
  // detect::param and detect::choice (detector_params.hpp).
  std::map<std::string, double> declared = {};
  std::map<std::string, std::string> chosen = {};
};

// The names a choice knob allows, in the order `list` and the messages show them: a function, because a
// knob naming another detector (hybrid's proposer) allows the detectors registered, which are known only
// once every detector's file has registered. one_of and detectors_except (detector_params.hpp) make them.
using Choices = std::function<std::vector<std::string>()>;

// A knob a detector declares in its own file (its Registration): `--detector-param NAME.KEY=VALUE` sets it,
// checked against what is declared here (detector_params.hpp). Numeric (a number in [min, max]) unless
// `choices` is set: then one of those names, `default_choice` unless set (kneedle.interp=polynomial).
struct ParamSpec {
  std::string key;            // NAME.KEY's KEY: lower case and underscores
  double default_value = 0.0;
  double min = 0.0, max = 0.0;
  bool min_open = false;      // min itself is not allowed
  bool whole = false;         // whole numbers only
  std::string help;           // one line
  // A knob that other code reads too (kneedle's sensitivity, which the noise-aware safeguards adjust)
  // lives in this Params field; every other numeric knob in Params::declared.
  double Params::*field = nullptr;
  Choices choices = {};        // a choice knob's allowed names (Params::chosen holds the one set)
  std::string default_choice = {};  // ... and the one it has unless set
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
