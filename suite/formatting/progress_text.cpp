// Progress lines (see progress_text.hpp).
#include "suite/formatting/progress_text.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

#include <fmt/format.h>

namespace autobench::formatting {

std::string duration_text(double s) {
  if (std::isnan(s) || s < 0) return "?";
  if (s < 1.0) return fmt::format("{:.0f} ms", s * 1e3);
  if (s < 60.0) return fmt::format("{:.1f} s", s);
  const auto whole = static_cast<long long>(std::llround(s));
  if (whole < 3600) return fmt::format("{}m{:02}s", whole / 60, whole % 60);
  return fmt::format("{}h{:02}m", whole / 3600, (whole % 3600) / 60);
}

std::string size_text(std::uint64_t bytes) {
  if (bytes < 1024) return fmt::format("{} B", bytes);
  const char* units[] = {"KiB", "MiB", "GiB", "TiB"};
  double v = static_cast<double>(bytes) / 1024.0;
  std::size_t u = 0;
  while (v >= 1024.0 && u + 1 < std::size(units)) v /= 1024.0, ++u;
  return fmt::format("{:.1f} {}", v, units[u]);
}

double seconds_left(std::size_t done, std::size_t done_before, std::size_t total, double elapsed_s) {
  if (done >= total) return 0.0;
  if (done <= done_before) return std::numeric_limits<double>::quiet_NaN();
  return elapsed_s / static_cast<double>(done - done_before) * static_cast<double>(total - done);
}

std::string RankProgress::text() const {
  std::string out = fmt::format("{}/{} campaigns, {} elapsed", done, total, duration_text(elapsed_s));
  const double left = left_s();
  if (done < total && !std::isnan(left)) out += ", ~" + duration_text(left) + " left";
  return out;
}

OverallProgress::OverallProgress(int ranks, std::size_t per_rank_total, double interval_s)
    : ranks_(ranks), per_rank_total_(per_rank_total), interval_s_(interval_s) {}

void OverallProgress::update(int rank, const RankProgress& p, double now_s) { seen_[rank] = {p, now_s}; }

std::size_t OverallProgress::done() const {
  std::size_t n = 0;
  for (const auto& [rank, s] : seen_) n += s.p.done;
  return n;
}

std::size_t OverallProgress::total() const {
  std::size_t n = 0;
  for (const auto& [rank, s] : seen_) n += s.p.total;
  const auto unseen = static_cast<std::size_t>(std::max(0, ranks_ - static_cast<int>(seen_.size())));
  return n + unseen * per_rank_total_;
}

bool OverallProgress::due(double now_s) const {
  if (!has_news()) return false;
  return done() >= total() || now_s - last_s_ >= interval_s_;
}

std::string OverallProgress::line(double now_s) {
  last_s_ = now_s;
  printed_done_ = done();
  std::string out = fmt::format("overall: {}/{} campaigns, {} elapsed", done(), total(), duration_text(now_s));
  if (done() >= total()) return out + ", all done";
  double left = 0.0;
  bool known = true;
  for (const auto& [rank, s] : seen_) {
    const double l = s.p.left_s();
    if (std::isnan(l)) known = false;
    else left = std::max(left, l - (now_s - s.at_s));
  }
  if (known && left >= 0.0 && static_cast<int>(seen_.size()) == ranks_) return out + ", ~" + duration_text(left) + " left";
  if (known && !seen_.empty()) return out + ", ~" + duration_text(std::max(0.0, left)) + " left (not every rank reported)";
  return out;
}

}  // namespace autobench::formatting
