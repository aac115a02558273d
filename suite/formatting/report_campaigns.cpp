// The campaign columns of `report` (see report_campaigns.hpp).
#include "suite/formatting/report_campaigns.hpp"

#include <algorithm>
#include <cmath>

#include <fmt/format.h>

#include "suite/results/knee.hpp"
#include "suite/results/knee_status.hpp"

namespace autobench::formatting {

std::string interval_text(double low, double high) {
  if (std::isnan(low) || std::isnan(high)) return "-";
  return fmt::format("{:.0f}-{:.0f}", low, high);
}

// A size in at most 5 characters: exact below 10000, else 3 significant digits with k, M or G.
std::string short_size(double v) {
  if (std::isnan(v)) return "-";
  if (v < 1e4) return fmt::format("{:.0f}", v);
  const char* suffix[] = {"k", "M", "G", "T"};
  std::size_t i = 0;
  v /= 1e3;
  while (v >= 999.5 && i + 1 < std::size(suffix)) v /= 1e3, ++i;
  return fmt::format("{:.3g}", v) + suffix[i];
}

std::string short_interval(double low, double high) {
  return std::isnan(low) || std::isnan(high) ? "-" : short_size(low) + "-" + short_size(high);
}

std::string interval_text(const results::Campaign& c) { return interval_text(c.knee_low_size, c.knee_high_size); }

const std::vector<TextTable::Column>& campaign_columns() {
  using Align = TextTable::Align;
  static const std::vector<TextTable::Column> columns{{"rank", Align::right},
                                                      {"device"},
                                                      {"kernel"},
                                                      {"detector"},
                                                      {"repeat", Align::right},
                                                      {"points", Align::right},
                                                      {"knee"},
                                                      {"index", Align::right},
                                                      {"size", Align::right},
                                                      {"size_95", Align::right},
                                                      {"throughput", Align::right},
                                                      {"unit"},
                                                      {"of_plateau", Align::right},
                                                      {"power_W", Align::right},
                                                      {"work/J", Align::right},
                                                      {"ctr/int", Align::right},
                                                      {"timing"},
                                                      {"throttled", Align::right},
                                                      {"stop"},
                                                      {"elapsed_s", Align::right}};
  return columns;
}

std::vector<CampaignCell> campaign_cells(const results::RankResult& rank, const results::Campaign& c) {
  return {std::to_string(c.rank),
          rank.device.name,
          c.kernel,
          c.detector,
          std::to_string(c.repeat),
          std::to_string(c.points.size()),
          std::string(results::to_string(results::knee_status(c))),
          std::to_string(c.knee_index),
          std::to_string(c.knee_size),
          interval_text(c),
          Measure{results::throughput_at_knee(c), 1},
          c.metric_unit,
          Measure{c.knee_quality, 1, true},
          Measure{results::at_knee(c, &results::Point::power_w), 1},
          Measure{results::at_knee(c, &results::Point::efficiency), 3},
          Measure{results::at_knee(c, &results::counter_to_integrated), 3},
          c.timing_mode.empty() ? "-" : c.timing_mode,
          std::to_string(std::count_if(c.points.begin(), c.points.end(), [](const auto& p) { return p.throttled; })),
          std::string(results::kStopReasonNames.name(c.stop_reason)) + (c.complete ? "" : " (incomplete)"),
          Measure{c.elapsed_s, 2}};
}

}  // namespace autobench::formatting
