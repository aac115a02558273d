// What a run's results file holds, in the order the file keeps: campaigns grouped by kernel, then detector,
// and statistics rows grouped by their key, each group where its key first appears. The writer creates
// groups in this order and the reader returns them in it, so such content reads back as it was written
// (and the exports made from it in memory equal those made from the file).
#pragma once

#include <cstddef>
#include <map>
#include <utility>
#include <vector>

#include <string>

#include "suite/results/result_file.hpp"

namespace autobench::result_file {

// The rows of each key together, the groups in the order their keys first appear, the rows of a group in
// their given order. `key(row)` must give a value that std::map can order.
template <class Row, class Key>
auto grouped_by_first_appearance(const std::vector<Row>& rows, Key key) {
  using K = std::decay_t<decltype(key(rows.front()))>;
  std::vector<std::pair<K, std::vector<Row>>> groups;
  std::map<K, std::size_t> where;
  for (const auto& row : rows) {
    auto k = key(row);
    const auto [it, fresh] = where.try_emplace(k, groups.size());
    if (fresh) groups.push_back({std::move(k), {}});
    groups[it->second].second.push_back(row);
  }
  return groups;
}

// `rows` grouped as above, flattened again.
template <class Row, class Key>
std::vector<Row> in_groups_by_first_appearance(const std::vector<Row>& rows, Key key) {
  std::vector<Row> out;
  out.reserve(rows.size());
  for (auto& group : grouped_by_first_appearance(rows, key))
    for (auto& row : group.second) out.push_back(std::move(row));
  return out;
}

// Every rank's campaigns in file order (as file_content below) and their regimes assigned
// (stats::assign_regimes): what a rank does to its own campaigns before it writes its part.
void order_campaigns(std::vector<results::RankResult>& ranks);

// The file's content: every rank's campaigns in file order (by the kernel's first appearance over all
// ranks, in rank order, then by the detector's first appearance within that kernel, the repeats of one
// kernel and detector in their given order), `stability` grouped by kernel and detector, and the
// consensus knees of the complete campaigns (stats/consensus.hpp) grouped by kernel.
results::ResultFile file_content(const results::RunInfo& info, std::vector<results::RankResult> ranks,
                                 const std::vector<results::StabilityRow>& stability, const std::string& settings_json,
                                 const std::vector<results::RankTimeSplit>& time_splits = {});

}  // namespace autobench::result_file
