// What a run's results file holds, in its order (see file_content.hpp).
#include "suite/result_file/file_content.hpp"

#include <algorithm>

#include "suite/stats/consensus.hpp"
#include "suite/stats/regime_knees.hpp"

namespace autobench::result_file {
namespace {

void put_campaigns_in_file_order(std::vector<results::RankResult>& ranks) {
  std::map<std::string, std::size_t> kernel_order;
  std::map<std::pair<std::string, std::string>, std::size_t> detector_order;  // within its kernel
  for (const auto& rank : ranks) {
    for (const auto& c : rank.campaigns) {
      kernel_order.try_emplace(c.kernel, kernel_order.size());
      detector_order.try_emplace({c.kernel, c.detector}, detector_order.size());
    }
  }
  for (auto& rank : ranks) {
    std::stable_sort(rank.campaigns.begin(), rank.campaigns.end(),
                     [&](const results::Campaign& a, const results::Campaign& b) {
                       const auto ka = kernel_order.at(a.kernel), kb = kernel_order.at(b.kernel);
                       if (ka != kb) return ka < kb;
                       return detector_order.at({a.kernel, a.detector}) < detector_order.at({b.kernel, b.detector});
                     });
  }
}

}  // namespace

void order_campaigns(std::vector<results::RankResult>& ranks) {
  put_campaigns_in_file_order(ranks);
  stats::assign_regimes(ranks);
}

results::ResultFile file_content(const results::RunInfo& info, std::vector<results::RankResult> ranks,
                                 const std::vector<results::StabilityRow>& stability, const std::string& settings_json,
                                 const std::vector<results::RankTimeSplit>& time_splits) {
  order_campaigns(ranks);
  results::ResultFile content;
  content.info = info;
  content.stability = in_groups_by_first_appearance(
      stability, [](const results::StabilityRow& r) { return std::pair{r.kernel, r.detector}; });
  content.consensus = in_groups_by_first_appearance(stats::consensus_of_complete(ranks),
                                                    [](const results::ConsensusRow& r) { return r.kernel; });
  content.ranks = std::move(ranks);
  content.settings_json = settings_json;
  content.time_splits = time_splits;
  return content;
}

}  // namespace autobench::result_file
