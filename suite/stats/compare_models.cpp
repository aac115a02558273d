// Device-model comparison (see compare_models.hpp).
#include "suite/stats/compare_models.hpp"

#include <algorithm>
#include <cmath>
#include <map>
#include <set>
#include <stdexcept>

#include "numerics/statistics.hpp"
#include "suite/stats/compare_figures.hpp"

namespace autobench::stats {
namespace {

// One model's campaigns of one (kernel, detector), with the index of the file each came from.
struct ModelCampaigns {
  std::vector<CampaignFigures> figures;
  std::set<std::size_t> files;
};

using Member = double CampaignFigures::*;

std::vector<double> values_of(const std::vector<CampaignFigures>& figures, Member m) {
  std::vector<double> v;
  for (const auto& f : figures) {
    if (!std::isnan(f.*m)) v.push_back(f.*m);
  }
  return v;
}

ModelFigure figure(const std::vector<CampaignFigures>& model, const std::vector<CampaignFigures>* baseline,
                   Member m) {
  ModelFigure out;
  const auto mine = values_of(model, m);  // NaN (a knee not found) left out
  if (mine.empty()) return out;
  out.median = numerics::median(mine);
  if (!baseline) return out;
  const auto base = values_of(*baseline, m);
  if (base.empty()) return out;
  out.ratio = out.median / numerics::median(base);
  const auto [lo, hi] = std::minmax_element(mine.begin(), mine.end());
  const auto [base_lo, base_hi] = std::minmax_element(base.begin(), base.end());
  out.ratio_min = *lo / *base_hi;
  out.ratio_max = *hi / *base_lo;
  return out;
}

Provenance provenance_of(const NamedResultFile& f) {
  std::set<std::string> hosts;
  for (const auto& r : f.file.ranks) hosts.insert(r.device.hostname);
  return {f.path, f.file.info.start_time, f.file.info.backend, f.file.info.git_commit, {hosts.begin(), hosts.end()}};
}

}  // namespace

Comparison compare_models(const std::vector<NamedResultFile>& files, const std::string& baseline) {
  Comparison out;
  // (kernel, detector) -> model label -> campaigns
  std::map<std::pair<std::string, std::string>, std::map<std::string, ModelCampaigns>> groups;
  std::map<std::string, std::string> units;  // kernel -> metric unit
  bool baseline_known = baseline.empty();
  std::set<std::string> all_models;
  for (std::size_t i = 0; i < files.size(); ++i) {
    out.files.push_back(provenance_of(files[i]));
    for (auto& f : campaign_figures(files[i].file.ranks)) {
      baseline_known = baseline_known || names_model(f, baseline);
      all_models.insert(model_label(f));
      units[f.kernel] = f.metric_unit;
      auto& g = groups[{f.kernel, f.detector}][model_label(f)];
      g.files.insert(i);
      g.figures.push_back(std::move(f));
    }
  }
  if (!baseline_known) {
    std::string known;
    for (const auto& m : all_models) known += (known.empty() ? "" : ", ") + m;
    throw std::invalid_argument("unknown --baseline '" + baseline + "' (models in these files: " +
                                (known.empty() ? "none" : known) + ")");
  }

  for (const auto& [key, models] : groups) {
    KernelComparison k;
    k.kernel = key.first;
    k.detector = key.second;
    k.metric_unit = units[k.kernel];
    const std::vector<CampaignFigures>* base = nullptr;
    for (const auto& [label, m] : models) {
      if (!base && (baseline.empty() || names_model(m.figures.front(), baseline))) {
        k.baseline = label;
        base = &m.figures;
      }
    }
    for (const auto& [label, m] : models) {
      ModelRow row;
      row.model = label;
      row.campaigns = static_cast<int>(m.figures.size());
      row.knees_found = static_cast<int>(std::count_if(m.figures.begin(), m.figures.end(), knee_counts));
      row.files = static_cast<int>(m.files.size());
      row.knee_size = figure(m.figures, base, &CampaignFigures::knee_size);
      row.peak_throughput = figure(m.figures, base, &CampaignFigures::peak_throughput);
      row.energy_efficiency = figure(m.figures, base, &CampaignFigures::energy_efficiency);
      k.models.push_back(std::move(row));
    }
    out.kernels.push_back(std::move(k));
  }
  std::stable_sort(out.kernels.begin(), out.kernels.end(), [](const KernelComparison& a, const KernelComparison& b) {
    return std::pair(a.kernel, a.detector != "consensus") < std::pair(b.kernel, b.detector != "consensus");
  });
  return out;
}

}  // namespace autobench::stats
