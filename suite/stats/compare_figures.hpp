// The figures of merit of one finished campaign that device comparisons and device profiles are built
// from: knee size, peak throughput, energy efficiency and the tunables at the knee (pure logic).
#pragma once

#include <string>
#include <vector>

#include "suite/results/results.hpp"

namespace autobench::stats {

struct CampaignFigures {
  std::string backend;             // of the campaign's device: "sim" or "cuda"
  std::string model;               // the device model
  std::string kernel, detector;    // detector "consensus": the sweep's consensus knee (suite/stats/consensus.hpp)
  std::string metric_unit;         // "GB/s" or "GFLOP/s"
  double knee_size = results::kNaN;  // the knee when it was found (results::KneeStatus), else NaN
  std::string knee_status;         // "found", "edge" or "none" ("" in profile databases written before it:
                                   // knee_size is then the knee, or the largest size when none was detected)
  double peak_throughput = results::kNaN;    // the largest throughput on the curve
  double energy_efficiency = results::kNaN;  // the best work per joule on the curve (NaN: no energy measured)
  std::string knee_tunables;       // the best configuration at the knee ("" when the kernel has none)
  // The device's GPU UUID and the sweep's plateau (gpu_health.hpp: sweep_plateau), so a profile database
  // keeps each GPU's history ("" / NaN in databases written before them).
  std::string uuid;
  double plateau = results::kNaN;
};

// The name devices are grouped by: the model, prefixed "sim: " on the sim backend so that simulated
// devices never mix with real ones.
std::string model_label(const std::string& backend, const std::string& model);
std::string model_label(const CampaignFigures& f);
std::string model_label(const std::string& backend, const std::string& model);
// Whether the figures' knee counts: found, or from a profile database written before knee status.
bool knee_counts(const CampaignFigures& f);
// True when `name` names the figures' model, with or without the "sim: " prefix.
bool names_model(const CampaignFigures& f, const std::string& name);

// The unit of energy efficiency for a metric: "GB/s" -> "GB/J", "GFLOP/s" -> "GFLOP/J".
std::string efficiency_unit(const std::string& metric_unit);

// Work per joule of one point: throughput x mean time / energy per launch; NaN when the energy is
// missing or not positive.
double work_per_joule(const results::Point& p);

// Whether a campaign counts in comparisons: complete, at least one point, not ended by an error.
bool finished(const results::Campaign& c);

// The figures of every finished campaign of the ranks: complete, at least one point, not ended by an
// error; then one figure per sweep (rank, kernel, repeat) with detector "consensus": the consensus knee of
// those campaigns ("found" or "none"), the curve's peak and efficiency. Campaigns take their device's
// backend and model.
std::vector<CampaignFigures> campaign_figures(const std::vector<results::RankResult>& ranks);

}  // namespace autobench::stats
