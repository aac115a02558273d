// Narrowing a results file for `report` (see report_filter.hpp).
#include "suite/formatting/report_filter.hpp"

#include <set>
#include <utility>
#include <stdexcept>

#include "suite/stats/consensus.hpp"
#include "suite/stats/stability.hpp"

namespace autobench::formatting {
namespace {

template <class T>
std::string listed(const std::set<T>& values) {
  std::string out;
  for (const auto& v : values) {
    if constexpr (std::is_same_v<T, std::string>)
      out += (out.empty() ? "" : ", ") + v;
    else
      out += (out.empty() ? "" : ", ") + std::to_string(v);
  }
  return out.empty() ? "none" : out;
}

}  // namespace

results::ResultFile filter_results(results::ResultFile file, const ReportFilter& filter) {
  if (filter.empty()) return file;
  std::set<std::string> kernels, detectors;
  std::set<int> ranks;
  for (const auto& r : file.ranks) {
    ranks.insert(r.rank);
    for (const auto& c : r.campaigns) kernels.insert(c.kernel), detectors.insert(c.detector);
  }
  if (!filter.kernel.empty() && !kernels.count(filter.kernel))
    throw std::invalid_argument("--kernel '" + filter.kernel + "' is not in this file (kernels: " + listed(kernels) + ")");
  if (!filter.detector.empty() && !detectors.count(filter.detector))
    throw std::invalid_argument("--detector '" + filter.detector + "' is not in this file (detectors: " +
                                listed(detectors) + ")");
  if (filter.rank && !ranks.count(*filter.rank))
    throw std::invalid_argument("--rank " + std::to_string(*filter.rank) + " is not in this file (ranks: " +
                                listed(ranks) + ")");
  results::ResultFile out = std::move(file);  // taken by value: a caller that moves it in holds it once
  std::erase_if(out.ranks, [&](const results::RankResult& r) { return filter.rank && r.rank != *filter.rank; });
  for (auto& r : out.ranks)
    std::erase_if(r.campaigns, [&](const results::Campaign& c) {
      return (!filter.kernel.empty() && c.kernel != filter.kernel) ||
             (!filter.detector.empty() && c.detector != filter.detector);
    });
  out.stability = stats::stability_of_complete(out.ranks);
  out.consensus = stats::consensus_of_complete(out.ranks);
  return out;
}

}  // namespace autobench::formatting
