// Figures of merit of finished campaigns (see compare_figures.hpp).
#include "suite/stats/compare_figures.hpp"

#include <cmath>

#include "suite/results/knee.hpp"
#include "suite/results/knee_status.hpp"
#include "suite/stats/consensus.hpp"
#include "suite/stats/gpu_health.hpp"

namespace autobench::stats {
namespace {

// The largest non-NaN value of f over the points; NaN when there is none.
template <class F>
double best_over(const std::vector<results::Point>& points, F f) {
  double best = results::kNaN;
  for (const auto& p : points) {
    const double v = f(p);
    if (!std::isnan(v) && (std::isnan(best) || v > best)) best = v;
  }
  return best;
}

}  // namespace

std::string model_label(const std::string& backend, const std::string& model) {
  return backend == "sim" ? "sim: " + model : model;
}

std::string model_label(const CampaignFigures& f) { return model_label(f.backend, f.model); }

bool knee_counts(const CampaignFigures& f) { return f.knee_status.empty() || f.knee_status == "found"; }

bool finished(const results::Campaign& c) {
  return c.complete && !c.points.empty() && c.stop_reason != results::StopReason::error;
}

bool names_model(const CampaignFigures& f, const std::string& name) {
  return name == f.model || name == model_label(f);
}

std::string efficiency_unit(const std::string& metric_unit) {
  const auto slash = metric_unit.rfind("/s");
  return (slash == std::string::npos ? metric_unit : metric_unit.substr(0, slash)) + "/J";
}

double work_per_joule(const results::Point& p) {
  return p.energy_j > 0.0 ? p.throughput * p.time_mean_s / p.energy_j : results::kNaN;
}

std::vector<CampaignFigures> campaign_figures(const std::vector<results::RankResult>& ranks) {
  std::vector<CampaignFigures> out;
  std::vector<results::RankResult> done = ranks;  // the finished campaigns only
  for (auto& rank : done) {
    std::erase_if(rank.campaigns, [](const results::Campaign& c) { return !finished(c); });
    for (const auto& c : rank.campaigns) {
      CampaignFigures f;
      f.backend = rank.device.backend;
      f.model = rank.device.model;
      f.kernel = c.kernel;
      f.detector = c.detector;
      f.metric_unit = c.metric_unit;
      const auto status = results::knee_status(c);
      f.knee_status = results::to_string(status);
      if (status == results::KneeStatus::found) {
        f.knee_size = static_cast<double>(c.knee_size);
        f.knee_tunables = c.points[static_cast<std::size_t>(c.knee_index)].tunables;
      }
      f.peak_throughput = best_over(c.points, [](const results::Point& p) { return p.throughput; });
      f.energy_efficiency = best_over(c.points, [](const results::Point& p) { return work_per_joule(p); });
      f.uuid = rank.device.uuid;
      f.plateau = sweep_plateau(c);
      out.push_back(std::move(f));
    }
  }
  for (const auto& row : compute_consensus(done)) {
    // the saturation knee: a humped sweep's memory-bound one (its cache-resident knee is reported, not compared)
    if (row.scope != "sweep" || row.regime == "cache") continue;
    // The sweep's curve: a campaign of the same rank, kernel and repeat (all of them, on a shared sweep).
    const CampaignFigures* curve = nullptr;
    std::string tunables;
    for (std::size_t i = 0, k = 0; i < done.size(); ++i)
      for (const auto& c : done[i].campaigns) {
        if (c.rank == row.rank && c.kernel == row.kernel && c.repeat == row.repeat && !curve) {
          curve = &out[k];
          for (const auto& p : c.points)
            if (static_cast<double>(p.size) == row.knee_size) tunables = p.tunables;
        }
        ++k;
      }
    CampaignFigures f = *curve;
    f.detector = "consensus";
    f.knee_status = row.found ? "found" : "none";
    f.knee_size = row.knee_size;
    f.knee_tunables = tunables;
    out.push_back(std::move(f));
  }
  return out;
}

}  // namespace autobench::stats
