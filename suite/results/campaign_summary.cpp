// A campaign without its points (see campaign_summary.hpp).
#include "suite/results/campaign_summary.hpp"

#include <algorithm>

#include "suite/results/knee.hpp"
#include "suite/results/knee_status.hpp"

namespace autobench::results {

CampaignSummary summarize_campaign(const RankResult& rank, const Campaign& c, const std::string& sweep_path) {
  CampaignSummary s;
  s.rank = rank.rank;  // the rank it ran on (a writer refuses a campaign that says another)
  s.kernel = c.kernel;
  s.detector = c.detector;
  s.repeat = c.repeat;
  s.device_model = rank.device.model;
  s.points = static_cast<std::int64_t>(c.points.size());
  s.knee_detected = c.knee_detected;
  s.knee_status = to_string(knee_status(c));
  s.knee_index = c.knee_index;
  s.knee_size = c.knee_size;
  s.knee_low_size = c.knee_low_size;
  s.knee_high_size = c.knee_high_size;
  s.knee_found_fraction = c.knee_found_fraction;
  s.knee_quality = c.knee_quality;
  s.plateau = c.plateau;
  s.knee_position = c.knee_position;
  s.x_scale = c.x_scale;
  s.regime = c.regime;
  s.regime_peak_size = c.regime_peak_size;
  s.regime_fallout_size = c.regime_fallout_size;
  s.stop_reason = kStopReasonNames.name(c.stop_reason);
  s.error = c.error;
  s.complete = c.complete;
  s.elapsed_s = c.elapsed_s;
  s.timing_mode = c.timing_mode;
  s.estimator = c.estimator;
  s.metric_unit = c.metric_unit;
  s.throughput_at_knee = throughput_at_knee(c);
  s.power_at_knee_w = at_knee(c, &Point::power_w);
  s.efficiency_at_knee = at_knee(c, &Point::efficiency);
  s.efficiency_corrected_at_knee = at_knee(c, &Point::efficiency_corrected);
  s.refinement_points = std::count_if(c.points.begin(), c.points.end(), [](const Point& p) { return p.refinement; });
  s.throttled_points = std::count_if(c.points.begin(), c.points.end(), [](const Point& p) { return p.throttled; });
  s.sweep = sweep_path;
  const auto [smallest, largest] =
      std::minmax_element(c.points.begin(), c.points.end(), [](const Point& a, const Point& b) { return a.size < b.size; });
  if (smallest != c.points.end()) s.smallest_size = smallest->size, s.largest_size = largest->size;
  return s;
}

std::vector<CampaignSummary> summarize_campaigns(const std::vector<RankResult>& ranks) {
  std::vector<CampaignSummary> out;
  for (const auto& rank : ranks)
    for (const auto& c : rank.campaigns) out.push_back(summarize_campaign(rank, c, ""));
  return out;
}

}  // namespace autobench::results
