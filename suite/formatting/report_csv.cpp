// The report's CSV form (see report_csv.hpp).
#include "suite/formatting/report_csv.hpp"

#include <vector>

#include "suite/formatting/number_text.hpp"
#include "suite/formatting/report_campaigns.hpp"

namespace autobench::formatting {
namespace {

// The field as RFC 4180 writes it: quoted, inner quotes doubled, when it holds a comma, quote or line break.
std::string field(const std::string& text) {
  if (text.find_first_of(",\"\r\n") == std::string::npos) return text;
  std::string out = "\"";
  for (char ch : text) out += ch == '"' ? std::string("\"\"") : std::string(1, ch);
  return out + "\"";
}

std::string cell_text(const CampaignCell& cell) {
  if (const auto* text = std::get_if<std::string>(&cell)) return *text;
  const double v = std::get<Measure>(cell).value;
  return number_or(v, "{}", "");
}

std::string line(const std::vector<std::string>& fields) {
  std::string out;
  for (std::size_t i = 0; i < fields.size(); ++i) out += (i > 0 ? "," : "") + field(fields[i]);
  return out + "\n";
}

}  // namespace

std::string report_csv(const results::ResultFile& file) {
  std::vector<std::string> header;
  for (const auto& column : campaign_columns()) header.push_back(column.header);
  header.push_back("device_uuid");
  std::string out = line(header);
  for (const auto& rank : file.ranks) {
    for (const auto& c : rank.campaigns) {
      std::vector<std::string> row;
      for (const auto& cell : campaign_cells(rank, c)) row.push_back(cell_text(cell));
      row.push_back(rank.device.uuid);
      out += line(row);
    }
  }
  return out;
}

}  // namespace autobench::formatting
