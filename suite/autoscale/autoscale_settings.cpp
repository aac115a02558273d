// Names of the autoscaler's modes (see autoscale_settings.hpp).
#include "suite/autoscale/autoscale_settings.hpp"

#include <stdexcept>

namespace autobench::autoscale {

const char* to_string(SweepMode m) { return m == SweepMode::adaptive ? "adaptive" : "geometric"; }

SweepMode sweep_mode_from_string(const std::string& s) {
  if (s == "geometric") return SweepMode::geometric;
  if (s == "adaptive") return SweepMode::adaptive;
  throw std::invalid_argument("unknown sweep '" + s + "' (allowed: geometric, adaptive)");
}

const char* to_string(TunerKind k) { return k == TunerKind::model ? "model" : "search"; }

TunerKind tuner_from_string(const std::string& s) {
  if (s == "search") return TunerKind::search;
  if (s == "model") return TunerKind::model;
  throw std::invalid_argument("unknown tuner '" + s + "' (allowed: search, model)");
}

const char* safeguards_name(detect::SafeguardMode m) {
  return m == detect::SafeguardMode::noise_aware ? "noise-aware" : "thesis";
}

detect::SafeguardMode safeguards_from_string(const std::string& s) {
  if (s == "thesis") return detect::SafeguardMode::fixed;
  if (s == "noise-aware") return detect::SafeguardMode::noise_aware;
  throw std::invalid_argument("unknown safeguards '" + s + "' (allowed: thesis, noise-aware)");
}

backend::TimingPlan timing_for(const AutoscaleSettings& settings, const kernels::KernelSpec& kernel) {
  backend::TimingPlan plan = settings.timing;
  plan.cold = settings.cold.value_or(kernel.cold_by_default);
  return plan;
}

const char* to_string(Estimator e) {
  return e == Estimator::median ? "median" : e == Estimator::min ? "min" : "mean";
}

Estimator estimator_from_string(const std::string& s) {
  if (s == "mean") return Estimator::mean;
  if (s == "median") return Estimator::median;
  if (s == "min") return Estimator::min;
  throw std::invalid_argument("--estimator '" + s + "' is not allowed (allowed: mean, median, min)");
}

}  // namespace autobench::autoscale
