// The regimes of a sweep and its detectors' knees in each (see regime_knees.hpp).
#include "suite/stats/regime_knees.hpp"

#include <algorithm>
#include <cmath>
#include <map>
#include <sstream>
#include <tuple>

#include "detect/detector_params.hpp"
#include "kernels/kernel.hpp"
#include "suite/results/knee_status.hpp"

namespace autobench::stats {

SweepCurve sweep_curve(const std::vector<const results::Campaign*>& campaigns) {
  std::map<std::uint64_t, const results::Point*> by_size;
  for (const auto* c : campaigns)
    for (const auto& p : c->points)
      if (!p.refinement) by_size.try_emplace(p.size, &p);
  SweepCurve out;
  for (const auto& [size, p] : by_size) {
    out.curve.x.push_back(static_cast<double>(size));
    out.curve.y.push_back(p->throughput);
    out.points.push_back(p);
  }
  return out;
}

detect::RegimeSplit sweep_regimes(const std::string& kernel, const detect::Curve& curve, std::uint64_t l2_bytes) {
  const kernels::KernelSpec* spec = kernels::find(kernel);
  if (!spec || l2_bytes == 0) return {};
  for (double y : curve.y)
    if (!std::isfinite(y)) return {};
  std::vector<double> bytes;
  for (double x : curve.x) bytes.push_back(4.0 * spec->elements(static_cast<std::uint64_t>(x)));
  return detect::find_regimes(curve, bytes, static_cast<double>(l2_bytes));
}

detect::Params recorded_params(const std::string& detector_params) {
  detect::Params p;
  std::istringstream in(detector_params);
  for (std::string item; std::getline(in, item, ',');) {
    const auto eq = item.find('=');
    if (eq == std::string::npos) continue;
    const std::string key = item.substr(0, eq), value = item.substr(eq + 1);
    try {
      if (key == "x_scale") p.x_scale = detect::kXScaleNames.value(value);
      else if (key == "smoothing") p.smoothing = detect::kSmoothingNames.value(value);
      else if (key == "online") p.chosen["kneedle.online"] = value == "1" ? "true" : "false";
      else if (key == "sensitivity") p.sensitivity = std::stod(value);
      else if (key == "distance_threshold") p.distance_threshold = std::stod(value);
      else if (key == "spline_knots") p.spline_knots = value == "auto" ? 0 : std::stoi(value);
      else if (key.find('.') != std::string::npos) {
        std::size_t used = 0;
        const double number = std::stod(value, &used);
        if (used == value.size()) p.declared[key] = number;
        else p.chosen[key] = value;
      }
    } catch (const std::exception&) {  // a name that is not a number: a choice knob
      if (key.find('.') != std::string::npos) p.chosen[key] = value;
    }
  }
  return p;
}

std::vector<RegimeKnee> regime_knees(const std::vector<const results::Campaign*>& campaigns, const SweepCurve& sweep,
                                     const detect::RegimeSplit& split) {
  std::vector<RegimeKnee> out;
  const auto& x = sweep.curve.x;
  for (const auto* c : campaigns) {
    for (const auto& f : detect::analyse_regimes(sweep.curve, split, {c->detector}, recorded_params(c->detector_params))) {
      RegimeKnee k;
      k.detector = c->detector;
      k.regime = f.regime;
      k.note = f.note;
      if (f.knee.index) {
        const std::size_t i = *f.knee.index;
        k.size = x[i];
        k.low = std::sqrt(x[i - 1] * x[i]);  // never the first or last point of its regime
        k.high = std::sqrt(x[i] * x[i + 1]);
        k.point = sweep.points[i];
        k.counts = !f.quality || f.quality->fraction >= results::kMinKneeQuality;
        if (!k.counts) k.note = "knee below half its regime's plateau";
      }
      out.push_back(std::move(k));
    }
  }
  return out;
}

void assign_regimes(std::vector<results::RankResult>& ranks) {
  for (auto& rank : ranks) {
    std::map<std::pair<std::string, int>, std::vector<results::Campaign*>> sweeps;
    for (auto& c : rank.campaigns) sweeps[{c.kernel, c.repeat}].push_back(&c);
    for (auto& [key, campaigns] : sweeps) {
      const SweepCurve sweep = sweep_curve({campaigns.begin(), campaigns.end()});
      const detect::RegimeSplit split = sweep_regimes(key.first, sweep.curve, rank.device.l2_bytes);
      for (auto* c : campaigns) {
        c->regime = "single";
        c->regime_peak_size = c->regime_fallout_size = 0;
        if (!split.hump) continue;
        c->regime_peak_size = static_cast<std::uint64_t>(sweep.curve.x[split.peak]);
        c->regime_fallout_size = static_cast<std::uint64_t>(sweep.curve.x[split.fallout]);
        const auto at = std::lower_bound(sweep.curve.x.begin(), sweep.curve.x.end(), static_cast<double>(c->knee_size));
        c->regime = detect::kRegimeNames.name(
            detect::regime_of(split, static_cast<std::size_t>(at - sweep.curve.x.begin())));
      }
    }
  }
}

}  // namespace autobench::stats
