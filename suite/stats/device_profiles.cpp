// Device profiles (see device_profiles.hpp).
#include "suite/stats/device_profiles.hpp"

#include <algorithm>
#include <cmath>
#include <map>
#include <set>

#include "numerics/statistics.hpp"

namespace autobench::stats {
namespace {

// The smallest of the most frequent values (at least one value).
std::string most_frequent(const std::vector<std::string>& values) {
  std::map<std::string, int> counts;
  for (const auto& v : values) ++counts[v];
  auto best = counts.begin();
  for (auto it = counts.begin(); it != counts.end(); ++it) {
    if (it->second > best->second) best = it;
  }
  return best->first;
}

}  // namespace

bool add_source(ProfileDb& db, ProfileSource source) {
  for (auto& s : db.sources) {
    if (s.path == source.path && s.start_time == source.start_time) {
      s = std::move(source);
      return true;
    }
  }
  db.sources.push_back(std::move(source));
  return false;
}

std::vector<DeviceProfile> device_profiles(const ProfileDb& db, const std::string& model, const std::string& kernel) {
  struct Pool {
    std::vector<const CampaignFigures*> campaigns;
    std::set<std::size_t> sources;
  };
  std::map<std::pair<std::string, std::string>, Pool> pools;  // (model label, kernel)
  for (std::size_t i = 0; i < db.sources.size(); ++i) {
    const auto& figures = db.sources[i].campaigns;
    const bool consensus =
        std::any_of(figures.begin(), figures.end(), [](const CampaignFigures& f) { return f.detector == "consensus"; });
    for (const auto& f : figures) {
      if (consensus && f.detector != "consensus") continue;
      if ((!model.empty() && !names_model(f, model)) || (!kernel.empty() && f.kernel != kernel)) continue;
      auto& pool = pools[{model_label(f), f.kernel}];
      pool.campaigns.push_back(&f);
      pool.sources.insert(i);
    }
  }
  std::vector<DeviceProfile> out;
  for (const auto& [key, pool] : pools) {
    std::vector<double> knees, peaks, efficiencies;
    std::vector<std::string> tunables;
    int found = 0;
    for (const auto* f : pool.campaigns) {
      peaks.push_back(f->peak_throughput);
      efficiencies.push_back(f->energy_efficiency);
      if (!knee_counts(*f)) continue;
      ++found;
      knees.push_back(f->knee_size);
      tunables.push_back(f->knee_tunables);
    }
    DeviceProfile p;
    p.model = key.first;
    p.kernel = key.second;
    p.metric_unit = pool.campaigns.front()->metric_unit;
    p.saturating_size = numerics::median_or_nan(knees);
    p.best_tunables = tunables.empty() ? "" : most_frequent(tunables);
    p.knees_found = found;
    p.peak_throughput = numerics::median_or_nan(peaks);
    p.energy_efficiency = numerics::median_or_nan(efficiencies);
    p.campaigns = static_cast<int>(pool.campaigns.size());
    p.files = static_cast<int>(pool.sources.size());
    out.push_back(std::move(p));
  }
  return out;
}

}  // namespace autobench::stats
