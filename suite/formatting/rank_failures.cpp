// Failed ranks as lines (see rank_failures.hpp).
#include "suite/formatting/rank_failures.hpp"

namespace autobench::formatting {

std::vector<std::string> rank_failures(const std::vector<results::RankResult>& ranks) {
  std::vector<std::string> lines;
  for (const auto& r : ranks) {
    const std::string who = "rank " + std::to_string(r.rank) +
                            (r.device.hostname.empty() ? "" : " (" + r.device.hostname + ")");
    if (!r.start_error.empty()) lines.push_back(who + " could not start: " + r.start_error);
    if (!r.error.empty()) lines.push_back(who + " failed: " + r.error);
  }
  return lines;
}

}  // namespace autobench::formatting
