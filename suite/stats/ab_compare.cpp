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

namespace autobench::stats {
namespace {

// One side's pooled measurements.
struct SideData {
  std::string label, model;
  std::set<int> ranks;
  std::map<std::string, std::map<std::uint64_t, std::vector<double>>> launches;  // kernel -> size -> seconds
  std::map<std::string, std::vector<double>> knee_sizes;                        // kernel -> its campaigns' knees
};

void add_campaign(SideData& side, const results::Campaign& c,
                  std::map<std::tuple<int, int, std::string, std::uint64_t>, std::vector<std::vector<float>>>& seen) {
  side.knee_sizes[c.kernel].push_back(static_cast<double>(c.knee_size));
  for (const auto& p : c.points) {
    if (p.launch_times_s.empty()) continue;
    // The detectors of one sweep share its points: the same launches count once.
    auto& earlier = seen[{c.rank, c.repeat, c.kernel, p.size}];
    if (std::find(earlier.begin(), earlier.end(), p.launch_times_s) != earlier.end()) continue;
    earlier.push_back(p.launch_times_s);
    auto& pool = side.launches[c.kernel][p.size];
    pool.insert(pool.end(), p.launch_times_s.begin(), p.launch_times_s.end());
  }
}

SideData gather(const std::vector<NamedResultFile>& files, const AbSide& s, const std::string& name) {
  if (s.file >= files.size()) throw std::invalid_argument("side " + name + " names no compared file");
  const auto& f = files[s.file];
  SideData side;
  std::set<std::string> models, available;
  std::map<std::tuple<int, int, std::string, std::uint64_t>, std::vector<std::vector<float>>> seen;
  for (const auto& rank : f.file.ranks) {
    if (!rank.start_error.empty()) continue;
    const std::string label = model_label(rank.device.backend, rank.device.model);
    available.insert("rank " + std::to_string(rank.rank) + " (" + label + ")");
    if (s.rank && rank.rank != *s.rank) continue;
    if (!s.model.empty() && s.model != rank.device.model && s.model != label) continue;
    bool any = false;
    for (const auto& c : rank.campaigns) {
      if (!finished(c)) continue;
      any = true;
      add_campaign(side, c, seen);
    }
    if (!any) continue;
    models.insert(label);
    side.ranks.insert(rank.rank);
  }
  const std::string selection = (s.rank ? " rank " + std::to_string(*s.rank) : "") +
                                (s.model.empty() ? "" : " model '" + s.model + "'");
  if (models.empty())
    throw std::invalid_argument("side " + name + " (" + f.path + selection + ") has no finished campaign (the file holds: " +
                                (available.empty() ? "no started rank" : results::joined(available)) + ")");
  if (models.size() > 1)
    throw std::invalid_argument("side " + name + " (" + f.path + selection + ") holds " +
                                std::to_string(models.size()) + " device models (" + results::joined(models) +
                                "); choose one with --" + name + "-model or a rank with --" + name + "-rank");
  side.model = *models.begin();
  side.label = f.path + (s.rank ? " rank " + std::to_string(*s.rank) : "") + " (" + side.model + ")";
  return side;
}

SizeRegion region_of(std::uint64_t size, double knee) {
  const double s = static_cast<double>(size);
  if (s < knee / kKneeBand) return SizeRegion::below_knee;
  if (s > knee * kKneeBand) return SizeRegion::plateau;
  return SizeRegion::knee;
}

RegionVerdict judge(const std::string& kernel, SizeRegion region, double knee,
                    const std::map<std::uint64_t, std::vector<double>>& a,
                    const std::map<std::uint64_t, std::vector<double>>& b, const VerdictRule& rule) {
  RegionVerdict row;
  row.kernel = kernel;
  row.region = region;
  row.knee_size = knee;
  std::vector<PairedLaunches> strata;
  for (const auto& [size, times] : a) {
    const auto other = b.find(size);
    if (other == b.end() || region_of(size, knee) != region) continue;
    if (times.size() < kMinLaunches || other->second.size() < kMinLaunches) continue;
    strata.push_back({times, other->second});
    if (row.size_low == 0) row.size_low = size;
    row.size_high = size;
  }
  if (!strata.empty()) row.verdict = ratio_verdict(strata, rule);
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
                        const VerdictRule& rule) {
  const SideData sa = gather(files, a, "a"), sb = gather(files, b, "b");
  if (a.file == b.file) {
    for (int r : sa.ranks) {
      if (sb.ranks.count(r))
        throw std::invalid_argument("sides a and b both hold rank " + std::to_string(r) + " of " +
                                    files[a.file].path + "; give them different ranks or models");
    }
  }
  AbComparison out{sa.label, sb.label, sa.model, sb.model, rule.threshold, rule.level, {}, {}};
  for (const auto& [kernel, knees] : sa.knee_sizes) {
    const auto la = sa.launches.find(kernel);
    const auto lb = sb.launches.find(kernel);
    if (la == sa.launches.end() || lb == sb.launches.end()) {
      out.unmatched_kernels.push_back(kernel);
      continue;
    }
    const double knee = numerics::median(knees);
    for (auto region : {SizeRegion::below_knee, SizeRegion::knee, SizeRegion::plateau})
      out.rows.push_back(judge(kernel, region, knee, la->second, lb->second, rule));
  }
  for (const auto& [kernel, knees] : sb.knee_sizes) {
    if (!sa.knee_sizes.count(kernel)) out.unmatched_kernels.push_back(kernel);
  }
  std::sort(out.unmatched_kernels.begin(), out.unmatched_kernels.end());
  return out;
}

}  // namespace autobench::stats
