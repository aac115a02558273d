// The answer-first sections of `report` (see report_answer.hpp).
#include "suite/formatting/report_answer.hpp"

#include <algorithm>
#include <cmath>
#include <map>
#include <set>
#include <tuple>

#include <fmt/format.h>

#include "suite/formatting/number_text.hpp"
#include "suite/formatting/report_campaigns.hpp"
#include "suite/results/knee_status.hpp"
#include "suite/stats/compare_figures.hpp"

namespace autobench::formatting {
namespace {

using Align = TextTable::Align;

std::string percent(double fraction) { return fixed_or(100.0 * fraction, 1, "-") + (std::isnan(fraction) ? "" : "%"); }

// The regime and the timing of its campaigns: "single/cold", "cache/warm", "memory/warm"; the regime alone
// when the timing was not recorded.
std::string regime_text(const results::ConsensusRow& r) { return r.timing.empty() ? r.regime : r.regime + "/" + r.timing; }

std::string knees(const results::ConsensusRow& r) { return std::to_string(r.knees_found) + "/" + std::to_string(r.voters); }

// Whether a detector found a knee in any sweep of model row r's kernel, model and regime.
bool any_detector_knee(const std::vector<results::ConsensusRow>& consensus, const results::ConsensusRow& r) {
  for (const auto& s : consensus)
    if (s.scope == "sweep" && s.kernel == r.kernel && s.model == r.model && s.regime == r.regime && s.knees_found > 0)
      return true;
  return false;
}

// Per model row, the ranks none of whose sweeps is among the agreeing ones, and why: "gemm on H100: rank 3
// left out (no consensus knee in its 5 sweeps)" or "(its 5 knees disagree with the others')".
std::vector<std::string> left_out(const std::vector<results::ConsensusRow>& consensus) {
  struct Tally {
    int sweeps = 0, found = 0;
  };
  std::map<std::pair<std::string, std::string>, std::map<int, Tally>> ranks;  // (kernel, model) -> rank -> sweeps
  for (const auto& r : consensus) {
    if (r.scope != "sweep") continue;
    auto& t = ranks[{r.kernel, r.model}][r.rank];
    ++t.sweeps;
    t.found += r.found;
  }
  std::vector<std::string> out;
  for (const auto& r : consensus) {
    if (r.scope != "model" || !r.found) continue;
    for (const auto& [rank, t] : ranks[{r.kernel, r.model}]) {
      const std::string prefix = "rank" + std::to_string(rank) + "/";
      if (("," + r.members).find("," + prefix) != std::string::npos) continue;  // members: "rank0/repeat1,..."
      const std::string n = std::to_string(t.sweeps);
      out.push_back(r.kernel + " on " + r.model + ": rank " + std::to_string(rank) + " left out (" +
                    (t.found == 0 ? "no consensus knee in its " + n + " sweep" + (t.sweeps == 1 ? "" : "s")
                                  : "its " + std::to_string(t.found) + " knees disagree with the others'") +
                    "; see GPU health)");
    }
  }
  return out;
}

}  // namespace

// Why a kernel and model have no consensus knee, in one line.
std::string no_consensus(const std::vector<results::ConsensusRow>& consensus, const results::ConsensusRow& r) {
  if (r.found) return "";
  const std::string which = r.kernel + " on " + r.model + (r.regime == "single" ? "" : ", " + r.regime + " regime");
  if (r.knees_found == 0 && r.regime == "cache" && !any_detector_knee(consensus, r))
    return which + ": no knee in any sweep: it rises up to its L2 peak (" + short_size(r.regime_last_size) + ")";
  const std::string what = which + ": no consensus knee: ";
  if (r.knees_found == 0) return what + "no sweep has a consensus knee (see --details)";
  if (2 * r.agreeing < r.voters)
    return what + "the largest agreeing group is " + std::to_string(r.agreeing) + " of " +
           std::to_string(r.voters) + " sweeps (fewer than half)";
  return what + "the sweeps split into groups of " + std::to_string(r.agreeing) + " that do not agree";
}

std::vector<TextSection> answer_sections(const std::vector<results::ConsensusRow>& consensus) {
  std::vector<std::string> models;  // in the order of their first row
  for (const auto& r : consensus)
    if (r.scope == "model" && std::find(models.begin(), models.end(), r.model) == models.end()) models.push_back(r.model);
  if (models.empty()) return {{.title = "Answer: none (no campaign with points)"}};
  std::vector<TextSection> sections;
  std::vector<std::string> missing;
  for (const auto& model : models) {
    TextTable table({{"kernel"},
                     {"regime"},
                     {"knee", Align::right},
                     {"knee_95%", Align::right},
                     {"plateau", Align::right},
                     {"unit"},
                     {"%peak", Align::right},
                     {"power_W", Align::right},
                     {"work/J", Align::right},
                     {"cv_rep", Align::right},
                     {"cv_dev", Align::right},
                     {"knees", Align::right}});
    for (const auto& r : consensus) {
      if (r.scope != "model" || r.model != model) continue;
      table.add_row({r.kernel, regime_text(r), r.found ? fixed_or(r.knee_size, 0, "-") : "none",
                     short_interval(r.knee_low_size, r.knee_high_size), fixed_or(r.plateau, 1, "-"), r.metric_unit,
                     percent(r.throughput / r.ceiling), fixed_or(r.power_w, 1, "-"), number_or(r.efficiency, "{:.4g}", "-"),
                     percent(r.repeat_cv), percent(r.device_cv), knees(r)});
      if (!r.found) missing.push_back(no_consensus(consensus, r));
    }
    sections.push_back({.title = "Answer: consensus knee per kernel and L2 regime on " + model +
                                 " (%peak: of the regime's highest; docs/knees.md)",
                        .table = std::move(table)});
  }
  for (auto& line : left_out(consensus)) missing.push_back(std::move(line));
  sections.back().list_title = "No answer, and GPUs left out of one:";
  sections.back().list = std::move(missing);
  return sections;
}

std::optional<TextSection> regimes_section(const std::vector<results::ConsensusRow>& consensus) {
  std::vector<std::string> lines;
  for (const auto& cache : consensus) {
    if (cache.scope != "model" || cache.regime != "cache") continue;
    std::string line = cache.kernel + " on " + cache.model + (cache.timing.empty() ? "" : " (" + cache.timing + ")") +
                       ": cache-resident up to its peak at " + short_size(cache.regime_last_size) + " (" +
                       fixed_or(cache.ceiling, 1, "-") + " " + cache.metric_unit + "), knee " +
                       (cache.found ? short_size(cache.knee_size) : "none");
    for (const auto& memory : consensus)
      if (memory.scope == "model" && memory.regime == "memory" && memory.kernel == cache.kernel &&
          memory.model == cache.model)
        line += ";\nmemory-bound from the fall-out point at " + short_size(memory.regime_first_size) + ", knee " +
                (memory.found ? short_size(memory.knee_size) : "none") + ", plateau " + fixed_or(memory.plateau, 1, "-") +
                " " + memory.metric_unit;
    lines.push_back(std::move(line));
  }
  if (lines.empty()) return std::nullopt;
  return TextSection{.title = "L2 regimes (a throughput peak while the data fits in L2, then a fall: docs/knees.md)",
                     .list_title = "Per kernel and model (sizes: the medians over the sweeps with the hump):",
                     .list = std::move(lines)};
}

std::vector<TextSection> sweep_consensus_sections(const stats::RunSummary& run) {
  std::map<std::tuple<std::int64_t, std::string, std::int64_t>, std::set<std::string>> ran;  // (rank, kernel, repeat) -> detectors
  for (const auto& c : run.campaigns)
    if (c.points > 0) ran[{c.rank, c.kernel, c.repeat}].insert(c.detector);
  // The agreeing detectors, or "all but" the others that ran where that is shorter.
  const auto agreeing = [&](const results::ConsensusRow& r) {
    if (r.members.empty()) return std::string("-");
    std::set<std::string> others = ran[{r.rank, r.kernel, r.repeat}];
    for (std::size_t at = 0; at <= r.members.size();) {
      const std::size_t comma = std::min(r.members.find(',', at), r.members.size());
      others.erase(r.members.substr(at, comma - at));
      at = comma + 1;
    }
    std::string all_but = "all but";
    for (const auto& name : others) all_but += (all_but.size() == 7 ? " " : ",") + name;
    return all_but.size() < r.members.size() ? all_but : r.members;
  };
  std::map<std::string, TextTable> tables;  // per kernel
  std::map<std::string, std::string> units;
  for (const auto& r : run.consensus) {
    if (r.scope != "sweep") continue;
    auto [it, added] = tables.try_emplace(r.kernel, std::vector<TextTable::Column>{{"rank", Align::right},
                                                                                   {"rep", Align::right},
                                                                                   {"regime"},
                                                                                   {"knee", Align::right},
                                                                                   {"knee_95%", Align::right},
                                                                                   {"throughput", Align::right},
                                                                                   {"%ceil", Align::right},
                                                                                   {"knees", Align::right},
                                                                                   {"agree", Align::right},
                                                                                   {"agreeing detectors"}});
    units[r.kernel] = r.metric_unit;
    it->second.add_row({std::to_string(r.rank), std::to_string(r.repeat), regime_text(r),
                        r.found ? fixed_or(r.knee_size, 0, "-") : "none", short_interval(r.knee_low_size, r.knee_high_size),
                        fixed_or(r.throughput, 2, "-"), percent(r.throughput / r.ceiling), knees(r),
                        std::to_string(r.agreeing), agreeing(r)});
  }
  if (tables.empty()) return {{.title = "Consensus per sweep: none"}};
  std::vector<TextSection> sections;
  for (auto& [kernel, table] : tables)
    sections.push_back({.title = "Consensus per sweep of " + kernel + " (throughput at the knee in " + units[kernel] +
                                 "; %ceil: of the regime's highest; knees: detectors that found a knee of those that "
                                 "ran; agree: the largest group whose 95% intervals share a size)",
                        .table = std::move(table)});
  return sections;
}

std::vector<std::string> knees_not_found(const std::vector<results::CampaignSummary>& campaigns) {
  struct Tally {
    int found = 0, all = 0;
    std::map<std::string, std::map<std::int64_t, std::string>> missed;  // "edge"/"none" -> rank -> "0,1,2"
  };
  std::map<std::pair<std::string, std::string>, Tally> tallies;
  for (const auto& c : campaigns) {
    if (c.points == 0 || !c.complete) continue;
    auto& t = tallies[{c.kernel, c.detector}];
    ++t.all;
    if (c.knee_status == results::to_string(results::KneeStatus::found)) {
      ++t.found;
      continue;
    }
    auto& repeats = t.missed[c.knee_status][c.rank];
    repeats += (repeats.empty() ? "" : ",") + std::to_string(c.repeat);
  }
  std::vector<std::string> out;
  for (const auto& [key, t] : tallies) {
    if (t.found == t.all) continue;
    std::string line = key.first + "/" + key.second + ": found " + std::to_string(t.found) + "/" + std::to_string(t.all);
    for (const auto& [status, by_rank] : t.missed) {
      line += "; " + status + ":";
      for (const auto& [rank, repeats] : by_rank) line += " rank" + std::to_string(rank) + " repeat " + repeats;
    }
    out.push_back(std::move(line));
  }
  return out;
}

}  // namespace autobench::formatting
