// The report's flagged points (see report_flagged_points.hpp).
#include "suite/formatting/report_flagged_points.hpp"

#include <functional>
#include <map>
#include <set>
#include <tuple>
#include <utility>

#include <fmt/format.h>

namespace autobench::formatting {
namespace {

// A section listing, per kernel, how many of its points the sweeps' `count` flags, and with `details` the
// points `why` names (a reason; nullopt: the point is not flagged).
std::optional<TextSection> flagged_section(const stats::RunSummary& run, const results::ResultFile* details,
                                           const std::string& title, std::int64_t stats::SweepHealth::*count,
                                           const std::function<std::optional<std::string>(const results::Point&)>& why) {
  std::map<std::string, std::pair<std::int64_t, std::int64_t>> by_kernel;  // kernel -> points, flagged
  for (const auto& gpu : run.health)
    for (const auto& s : gpu.sweeps) {
      by_kernel[s.kernel].first += s.points;
      by_kernel[s.kernel].second += s.*count;
    }
  std::map<std::string, std::vector<std::string>> points;  // kernel -> the flagged points, with details
  std::set<std::tuple<int, std::string, int, std::uint64_t>> seen;  // rank, kernel, repeat, size
  static const std::vector<results::RankResult> kNone;
  for (const auto& rank : details ? details->ranks : kNone)
    for (const auto& c : rank.campaigns)
      for (const auto& p : c.points) {
        if (!seen.insert({c.rank, c.kernel, c.repeat, p.size}).second) continue;
        if (const auto reason = why(p))
          points[c.kernel].push_back("rank " + std::to_string(c.rank) + " repeat " + std::to_string(c.repeat) +
                                     " size " + std::to_string(p.size) + " (" + *reason + ")");
      }
  std::vector<std::string> list;
  for (const auto& [kernel, n] : by_kernel) {
    if (n.second == 0) continue;
    std::string entry = kernel + ": " + std::to_string(n.second) + " of " + std::to_string(n.first) + " points";
    for (const auto& point : points[kernel]) entry += "\n" + point;
    list.push_back(std::move(entry));
  }
  if (list.empty()) return std::nullopt;
  return TextSection{.title = title + std::string(details ? "" : "; --details lists them"),
                     .list_title = "Per kernel (a sweep's points counted once):",
                     .list = std::move(list)};
}

}  // namespace

std::optional<TextSection> throttled_section(const stats::RunSummary& run, const results::ResultFile* details) {
  return flagged_section(run, details,
                         "Throttled points (a thermal or power clock-event reason, or an SM clock below 90% of "
                         "its sweep's median;\nnever a knee unless --knee-allow-throttled; docs/knees.md)",
                         &stats::SweepHealth::throttled_points, [](const results::Point& p) -> std::optional<std::string> {
                           if (!p.throttled) return std::nullopt;
                           return p.throttle_reason.empty() ? std::string("throttled") : p.throttle_reason;
                         });
}

std::optional<TextSection> unconverged_section(const stats::RunSummary& run, const results::ResultFile* details) {
  return flagged_section(run, details,
                         "Points that missed the noise target (the launch or time cap stopped them first: "
                         "interference, bursts or clocks moving while they were timed; compare counts them, "
                         "docs/compare.md)",
                         &stats::SweepHealth::unconverged_points, [](const results::Point& p) -> std::optional<std::string> {
                           if (p.converged) return std::nullopt;
                           return fmt::format("noise {:.2f}% after {} launches", 100 * p.noise, p.iterations);
                         });
}

}  // namespace autobench::formatting
