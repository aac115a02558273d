// The reader's check of stored consensus rows (see stored_consensus.hpp).
#include "suite/result_file/stored_consensus.hpp"

#include <algorithm>
#include <cmath>
#include <map>
#include <set>
#include <stdexcept>
#include <utility>

#include <fmt/format.h>

#include "suite/stats/compare_figures.hpp"
#include "suite/text/echo.hpp"

namespace autobench::result_file {
namespace {

// One sweep of the file's complete campaigns: its detectors, its device's model and its measured sizes.
struct SweepSeen {
  std::string model;
  std::set<std::string> detectors;
  double low = HUGE_VAL, high = -HUGE_VAL;
};

using Sweeps = std::map<std::pair<int, int>, SweepSeen>;  // (rank, repeat) -> sweep

std::string sweep_name(int rank, int repeat) {
  return "rank" + std::to_string(rank) + "/repeat" + std::to_string(repeat);
}

std::map<std::string, Sweeps> sweeps_of(const std::vector<results::CampaignSummary>& campaigns,
                                        const std::vector<results::RankResult>& ranks) {
  std::map<std::int64_t, std::string> models;
  for (const auto& rank : ranks) models.emplace(rank.rank, stats::model_label(rank.device.backend, rank.device.model));
  std::map<std::string, Sweeps> out;
  for (const auto& c : campaigns) {
    if (!c.complete || c.points == 0) continue;
    SweepSeen& s = out[c.kernel][{static_cast<int>(c.rank), static_cast<int>(c.repeat)}];
    s.model = models[c.rank];
    s.detectors.insert(c.detector);
    s.low = std::min(s.low, static_cast<double>(c.smallest_size));
    s.high = std::max(s.high, static_cast<double>(c.largest_size));
  }
  return out;
}

// The names a row's votes may carry, and the sizes its knee may take.
struct Voters {
  std::set<std::string> names;
  double low = HUGE_VAL, high = -HUGE_VAL;
};

void add(Voters& v, const std::string& name, const SweepSeen& s) {
  v.names.insert(name);
  v.low = std::min(v.low, s.low);
  v.high = std::max(v.high, s.high);
}

// Splits a comma-separated member list ("" holds none).
std::vector<std::string> members_of(const std::string& text) {
  std::vector<std::string> out;
  for (std::size_t start = 0; !text.empty() && start <= text.size();) {
    const std::size_t end = std::min(text.find(',', start), text.size());
    out.push_back(text.substr(start, end - start));
    start = end + 1;
  }
  return out;
}

}  // namespace

void check_stored_consensus(const std::string& path, const std::vector<results::ConsensusRow>& rows,
                            const std::vector<results::RankResult>& ranks) {
  check_stored_consensus(path, rows, results::summarize_campaigns(ranks), ranks);
}

void check_stored_consensus(const std::string& path, const std::vector<results::ConsensusRow>& rows,
                            const std::vector<results::CampaignSummary>& campaigns,
                            const std::vector<results::RankResult>& ranks) {
  const auto sweeps = sweeps_of(campaigns, ranks);
  for (const auto& row : rows) {
    const std::string where = path + ": /consensus/" + text::printable(row.kernel) + " row " + text::echo(row.group);
    const auto fail = [&](const std::string& why) { throw std::runtime_error(where + " " + why); };
    const auto kernel = sweeps.find(row.kernel);
    if (kernel == sweeps.end()) fail("is of a kernel the file has no complete campaign of");
    Voters voters;
    if (row.scope == "sweep") {
      const auto sweep = kernel->second.find({row.rank, row.repeat});
      if (sweep == kernel->second.end() || row.group != sweep_name(row.rank, row.repeat))
        fail("names a sweep (rank " + std::to_string(row.rank) + ", repeat " + std::to_string(row.repeat) +
             ") the file has no complete campaign of");
      if (row.model != sweep->second.model) fail("names model " + text::echo(row.model) + ", its rank's is " +
                                                 text::echo(sweep->second.model));
      for (const auto& detector : sweep->second.detectors) add(voters, detector, sweep->second);
    } else if (row.scope == "model") {
      for (const auto& [key, s] : kernel->second)
        if (s.model == row.model) add(voters, sweep_name(key.first, key.second), s);
      if (voters.names.empty()) fail("names model " + text::echo(row.model) + ", which ran no complete campaign of it");
    } else {
      fail("has scope " + text::echo(row.scope) + " (allowed: sweep, model)");
    }
    const int most = static_cast<int>(voters.names.size());
    if (row.agreeing < 0 || row.agreeing > row.knees_found || row.knees_found > row.voters || row.voters > most)
      fail("counts " + std::to_string(row.voters) + " voters, " + std::to_string(row.knees_found) + " knees found, " +
           std::to_string(row.agreeing) + " agreeing; its " + (row.scope == "sweep" ? "detectors" : "sweeps") +
           " are " + std::to_string(most));
    for (const auto& member : members_of(row.members))
      if (!voters.names.contains(member)) fail("names member " + text::echo(member) + ", which did not vote");
    if (row.found && !(row.knee_size >= voters.low && row.knee_size <= voters.high))
      fail(fmt::format("puts its knee at size {}, outside the measured sizes {} to {}", row.knee_size, voters.low,
                       voters.high));
  }
}

}  // namespace autobench::result_file
