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

// rank, device, kernel, detector, repeat, points, knee (found, edge or none: results/knee_status.hpp), index, size, size_95 (the knee's 95% bootstrap
// interval), throughput, unit, of_plateau, power_W, work/J, ctr/int (the energy counter's energy over the
// integrated power's: results::counter_to_integrated), timing (cold/warm), throttled (points flagged
// throttled: autoscale/throttled.hpp), stop, elapsed_s; numbers right-aligned.
const std::vector<TextTable::Column>& campaign_columns();

// One cell per campaign column. Index, size, throughput, power, work per joule and ctr/int are at the knee, or at
// the last point when no knee was detected; of_plateau is the knee quality.
// "LOW-HIGH" of the knee's 95% interval in elements, "-" when it has none.
std::string interval_text(const results::Campaign& c);
std::string interval_text(double low, double high);
// A size in at most 5 characters: exact below 10000, else 3 significant digits with k, M or G ("-" for NaN);
// an interval of two such, "LOW-HIGH" ("-" when it has none).
std::string short_size(double v);
std::string short_interval(double low, double high);

std::vector<CampaignCell> campaign_cells(const results::RankResult& rank, const results::Campaign& c);

}  // namespace autobench::formatting
