// The report's throttled points (see report_throttled.hpp).
#include "suite/formatting/report_throttled.hpp"

#include <map>
#include <set>
#include <tuple>

namespace autobench::formatting {

std::optional<TextSection> throttled_section(const results::ResultFile& file, bool details) {
  struct Tally {
    std::size_t points = 0;
    std::vector<std::string> throttled;
  };
  std::map<std::string, Tally> by_kernel;
  std::set<std::tuple<int, std::string, int, std::uint64_t>> seen;  // rank, kernel, repeat, size
  for (const auto& rank : file.ranks)
    for (const auto& c : rank.campaigns)
      for (const auto& p : c.points) {
        if (!seen.insert({c.rank, c.kernel, c.repeat, p.size}).second) continue;
        auto& t = by_kernel[c.kernel];
        ++t.points;
        if (p.throttled)
          t.throttled.push_back("rank " + std::to_string(c.rank) + " repeat " + std::to_string(c.repeat) + " size " +
                                std::to_string(p.size) + " (" +
                                (p.throttle_reason.empty() ? std::string("throttled") : p.throttle_reason) + ")");
      }
  std::vector<std::string> list;
  for (const auto& [kernel, t] : by_kernel) {
    if (t.throttled.empty()) continue;
    std::string entry = kernel + ": " + std::to_string(t.throttled.size()) + " of " + std::to_string(t.points) + " points";
    if (details)
      for (const auto& point : t.throttled) entry += "\n" + point;
    list.push_back(std::move(entry));
  }
  if (list.empty()) return std::nullopt;
  return TextSection{.title = "Throttled points (a thermal or power clock-event reason, or an SM clock below 90% of "
                              "its sweep's median;\nnever a knee unless --knee-allow-throttled; docs/knees.md)" +
                              std::string(details ? "" : "; --details lists them"),
                     .list_title = "Per kernel (a sweep's points counted once):",
                     .list = std::move(list)};
}

}  // namespace autobench::formatting
