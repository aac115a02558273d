// A/B comparison per kernel and size region (see ab_compare.hpp).
#include "suite/stats/ab_compare.hpp"

#include <algorithm>
#include <map>
#include <set>
#include <stdexcept>
#include <tuple>

#include "numerics/statistics.hpp"
#include "suite/results/text_list.hpp"
#include "suite/stats/compare_figures.hpp"
#include "suite/stats/sweep_levels.hpp"

namespace autobench::stats {
namespace {

// One side's campaigns per kernel.
struct SideData {
  std::string label, model;
  std::set<int> ranks;
  std::map<std::string, std::vector<const results::Campaign*>> campaigns;  // kernel -> finished campaigns
  std::map<std::string, std::vector<double>> knee_sizes;                  // kernel -> its campaigns' knees
};

SideData gather(const std::vector<NamedResultFile>& files, const AbSide& s, const std::string& name) {
  if (s.file >= files.size()) throw std::invalid_argument("side " + name + " names no compared file");
  const auto& f = files[s.file];
  SideData side;
  std::set<std::string> models, available;
  for (const auto& rank : f.file.ranks) {
    if (!rank.start_error.empty()) continue;
    const std::string label = model_label(rank.device.backend, rank.device.model);
    available.insert("rank " + std::to_string(rank.rank) + " (" + label + ")");
    if (s.rank && rank.rank != *s.rank) continue;
    if (!s.model.empty() && s.model != rank.device.model && s.model != label) continue;
    bool any = false;
    for (const auto& c : rank.campaigns) {
      if (!finished(c) || (!s.repeats.empty() && !s.repeats.count(c.repeat))) continue;
      any = true;
      side.knee_sizes[c.kernel].push_back(static_cast<double>(c.knee_size));
      side.campaigns[c.kernel].push_back(&c);
    }
    if (!any) continue;
    models.insert(label);
    side.ranks.insert(rank.rank);
  }
  std::string repeats;
  for (int r : s.repeats) repeats += (repeats.empty() ? " repeats " : ",") + std::to_string(r);
  const std::string selection = (s.rank ? " rank " + std::to_string(*s.rank) : "") +
                                (s.model.empty() ? "" : " model '" + s.model + "'") + repeats;
  if (models.empty())
    throw std::invalid_argument("side " + name + " (" + f.path + selection + ") has no finished campaign (the file holds: " +
                                (available.empty() ? "no started rank" : results::joined(available)) + ")");
  if (models.size() > 1)
    throw std::invalid_argument("side " + name + " (" + f.path + selection + ") holds " +
                                std::to_string(models.size()) + " device models (" + results::joined(models) +
                                "); choose one with --" + name + "-model or a rank with --" + name + "-rank");
  side.model = *models.begin();
  side.label = f.path + selection + " (" + side.model + ")";
  return side;
}

SizeRegion region_of(std::uint64_t size, double knee) {
  const double s = static_cast<double>(size);
  if (s < knee / kKneeBand) return SizeRegion::below_knee;
  if (s > knee * kKneeBand) return SizeRegion::plateau;
  return SizeRegion::knee;
}

// Every timed launch per size of the campaigns' points that count (a point shared by several campaigns once).
std::map<std::uint64_t, std::vector<double>> pooled_launches(const std::vector<const results::Campaign*>& campaigns,
                                                             bool keep_unconverged) {
  std::map<std::uint64_t, std::vector<double>> out;
  std::set<std::tuple<int, int, std::uint64_t, double>> seen;
  for (const auto* c : campaigns)
    for (const auto& p : c->points) {
      if (p.launch_times_s.empty() || (!p.converged && !keep_unconverged)) continue;
      if (!seen.insert({c->rank, c->repeat, p.size, p.time_mean_s}).second) continue;
      out[p.size].insert(out[p.size].end(), p.launch_times_s.begin(), p.launch_times_s.end());
    }
  return out;
}

RegionSide side_of(const std::vector<SweepLevels>& sweeps, const std::vector<SweepEffect>& effects,
                   const std::set<std::uint64_t>& sizes) {
  RegionSide out{effects.size(), gpus_of(effects), 0};
  for (const auto& s : sweeps)
    for (const auto size : s.unconverged) out.unconverged += sizes.count(size);
  return out;
}

RegionVerdict judge(const std::string& kernel, SizeRegion region, double knee, const std::vector<SweepLevels>& a,
                    const std::vector<SweepLevels>& b, const std::vector<const results::Campaign*>& ca,
                    const std::vector<const results::Campaign*>& cb, const VerdictRule& rule, bool keep_unconverged) {
  RegionVerdict row;
  row.kernel = kernel;
  row.region = region;
  row.knee_size = knee;
  std::set<std::uint64_t> measured[2], sizes, all_sizes;
  for (int side = 0; side < 2; ++side)
    for (const auto& s : side == 0 ? a : b)
      for (const auto& [size, y] : s.log_time)
        if (region_of(size, knee) == region) measured[side].insert(size);
  std::set_intersection(measured[0].begin(), measured[0].end(), measured[1].begin(), measured[1].end(),
                        std::inserter(sizes, sizes.end()));
  if (sizes.empty()) return row;
  row.sizes = sizes.size();
  row.size_low = *sizes.begin();
  row.size_high = *sizes.rbegin();
  // Points left out count wherever they fall in the region, measured on both sides or not.
  for (int side = 0; side < 2; ++side)
    for (const auto& s : side == 0 ? a : b)
      for (const auto size : s.unconverged)
        if (region_of(size, knee) == region) all_sizes.insert(size);
  const RegionEffects effects = region_effects(a, b, sizes);
  row.a = side_of(a, effects.a, all_sizes);
  row.b = side_of(b, effects.b, all_sizes);
  row.verdict = unit_verdict(unit_values(effects.a), unit_values(effects.b), rule);
  if (row.verdict.verdict == Verdict::unreplicated) {
    const auto la = pooled_launches(ca, keep_unconverged), lb = pooled_launches(cb, keep_unconverged);
    std::vector<PairedLaunches> strata;
    for (const auto size : sizes) {
      const auto ia = la.find(size), ib = lb.find(size);
      if (ia == la.end() || ib == lb.end() || ia->second.size() < kMinLaunches || ib->second.size() < kMinLaunches)
        continue;
      strata.push_back({ia->second, ib->second});
    }
    if (!strata.empty()) row.launches = launch_interval(strata, rule);
  }
  return row;
}

}  // namespace

const char* to_string(SizeRegion r) {
  switch (r) {
    case SizeRegion::below_knee: return "below knee";
    case SizeRegion::knee: return "knee";
    case SizeRegion::plateau: return "plateau";
  }
  return "plateau";
}

AbComparison compare_ab(const std::vector<NamedResultFile>& files, const AbSide& a, const AbSide& b,
                        const VerdictRule& rule, bool keep_unconverged) {
  const SideData sa = gather(files, a, "a"), sb = gather(files, b, "b");
  if (a.file == b.file) {
    for (int r : sa.ranks) {
      const bool shared_repeat = a.repeats.empty() || b.repeats.empty() ||
                                 std::any_of(a.repeats.begin(), a.repeats.end(), [&](int k) { return b.repeats.count(k); });
      if (sb.ranks.count(r) && shared_repeat)
        throw std::invalid_argument("sides a and b both hold rank " + std::to_string(r) + " of " + files[a.file].path +
                                    "; give them different ranks, models or repeats");
    }
  }
  AbComparison out{sa.label, sb.label, sa.model, sb.model, rule.threshold, rule.level, rule.likely_margin,
                   keep_unconverged, {}, {}};
  for (const auto& [kernel, knees] : sa.knee_sizes) {
    const auto cb = sb.campaigns.find(kernel);
    const auto& ca = sa.campaigns.at(kernel);
    const auto la = sweeps_of(ca, keep_unconverged);
    const auto lb = cb == sb.campaigns.end() ? std::vector<SweepLevels>{} : sweeps_of(cb->second, keep_unconverged);
    const auto measured = [](const std::vector<SweepLevels>& v) {
      return std::any_of(v.begin(), v.end(), [](const SweepLevels& s) { return !s.log_time.empty(); });
    };
    if (!measured(la) || !measured(lb)) {
      out.unmatched_kernels.push_back(kernel);
      continue;
    }
    const double knee = numerics::median(knees);
    for (auto region : {SizeRegion::below_knee, SizeRegion::knee, SizeRegion::plateau})
      out.rows.push_back(judge(kernel, region, knee, la, lb, ca, cb->second, rule, keep_unconverged));
  }
  for (const auto& [kernel, knees] : sb.knee_sizes) {
    if (!sa.knee_sizes.count(kernel)) out.unmatched_kernels.push_back(kernel);
  }
  std::sort(out.unmatched_kernels.begin(), out.unmatched_kernels.end());
  return out;
}

}  // namespace autobench::stats
