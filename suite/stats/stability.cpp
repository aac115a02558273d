// Knee stability per (kernel, detector): summary statistics of knee indices, knee sizes and the
// throughput at the knee over the campaigns of one device, one device model, and all devices.
#include "suite/stats/stability.hpp"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <map>
#include <stdexcept>
#include <utility>

#include "detect/interval.hpp"
#include "suite/results/campaign_summary.hpp"
#include "suite/results/knee_status.hpp"
#include "numerics/statistics.hpp"

namespace autobench::stats {
namespace {

// What one campaign contributes.
struct Sample {
  results::KneeStatus status;
  std::int64_t knee_index;
  double knee_size;
  double throughput;  // at the knee
  detect::KneeInterval interval;
};

double population_stddev(const std::vector<double>& v) {
  const double m = numerics::mean(v);
  double sum = 0.0;
  for (double x : v) sum += (x - m) * (x - m);
  return std::sqrt(sum / static_cast<double>(v.size()));
}

// The smallest of the most frequent values.
std::int64_t mode(const std::vector<std::int64_t>& values) {
  std::map<std::int64_t, int> counts;
  for (auto v : values) ++counts[v];
  auto best = counts.begin();
  for (auto it = counts.begin(); it != counts.end(); ++it) {
    if (it->second > best->second) best = it;
  }
  return best->first;
}

results::StabilityRow summarize(const std::string& kernel, const std::string& detector, const std::string& scope,
                       const std::string& group, const std::vector<Sample>& samples) {
  std::vector<std::int64_t> indices;
  std::vector<double> index_values, sizes, throughputs;
  std::vector<detect::KneeInterval> intervals;
  results::StabilityRow row;
  for (const auto& s : samples) {
    row.knee_edges += s.status == results::KneeStatus::edge;
    if (s.status != results::KneeStatus::found) continue;
    intervals.push_back(s.interval);
    indices.push_back(s.knee_index);
    index_values.push_back(static_cast<double>(s.knee_index));
    sizes.push_back(s.knee_size);
    throughputs.push_back(s.throughput);
  }
  std::sort(sizes.begin(), sizes.end());

  row.kernel = kernel;
  row.detector = detector;
  row.scope = scope;
  row.group = group;
  row.campaigns = static_cast<int>(samples.size());
  row.knees_found = static_cast<int>(indices.size());
  if (indices.empty()) return row;
  const std::int64_t m = mode(indices);
  row.knee_index_mode = static_cast<int>(m);
  row.knee_index_mean = numerics::mean(index_values);
  row.knee_index_stddev = population_stddev(index_values);
  row.knee_size_median = numerics::quantile(sizes, 0.5);
  row.knee_size_iqr = numerics::quantile(sizes, 0.75) - numerics::quantile(sizes, 0.25);
  const auto within1 =
      std::count_if(indices.begin(), indices.end(), [m](std::int64_t k) { return k >= m - 1 && k <= m + 1; });
  row.within1_fraction = static_cast<double>(within1) / static_cast<double>(indices.size());
  row.throughput_cv = population_stddev(throughputs) / numerics::mean(throughputs);
  row.knee_size_cv = population_stddev(sizes) / numerics::mean(sizes);
  row.intervals_overlapping = static_cast<int>(detect::most_overlapping(intervals));
  return row;
}

Sample sample_of(const results::CampaignSummary& c) {
  if (c.knee_index < 0 || c.knee_index >= c.points) {
    throw std::invalid_argument("campaign rank" + std::to_string(c.rank) + "/" + c.kernel + "/" + c.detector +
                                "/repeat" + std::to_string(c.repeat) + ": knee index " + std::to_string(c.knee_index) +
                                " is outside its " + std::to_string(c.points) + " points");
  }
  const auto status = c.knee_status == "found" ? results::KneeStatus::found
                      : c.knee_status == "edge" ? results::KneeStatus::edge
                                                : results::KneeStatus::none;
  return {status, c.knee_index, static_cast<double>(c.knee_size), c.throughput_at_knee,
          {c.knee_low_size, c.knee_high_size, c.knee_found_fraction}};
}

// The samples of one (kernel, detector), by rank and by device model.
struct Groups {
  std::map<std::int64_t, std::vector<Sample>> by_rank;
  std::map<std::string, std::vector<Sample>> by_model;
  std::vector<Sample> all;
};

// compute_stability over the campaigns `each` calls its argument with (a summary each), every one or
// only the complete ones.
template <class Each>
std::vector<results::StabilityRow> stability_over(Each each, bool complete_only) {
  std::map<std::pair<std::string, std::string>, Groups> groups;
  each([&](const results::CampaignSummary& c) {
    if (c.points == 0 || (complete_only && !c.complete)) return;
    const Sample s = sample_of(c);
    auto& g = groups[{c.kernel, c.detector}];
    g.by_rank[c.rank].push_back(s);
    g.by_model[c.device_model].push_back(s);
    g.all.push_back(s);
  });

  std::vector<results::StabilityRow> rows;
  for (const auto& [key, g] : groups) {
    const auto& [kernel, detector] = key;
    for (const auto& [rank, samples] : g.by_rank) {
      rows.push_back(summarize(kernel, detector, "device", "rank" + std::to_string(rank), samples));
    }
    for (const auto& [model, samples] : g.by_model) {
      rows.push_back(summarize(kernel, detector, "model", model, samples));
    }
    rows.push_back(summarize(kernel, detector, "all", "all", g.all));
  }
  return rows;
}

// Every campaign of `ranks` as a summary, one at a time (a 4-rank full suite's campaigns are tens of MB:
// never copied whole).
auto campaigns_of(const std::vector<results::RankResult>& ranks) {
  return [&ranks](const auto& take) {
    for (const auto& rank : ranks)
      for (const auto& c : rank.campaigns)
        if (!c.points.empty()) take(results::summarize_campaign(rank, c, ""));
  };
}

}  // namespace

std::vector<results::StabilityRow> compute_stability(const std::vector<results::RankResult>& ranks) {
  return stability_over(campaigns_of(ranks), false);
}

std::vector<results::StabilityRow> stability_of_complete(const std::vector<results::RankResult>& ranks) {
  return stability_over(campaigns_of(ranks), true);
}

std::vector<results::StabilityRow> stability_of_complete(const std::vector<results::CampaignSummary>& campaigns) {
  return stability_over([&](const auto& take) { for (const auto& c : campaigns) take(c); }, true);
}

}  // namespace autobench::stats
