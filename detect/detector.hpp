// The interface every knee detector implements, and the registry that creates detectors by name.
//
// Adding a detector is a one-file change: implement `Detector` in detect/<name>.cpp and register it
// there with a static `Registration` (detect/ is an OBJECT library, so every registration links in).
#pragma once

#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "curve.hpp"

namespace autobench::detect {

// Tuning knobs shared by the detectors; each detector reads the ones it understands.
struct Params {
  double sensitivity = 1.0;         // Kneedle's S
  double distance_threshold = 0.0;  // Triangle: minimum normalised chord distance for a knee to count
  XScale x_scale = XScale::log;     // x-space the detector works in
  bool online = true;               // Kneedle: online (keep scanning after the first knee) or offline
};

// What a detector found. `index` is the saturation knee (nullopt: no knee); `all` lists every knee found.
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

// Throws std::invalid_argument naming the unknown detector and the known ones.
std::unique_ptr<Detector> make(const std::string& name, const Params& params = {});
bool exists(const std::string& name);
std::vector<Entry> list();  // sorted by name

}  // namespace autobench::detect
