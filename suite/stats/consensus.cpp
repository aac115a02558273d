// Consensus knees of a run (see consensus.hpp).
#include "suite/stats/consensus.hpp"

#include <algorithm>
#include <cmath>
#include <map>
#include <span>
#include <tuple>

#include "detect/quality.hpp"
#include "numerics/statistics.hpp"
#include "suite/results/knee.hpp"
#include "suite/results/knee_status.hpp"
#include "suite/stats/compare_figures.hpp"
#include "suite/stats/consensus_knee.hpp"
#include "suite/stats/regime_knees.hpp"

namespace autobench::stats {
namespace {

// A campaign's knee as a vote: its bootstrap interval (widened to hold the knee), else the sizes nearer its
// knee index than the neighbouring indices (geometric midpoints), so that without bootstrap two knees agree
// when their indices are at most one apart.
KneeVote vote_of(const results::Campaign& c) {
  KneeVote v{c.detector, results::knee_status(c) == results::KneeStatus::found, static_cast<double>(c.knee_size)};
  if (!v.counts) return v;
  if (std::isfinite(c.knee_low_size) && std::isfinite(c.knee_high_size)) {
    v.low = std::min(c.knee_low_size, v.size);
    v.high = std::max(c.knee_high_size, v.size);
    return v;
  }
  const auto i = static_cast<std::size_t>(c.knee_index);  // found: never the first or last point
  v.low = std::sqrt(static_cast<double>(c.points[i - 1].size) * v.size);
  v.high = std::sqrt(v.size * static_cast<double>(c.points[i + 1].size));
  return v;
}

double cv(const std::vector<double>& v) {
  if (v.size() < 2) return results::kNaN;
  double mean = 0.0, sq = 0.0;
  for (double x : v) mean += x;
  mean /= static_cast<double>(v.size());
  for (double x : v) sq += (x - mean) * (x - mean);
  return std::sqrt(sq / static_cast<double>(v.size())) / mean;
}

std::string joined(const std::vector<std::string>& names) {
  std::string out;
  for (const auto& n : names) out += (out.empty() ? "" : ",") + n;
  return out;
}

// A sweep row's identity and the rule's outcome over `votes`.
results::ConsensusRow voted_row(const results::Campaign& first, const std::string& model, const std::vector<KneeVote>& votes,
                                ConsensusKnee& k) {
  results::ConsensusRow row;
  row.kernel = first.kernel;
  row.scope = "sweep";
  row.group = "rank" + std::to_string(first.rank) + "/repeat" + std::to_string(first.repeat);
  row.model = model;
  row.rank = first.rank;
  row.repeat = first.repeat;
  row.metric_unit = first.metric_unit;
  row.timing = first.timing_mode;
  k = consensus_knee(votes);
  row.voters = k.voters;
  row.knees_found = static_cast<int>(std::count_if(votes.begin(), votes.end(), [](const auto& v) { return v.counts; }));
  row.agreeing = k.agreeing;
  row.found = k.found;
  row.members = joined(k.members);
  if (k.found) {
    row.knee_size = k.size;
    row.knee_low_size = k.low;
    row.knee_high_size = k.high;
  }
  return row;
}

void put_point(results::ConsensusRow& row, const results::Point& p) {
  row.throughput = p.throughput;
  row.power_w = p.power_w;
  row.efficiency = p.efficiency;
}

// One sweep's consensus over its detectors' campaigns (a curve without a hump), with the curve's figures at
// the knee.
results::ConsensusRow single_row(const std::vector<const results::Campaign*>& campaigns, const std::string& model) {
  const results::Campaign& first = *campaigns.front();
  std::vector<KneeVote> votes;
  for (const auto* c : campaigns) votes.push_back(vote_of(*c));
  ConsensusKnee k;
  results::ConsensusRow row = voted_row(first, model, votes, k);
  // The curve: that of the agreeing detector whose knee is the consensus (every detector's on a shared
  // sweep), else the first's.
  const results::Campaign* curve = &first;
  for (const auto* c : campaigns)
    if (k.found && static_cast<double>(c->knee_size) == k.size &&
        std::find(k.members.begin(), k.members.end(), c->detector) != k.members.end())
      curve = c;
  row.plateau = curve->plateau;
  for (const auto& p : curve->points)
    if (!std::isnan(p.throughput)) row.ceiling = std::isnan(row.ceiling) ? p.throughput : std::max(row.ceiling, p.throughput);
  if (!curve->points.empty()) {
    row.regime_first_size = static_cast<double>(curve->points.front().size);
    row.regime_last_size = static_cast<double>(curve->points.back().size);
  }
  if (!k.found) return row;
  for (const auto& p : curve->points)
    if (static_cast<double>(p.size) == k.size) put_point(row, p);
  return row;
}

// One sweep's rows: one as before regimes for a curve without an L2 hump; with one, a row per regime, each
// voted on by every detector's knee on that regime's sizes (regime_knees), with that regime's figures
// (plateau and ceiling of its sizes: the cache regime's ceiling is its peak).
std::vector<results::ConsensusRow> sweep_rows(const std::vector<const results::Campaign*>& campaigns,
                                              const std::string& model, std::uint64_t l2_bytes) {
  const SweepCurve sweep = sweep_curve(campaigns);
  const detect::RegimeSplit split = sweep_regimes(campaigns.front()->kernel, sweep.curve, l2_bytes);
  if (!split.hump) return {single_row(campaigns, model)};
  const auto knees = regime_knees(campaigns, sweep, split);
  std::vector<results::ConsensusRow> rows;
  for (const detect::Regime regime : detect::regimes(split)) {
    std::vector<KneeVote> votes;
    for (const auto& k : knees)
      if (k.regime == regime) votes.push_back({k.detector, k.counts, k.size, k.low, k.high});
    ConsensusKnee k;
    results::ConsensusRow row = voted_row(*campaigns.front(), model, votes, k);
    row.regime = detect::kRegimeNames.name(regime);
    const auto [first, last] = detect::regime_range(split, regime, sweep.curve.size());
    const std::vector<double> y(sweep.curve.y.begin() + static_cast<std::ptrdiff_t>(first),
                                sweep.curve.y.begin() + static_cast<std::ptrdiff_t>(last) + 1);
    row.plateau = detect::plateau(y);
    row.ceiling = *std::max_element(y.begin(), y.end());
    row.regime_first_size = sweep.curve.x[first];
    row.regime_last_size = sweep.curve.x[last];
    for (std::size_t i = first; k.found && i <= last; ++i)
      if (sweep.curve.x[i] == k.size) put_point(row, *sweep.points[i]);
    rows.push_back(std::move(row));
  }
  return rows;
}

// The consensus of one kernel on one model over its sweeps' consensus knees.
results::ConsensusRow model_row(const std::vector<const results::ConsensusRow*>& sweeps) {
  results::ConsensusRow row;
  row.kernel = sweeps.front()->kernel;
  row.scope = "model";
  row.group = row.model = sweeps.front()->model;
  row.metric_unit = sweeps.front()->metric_unit;
  row.regime = sweeps.front()->regime;
  row.timing = sweeps.front()->timing;
  std::vector<double> firsts, lasts;
  for (const auto* s : sweeps) {
    firsts.push_back(s->regime_first_size);
    lasts.push_back(s->regime_last_size);
    if (s->timing != row.timing) row.timing = "mixed";
  }
  row.regime_first_size = numerics::median_or_nan(firsts);
  row.regime_last_size = numerics::median_or_nan(lasts);
  std::vector<KneeVote> votes;
  std::vector<double> plateaus, ceilings;
  std::map<int, std::vector<double>> by_rank;
  for (const auto* s : sweeps) {
    votes.push_back({s->group, s->found, s->knee_size, s->knee_low_size, s->knee_high_size});
    plateaus.push_back(s->plateau);
    ceilings.push_back(s->ceiling);
    if (s->found) by_rank[s->rank].push_back(s->knee_size);
  }
  const ConsensusKnee k = consensus_knee(votes);
  row.voters = k.voters;
  row.knees_found = static_cast<int>(std::count_if(votes.begin(), votes.end(), [](const auto& v) { return v.counts; }));
  row.agreeing = k.agreeing;
  row.found = k.found;
  row.members = joined(k.members);
  row.plateau = numerics::median_or_nan(plateaus);
  row.ceiling = numerics::median_or_nan(ceilings);
  std::vector<double> repeat_cvs, device_medians;
  for (const auto& [rank, sizes] : by_rank) {
    if (const double c = cv(sizes); !std::isnan(c)) repeat_cvs.push_back(c);
    device_medians.push_back(numerics::median(sizes));
  }
  row.repeat_cv = numerics::median_or_nan(repeat_cvs);
  row.device_cv = cv(device_medians);
  if (!k.found) return row;
  row.knee_size = k.size;
  row.knee_low_size = k.low;
  row.knee_high_size = k.high;
  std::vector<double> throughputs, powers, efficiencies;
  for (const auto* s : sweeps) {
    if (std::find(k.members.begin(), k.members.end(), s->group) == k.members.end()) continue;
    throughputs.push_back(s->throughput);
    powers.push_back(s->power_w);
    efficiencies.push_back(s->efficiency);
  }
  row.throughput = numerics::median_or_nan(throughputs);
  row.power_w = numerics::median_or_nan(powers);
  row.efficiency = numerics::median_or_nan(efficiencies);
  return row;
}

// The sweep rows of the ranks' campaigns (every one, or only the complete ones; without copying the rest
// away), by kernel, then (rank, repeat).
std::vector<results::ConsensusRow> sweep_rows_over(std::span<const results::RankResult> ranks, bool complete_only) {
  // kernel -> (rank, repeat) -> the sweep's campaigns, and the model of each rank
  std::map<std::string, std::map<std::pair<int, int>, std::vector<const results::Campaign*>>> sweeps;
  std::map<int, std::string> models;
  std::map<int, std::uint64_t> l2;
  for (const auto& rank : ranks) {
    models[rank.rank] = model_label(rank.device.backend, rank.device.model);
    l2[rank.rank] = rank.device.l2_bytes;
    for (const auto& c : rank.campaigns)
      if (!c.points.empty() && (c.complete || !complete_only)) sweeps[c.kernel][{rank.rank, c.repeat}].push_back(&c);
  }
  std::vector<results::ConsensusRow> out;
  for (const auto& [kernel, by_sweep] : sweeps)
    for (const auto& [key, campaigns] : by_sweep)
      for (auto& row : sweep_rows(campaigns, models[key.first], l2[key.first])) out.push_back(std::move(row));
  return out;
}

}  // namespace

std::vector<results::ConsensusRow> consensus_of_sweeps(std::vector<results::ConsensusRow> sweep_rows) {
  std::map<std::string, std::vector<results::ConsensusRow>> by_kernel;  // each kernel's rows in their order
  for (auto& row : sweep_rows) by_kernel[row.kernel].push_back(std::move(row));
  std::vector<results::ConsensusRow> out;
  for (auto& [kernel, rows_of_sweeps] : by_kernel) {
    // a model's sweeps per regime: a regime's consensus is never outvoted by another regime's knees
    std::map<std::pair<std::string, std::string>, std::vector<const results::ConsensusRow*>> by_model;
    for (const auto& s : rows_of_sweeps) by_model[{s.model, s.regime}].push_back(&s);
    for (const auto& [model, rows] : by_model) out.push_back(model_row(rows));
    for (auto& s : rows_of_sweeps) out.push_back(std::move(s));
  }
  return out;
}

std::vector<results::ConsensusRow> compute_consensus(const std::vector<results::RankResult>& ranks) {
  return consensus_of_sweeps(sweep_rows_over(ranks, false));
}

std::vector<results::ConsensusRow> consensus_of_complete(const std::vector<results::RankResult>& ranks) {
  return consensus_of_sweeps(sweep_rows_over(ranks, true));
}

std::vector<results::ConsensusRow> sweep_consensus_of_complete(const results::RankResult& rank) {
  return sweep_rows_over(std::span<const results::RankResult>(&rank, 1), true);
}

}  // namespace autobench::stats
