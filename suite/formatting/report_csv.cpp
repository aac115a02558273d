// The report's CSV form (see report_csv.hpp).
#include "suite/formatting/report_csv.hpp"

#include <vector>

#include "suite/formatting/csv_line.hpp"
#include "suite/formatting/number_text.hpp"
#include "suite/formatting/report_campaigns.hpp"

namespace autobench::formatting {
namespace {

std::string csv_cell_text(const CampaignCell& cell) {
  if (const auto* text = std::get_if<std::string>(&cell)) return *text;
  const double v = std::get<Measure>(cell).value;
  return number_or(v, "{}", "");
}

}  // namespace

std::string report_csv(const results::ResultFile& file) {
  std::vector<std::string> header;
  for (const auto& column : campaign_columns()) header.push_back(column.header);
  header.push_back("device_uuid");
  std::string out = csv_line(header);
  for (const auto& rank : file.ranks) {
    for (const auto& c : rank.campaigns) {
      std::vector<std::string> row;
      for (const auto& cell : campaign_cells(rank, c)) row.push_back(csv_cell_text(cell));
      row.push_back(rank.device.uuid);
      out += csv_line(row);
    }
  }
  return out;
}

}  // namespace autobench::formatting
