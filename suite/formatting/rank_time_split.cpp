// The ranks' time splits as text (see rank_time_split.hpp).
#include "suite/formatting/rank_time_split.hpp"

#include <algorithm>
#include <map>

#include <fmt/format.h>

#include "suite/formatting/time_split_table.hpp"

namespace autobench::formatting {
namespace {

// The phases' names without "_s", then "other".
std::vector<std::string> phase_names() {
  std::vector<std::string> names;
  record::for_each_field(results::kTimePhaseFields, [&](const auto& f) {
    const std::string name = f.name;
    names.push_back(name.substr(0, name.size() - 2));
  });
  names.push_back("other");
  return names;
}

std::vector<double> phase_seconds(const results::RankTimeSplit& s) {
  std::vector<double> seconds;
  record::for_each_field(results::kTimePhaseFields, [&](const auto& f) { seconds.push_back(s.*f.member); });
  seconds.push_back(s.other_s());
  return seconds;
}

// A phase's column header: short, so that the table fits 120 columns (the heading says "seconds").
std::string column_name(const std::string& phase) {
  static const std::map<std::string, std::string> kShort{{"gpu_timing", "gpu"},      {"input_init", "init"},
                                                         {"verification", "verify"}, {"detection", "detect"},
                                                         {"compilation", "compile"}};
  const auto it = kShort.find(phase);
  return it == kShort.end() ? phase : it->second;
}

}  // namespace

std::string rank_time_split_table(const std::vector<results::RankTimeSplit>& splits) {
  TimeSplitColumns columns{"rank", "cores", false, {}, "total", 2};
  for (const auto& name : phase_names()) columns.phases.push_back(column_name(name));
  std::vector<TimeSplitRow> rows;
  double summed = 0;  // the all row's total, the widest number
  for (const auto& s : splits) {
    rows.push_back({std::to_string(s.rank), static_cast<std::uint64_t>(std::max<std::int64_t>(s.cores, 0)), phase_seconds(s)});
    summed += s.wall_s;
  }
  if (summed >= 1000) columns.decimals = 0;  // whole seconds: hundredths of a long run say nothing
  return time_split_table(columns, rows);
}

std::string rank_time_split_line(const results::RankTimeSplit& split) {
  std::string line = fmt::format("rank {} time split: wall {:.2f} s, cores {};", split.rank, split.wall_s, split.cores);
  const auto names = phase_names();
  const auto seconds = phase_seconds(split);
  for (std::size_t i = 0; i < names.size(); ++i) line += fmt::format("{} {} {:.2f}", i ? "," : "", names[i], seconds[i]);
  return line;
}

}  // namespace autobench::formatting
