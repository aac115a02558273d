// Failed ranks as lines (see rank_failures.hpp).
#include "suite/formatting/rank_failures.hpp"

#include "suite/text/echo.hpp"

namespace autobench::formatting {

std::vector<std::string> rank_failures(const std::vector<results::RankResult>& ranks) {
  std::vector<std::string> lines;
  for (const auto& r : ranks) {
    // Names and errors as a file holds them: a newline in them cannot forge a line.
    const std::string who = "rank " + std::to_string(r.rank) +
                            (r.device.hostname.empty() ? "" : " (" + text::printable(r.device.hostname) + ")");
    if (!r.start_error.empty())
      lines.push_back(who + " could not start: " + text::printable(r.start_error, text::kMessageBytes));
    if (!r.error.empty()) lines.push_back(who + " failed: " + text::printable(r.error, text::kMessageBytes));
  }
  return lines;
}

}  // namespace autobench::formatting
