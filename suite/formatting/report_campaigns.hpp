// The columns and cells of `report`'s campaign listing, shared by its table, Markdown and CSV forms.
#pragma once

#include <string>
#include <variant>
#include <vector>

#include "suite/formatting/text_table.hpp"
#include "suite/results/results.hpp"

namespace autobench::formatting {

// A measured value (NaN when missing) that each form writes its own way: the table with `decimals`
// digits after the point (as a percentage when `percent`), the CSV in full.
struct Measure {
  double value;
  int decimals;
  bool percent = false;
};

// Text written as it is, or a measured value.
using CampaignCell = std::variant<std::string, Measure>;

// rank, device, kernel, detector, repeat, points, knee, index, size, throughput, unit, of_plateau,
// power_W, work/J, stop, elapsed_s; numbers right-aligned.
const std::vector<TextTable::Column>& campaign_columns();

// One cell per campaign column. Index, size, throughput, power and work per joule are at the knee, or at
// the last point when no knee was detected; of_plateau is the knee quality.
std::vector<CampaignCell> campaign_cells(const results::RankResult& rank, const results::Campaign& c);

}  // namespace autobench::formatting
