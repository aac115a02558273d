// The time-split table (see time_split_table.hpp).
#include "suite/formatting/time_split_table.hpp"

#include <numeric>
#include <stdexcept>

#include <fmt/format.h>

#include "suite/formatting/text_table.hpp"

namespace autobench::formatting {

std::string time_split_table(const TimeSplitColumns& columns, const std::vector<TimeSplitRow>& rows) {
  if (rows.empty()) return "";
  using Align = TextTable::Align;
  const bool counted = !columns.count.empty();
  const bool each = counted && columns.ms_each;
  std::vector<TextTable::Column> headers{{columns.name, Align::left}};
  if (counted) headers.push_back({columns.count, Align::right});
  for (const auto& phase : columns.phases) headers.push_back({phase, Align::right});
  headers.push_back({columns.total, Align::right});
  if (each) headers.push_back({"ms_each", Align::right});
  TextTable table(std::move(headers));

  auto total_of = [](const std::vector<double>& s) { return std::accumulate(s.begin(), s.end(), 0.0); };
  auto add = [&](const TimeSplitRow& r) {
    if (r.seconds.size() != columns.phases.size())
      throw std::invalid_argument("time split row '" + r.name + "' has " + std::to_string(r.seconds.size()) +
                                  " phases, the table " + std::to_string(columns.phases.size()));
    std::vector<std::string> cells{r.name};
    if (counted) cells.push_back(std::to_string(r.count));
    for (const double s : r.seconds) cells.push_back(fmt::format("{:.{}f}", s, columns.decimals));
    const double total = total_of(r.seconds);
    cells.push_back(fmt::format("{:.{}f}", total, columns.decimals));
    if (each) cells.push_back(fmt::format("{:.2f}", r.count ? 1e3 * total / static_cast<double>(r.count) : 0.0));
    table.add_row(std::move(cells));
  };
  TimeSplitRow all{"all", 0, std::vector<double>(columns.phases.size(), 0.0)};
  for (const auto& r : rows) {
    add(r);
    all.count += r.count;
    for (std::size_t i = 0; i < r.seconds.size(); ++i) all.seconds[i] += r.seconds[i];
  }
  add(all);
  const double total = total_of(all.seconds);
  auto share = [&](double part) { return total > 0 ? fmt::format("{:.1f}%", 100.0 * part / total) : "-"; };
  std::vector<std::string> cells{"share"};
  if (counted) cells.push_back("");
  for (const double s : all.seconds) cells.push_back(share(s));
  cells.push_back(share(total));
  if (each) cells.push_back("");
  table.add_row(std::move(cells));
  return table.str();
}

}  // namespace autobench::formatting
