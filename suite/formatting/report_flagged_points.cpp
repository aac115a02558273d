// The report's flagged points (see report_flagged_points.hpp).
#include "suite/formatting/report_flagged_points.hpp"

#include <functional>
#include <map>
#include <set>
#include <tuple>

#include <fmt/format.h>

namespace autobench::formatting {
namespace {

// A section listing, per kernel, the points `why` names (a reason; nullopt: the point is not flagged).
std::optional<TextSection> flagged_section(const results::ResultFile& file, bool details, const std::string& title,
                                           const std::function<std::optional<std::string>(const results::Point&)>& why) {
  struct Tally {
    std::size_t points = 0;
    std::vector<std::string> flagged;
  };
  std::map<std::string, Tally> by_kernel;
  std::set<std::tuple<int, std::string, int, std::uint64_t>> seen;  // rank, kernel, repeat, size
  for (const auto& rank : file.ranks)
    for (const auto& c : rank.campaigns)
      for (const auto& p : c.points) {
        if (!seen.insert({c.rank, c.kernel, c.repeat, p.size}).second) continue;
        auto& t = by_kernel[c.kernel];
        ++t.points;
        if (const auto reason = why(p))
          t.flagged.push_back("rank " + std::to_string(c.rank) + " repeat " + std::to_string(c.repeat) + " size " +
                              std::to_string(p.size) + " (" + *reason + ")");
      }
  std::vector<std::string> list;
  for (const auto& [kernel, t] : by_kernel) {
    if (t.flagged.empty()) continue;
    std::string entry = kernel + ": " + std::to_string(t.flagged.size()) + " of " + std::to_string(t.points) + " points";
    if (details)
      for (const auto& point : t.flagged) entry += "\n" + point;
    list.push_back(std::move(entry));
  }
  if (list.empty()) return std::nullopt;
  return TextSection{.title = title + std::string(details ? "" : "; --details lists them"),
                     .list_title = "Per kernel (a sweep's points counted once):",
                     .list = std::move(list)};
}

}  // namespace

std::optional<TextSection> throttled_section(const results::ResultFile& file, bool details) {
  return flagged_section(file, details,
                         "Throttled points (a thermal or power clock-event reason, or an SM clock below 90% of "
                         "its sweep's median; never a knee unless --knee-allow-throttled; docs/knees.md)",
                         [](const results::Point& p) -> std::optional<std::string> {
                           if (!p.throttled) return std::nullopt;
                           return p.throttle_reason.empty() ? std::string("throttled") : p.throttle_reason;
                         });
}

std::optional<TextSection> unconverged_section(const results::ResultFile& file, bool details) {
  return flagged_section(file, details,
                         "Points that missed the noise target (the launch or time cap stopped them first: "
                         "interference, bursts or clocks moving while they were timed; compare counts them, "
                         "docs/compare.md)",
                         [](const results::Point& p) -> std::optional<std::string> {
                           if (p.converged) return std::nullopt;
                           return fmt::format("noise {:.2f}% after {} launches", 100 * p.noise, p.iterations);
                         });
}

}  // namespace autobench::formatting
