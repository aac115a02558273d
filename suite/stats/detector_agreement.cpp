// Detector agreement per (kernel, detector pair) over the (rank, repeat) both ran (see detector_agreement.hpp).
#include "suite/stats/detector_agreement.hpp"

#include <algorithm>
#include <iterator>
#include <map>
#include <tuple>

#include "suite/results/knee_status.hpp"
#include "numerics/statistics.hpp"

namespace autobench::stats {
namespace {

// What the comparisons of one (kernel, first detector, second detector) collect.
struct PairSamples {
  int sweeps = 0;
  int within1 = 0;
  int other_regime = 0;
  std::vector<double> size_ratios;
};

}  // namespace

std::vector<AgreementRow> compute_detector_agreement(const std::vector<results::CampaignSummary>& campaigns) {
  // (kernel, rank, repeat) -> detector -> campaign; a results file holds one campaign per key.
  std::map<std::tuple<std::string, std::int64_t, std::int64_t>, std::map<std::string, const results::CampaignSummary*>>
      sweeps;
  for (const auto& c : campaigns) {
    if (c.points > 0) sweeps[{c.kernel, c.rank, c.repeat}][c.detector] = &c;
  }

  std::map<std::tuple<std::string, std::string, std::string>, PairSamples> pairs;
  for (const auto& [key, by_detector] : sweeps) {
    for (auto first = by_detector.begin(); first != by_detector.end(); ++first) {
      for (auto second = std::next(first); second != by_detector.end(); ++second) {
        const results::CampaignSummary& a = *first->second;
        const results::CampaignSummary& b = *second->second;
        auto& samples = pairs[{std::get<0>(key), first->first, second->first}];
        ++samples.sweeps;
        const std::string found = results::to_string(results::KneeStatus::found);
        if (a.knee_status != found || b.knee_status != found) continue;
        if (a.regime != b.regime) {
          ++samples.other_regime;
          continue;
        }
        samples.within1 += (a.knee_index >= b.knee_index - 1 && a.knee_index <= b.knee_index + 1) ? 1 : 0;
        samples.size_ratios.push_back(static_cast<double>(b.knee_size) / static_cast<double>(a.knee_size));
      }
    }
  }

  std::vector<AgreementRow> rows;
  for (auto& [key, samples] : pairs) {
    std::sort(samples.size_ratios.begin(), samples.size_ratios.end());
    AgreementRow row;
    std::tie(row.kernel, row.first_detector, row.second_detector) = key;
    row.sweeps = samples.sweeps;
    row.compared = static_cast<int>(samples.size_ratios.size());
    row.other_regime = samples.other_regime;
    if (row.compared > 0) {
      row.within1_fraction = static_cast<double>(samples.within1) / static_cast<double>(row.compared);
      row.knee_size_ratio_median = numerics::quantile(samples.size_ratios, 0.5);
    }
    rows.push_back(row);
  }
  return rows;
}

std::vector<AgreementRow> compute_detector_agreement(const std::vector<results::RankResult>& ranks) {
  return compute_detector_agreement(results::summarize_campaigns(ranks));
}

}  // namespace autobench::stats
