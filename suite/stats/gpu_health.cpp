// GPU health verdicts (see gpu_health.hpp).
#include "suite/stats/gpu_health.hpp"

#include <algorithm>
#include <cmath>
#include <map>
#include <set>
#include <tuple>

#include <fmt/format.h>

#include "detect/quality.hpp"
#include "numerics/statistics.hpp"
#include "numerics/student_t.hpp"
#include "suite/results/clock_events.hpp"
#include "suite/stats/compare_figures.hpp"

namespace autobench::stats {
namespace {

// One GPU's finished sweeps' plateaus (finite and positive), by kernel in repeat order, and each kernel's unit.
struct Plateaus {
  std::map<std::string, std::vector<double>> by_kernel;
  std::map<std::string, std::string> units;
};

Plateaus plateaus_of(const GpuEvidence& gpu) {
  Plateaus out;
  for (const auto& s : gpu.sweeps) {
    if (!s.finished || !std::isfinite(s.plateau) || s.plateau <= 0) continue;
    out.by_kernel[s.kernel].push_back(s.plateau);
    out.units[s.kernel] = s.metric_unit;
  }
  return out;
}

// The evidence's telemetry and errors into `v`.
void add_evidence(const GpuEvidence& gpu, GpuVerdict& v) {
  v.points = static_cast<std::size_t>(gpu.points);
  v.throttled_points = static_cast<std::size_t>(gpu.throttled_points);
  v.unhealthy_points = static_cast<std::size_t>(gpu.unhealthy_points);
  if (v.points) v.throttled_share = static_cast<double>(v.throttled_points) / static_cast<double>(v.points);
  v.throttle_reasons = results::throttle_reason_list(gpu.throttle_reasons);
  v.temperature_median_c = gpu.temperature_median_c;
  v.temperature_max_c = gpu.temperature_max_c;
  v.sm_clock_median_mhz = gpu.sm_clock_median_mhz;
  v.sm_clock_min_mhz = gpu.sm_clock_min_mhz;
  for (std::size_t at = 0; at < gpu.errors.size();) {
    const std::size_t end = std::min(gpu.errors.find('\n', at), gpu.errors.size());
    v.errors.push_back(gpu.errors.substr(at, end - at));
    at = end + 1;
  }
}

// The deficit of `plateaus` (one per sweep) against `reference`, with its 95% t interval over sweeps.
KernelDeficit deficit_of(const std::string& kernel, const std::vector<double>& plateaus, double reference,
                         const HealthRule& rule) {
  KernelDeficit d;
  d.kernel = kernel;
  d.sweeps = static_cast<int>(plateaus.size());
  d.plateau = numerics::median(plateaus);
  d.reference = reference;
  std::vector<double> deficits;
  for (double p : plateaus) deficits.push_back(1.0 - p / reference);
  d.deficit = numerics::mean(deficits);
  if (deficits.size() >= 2) {
    double ss = 0;
    for (double x : deficits) ss += (x - d.deficit) * (x - d.deficit);
    const double n = static_cast<double>(deficits.size());
    const double half = numerics::student_t_quantile(0.975, n - 1) * std::sqrt(ss / (n - 1) / n);
    d.low = d.deficit - half;
    d.high = d.deficit + half;
    d.short_of = d.deficit >= rule.min_deficit && d.low > rule.min_low;
  } else {
    d.short_of = d.deficit >= rule.lone_deficit;
  }
  return d;
}

std::string percent(double fraction) { return fmt::format("{:.0f}%", 100 * fraction); }

// "gemm -50% [-53,-47]" for a deficit (throughput change), the interval when there is one.
std::string deficit_text(const KernelDeficit& d) {
  std::string out = fmt::format("{} {:+.1f}%", d.kernel, -100 * d.deficit);
  if (std::isfinite(d.low)) out += fmt::format(" [{:+.1f},{:+.1f}]", -100 * d.high, -100 * d.low);
  return out;
}

// The deficits, largest first.
std::vector<const KernelDeficit*> by_size(const std::vector<KernelDeficit>& deficits) {
  std::vector<const KernelDeficit*> out;
  for (const auto& d : deficits) out.push_back(&d);
  std::stable_sort(out.begin(), out.end(), [](const auto* a, const auto* b) { return a->deficit > b->deficit; });
  return out;
}

double largest_deficit(const GpuVerdict& v) {
  double worst = -INFINITY;
  for (const auto& d : v.deficits) worst = std::max(worst, d.deficit);
  return worst;
}

// The verdict and its one-line summary from the evidence.
void decide(GpuVerdict& v, const HealthRule& rule) {
  const auto sorted = by_size(v.deficits);
  const std::size_t short_kernels = static_cast<std::size_t>(
      std::count_if(v.deficits.begin(), v.deficits.end(), [](const auto& d) { return d.short_of; }));
  const bool one_far = std::any_of(v.deficits.begin(), v.deficits.end(),
                                   [&](const auto& d) { return d.short_of && d.deficit >= rule.one_kernel; });
  const bool slow = one_far || (short_kernels > 0 && 2 * short_kernels >= v.deficits.size());
  const double unhealthy = v.points ? static_cast<double>(v.unhealthy_points) / static_cast<double>(v.points) : 0.0;
  std::string worst;  // the two largest short deficits
  int listed = 0;
  for (const auto* d : sorted)
    if (d->short_of && listed++ < 2) worst += (worst.empty() ? "" : "; ") + deficit_text(*d);
  if (!v.errors.empty()) {
    v.verdict = Health::faulty;
    v.summary = v.errors.front().substr(0, 90);
  } else if (unhealthy >= rule.unhealthy_share || (slow && v.throttled_share >= rule.slow_throttled)) {
    v.verdict = Health::throttling;
    std::string reasons;
    for (const auto& r : v.throttle_reasons) reasons += (reasons.empty() ? "" : "+") + r;
    v.summary = percent(v.throttled_share) + " of points throttled" + (reasons.empty() ? "" : " (" + reasons + ")");
    if (std::isfinite(v.temperature_median_c)) v.summary += fmt::format(", {:.0f} C", v.temperature_median_c);
    if (!worst.empty()) v.summary += ", " + worst.substr(0, worst.find(';'));
  } else if (slow) {
    v.verdict = Health::slow;
    v.summary = std::to_string(short_kernels) + " of " + std::to_string(v.deficits.size()) + " kernels slower: " + worst;
  } else if (v.deficits.empty()) {
    v.verdict = Health::unknown;
    v.summary = v.points ? "no same-model GPU or reference to compare with" : "no finished sweep";
  } else {
    v.verdict = Health::healthy;
    v.summary = std::to_string(v.deficits.size()) + " kernels";
    if (!sorted.empty()) v.summary += ", lowest " + deficit_text(*sorted.front());
  }
}

// One sweep of a reference: its GPU and kernel, and its plateau.
struct ReferenceSweep {
  std::string model, uuid, kernel;
  double plateau;
};

// Per (model, kernel) the median over GPUs of each GPU's median plateau; per (UUID, kernel) that GPU's own
// (sweeps without a UUID count for their model only).
HealthReference reference_of(const std::vector<ReferenceSweep>& sweeps, const std::string& label) {
  std::map<std::pair<std::string, std::string>, std::map<std::string, std::vector<double>>> by_gpu;
  for (const auto& s : sweeps) by_gpu[{s.model, s.kernel}][s.uuid].push_back(s.plateau);
  HealthReference out;
  out.label = label;
  for (const auto& [key, gpus] : by_gpu) {
    std::vector<double> medians;
    for (const auto& [uuid, plateaus] : gpus) {
      medians.push_back(numerics::median(plateaus));
      if (!uuid.empty()) out.own_plateau[{uuid, key.second}] = medians.back();
    }
    out.model_plateau[key] = numerics::median(medians);
  }
  return out;
}

}  // namespace

double sweep_plateau(const results::Campaign& sweep) {
  std::vector<double> y;
  for (const auto& p : sweep.points)
    if (std::isfinite(p.throughput)) y.push_back(p.throughput);
  return y.empty() ? results::kNaN : detect::plateau(y);
}

GpuEvidence gpu_evidence(const results::RankResult& rank) {
  GpuEvidence g;
  g.rank = rank.rank;
  g.host = rank.device.hostname;
  g.pci_bus = rank.device.pci_bus_id;
  g.uuid = rank.device.uuid;
  g.serial = rank.device.serial;
  g.model = model_label(rank.device.backend, rank.device.model);
  g.started = rank.start_error.empty();
  // (kernel, repeat) -> the first campaign with points (its detectors share the sweep), the first finished
  std::map<std::pair<std::string, int>, const results::Campaign*> all, finished_sweeps;
  std::map<std::pair<std::string, int>, SweepHealth> counted;  // each sweep's points once by size
  std::set<std::tuple<std::string, int, std::uint64_t>> sizes;  // kernel, repeat, size: counted
  for (const auto& c : rank.campaigns) {
    if (c.points.empty()) continue;
    const auto key = std::make_pair(c.kernel, c.repeat);
    all.emplace(key, &c);
    if (finished(c)) finished_sweeps.emplace(key, &c);
    auto& n = counted[key];
    for (const auto& p : c.points) {
      if (!sizes.emplace(c.kernel, c.repeat, p.size).second) continue;
      ++n.points;
      n.throttled_points += p.throttled ? 1 : 0;
      n.unconverged_points += p.converged ? 0 : 1;
    }
  }
  std::vector<double> temperatures, clocks;
  for (const auto& [key, c] : all) {
    SweepHealth s = counted.at(key);
    s.rank = rank.rank;
    s.kernel = key.first;
    s.repeat = key.second;
    if (const auto f = finished_sweeps.find(key); f != finished_sweeps.end()) {
      s.finished = true;
      s.plateau = sweep_plateau(*f->second);
      s.metric_unit = f->second->metric_unit;
    }
    g.sweeps.push_back(std::move(s));
    for (const auto& p : c->points) {
      ++g.points;
      if (p.throttled) {
        ++g.throttled_points;
        g.throttle_reasons |= p.clock_event_reasons & results::kThrottleReasons;
      }
      if (p.clock_event_reasons & results::kUnhealthyReasons) ++g.unhealthy_points;
      if (std::isfinite(p.temperature_c)) temperatures.push_back(p.temperature_c);
      if (std::isfinite(p.sm_clock_mhz)) clocks.push_back(p.sm_clock_mhz);
    }
  }
  if (!temperatures.empty()) {
    g.temperature_median_c = numerics::median(temperatures);
    g.temperature_max_c = *std::max_element(temperatures.begin(), temperatures.end());
  }
  if (!clocks.empty()) {
    g.sm_clock_median_mhz = numerics::median(clocks);
    g.sm_clock_min_mhz = *std::min_element(clocks.begin(), clocks.end());
  }
  std::vector<std::string> errors;
  if (!rank.start_error.empty()) errors.push_back("could not start: " + rank.start_error);
  if (!rank.error.empty()) errors.push_back(rank.error);
  std::set<std::string> seen;
  for (const auto& c : rank.campaigns) {
    if (c.error.empty() && c.stop_reason != results::StopReason::error) continue;
    const std::string line = c.kernel + " repeat " + std::to_string(c.repeat) + ": " + (c.error.empty() ? "error" : c.error);
    if (seen.insert(line).second) errors.push_back(line);
  }
  for (const auto& e : errors) g.errors += (g.errors.empty() ? "" : "\n") + e;
  return g;
}

std::vector<GpuVerdict> judge_gpus(const std::vector<results::RankResult>& ranks, const HealthRule& rule,
                                   const HealthReference* reference) {
  std::vector<GpuEvidence> gpus;
  for (const auto& r : ranks) gpus.push_back(gpu_evidence(r));
  return judge_gpus(gpus, rule, reference);
}

std::vector<GpuVerdict> judge_gpus(const std::vector<GpuEvidence>& gpus, const HealthRule& rule,
                                   const HealthReference* reference) {
  std::vector<Plateaus> sweeps;
  std::map<std::string, std::vector<std::size_t>> by_model;  // model label -> indices of started ranks
  for (std::size_t i = 0; i < gpus.size(); ++i) {
    sweeps.push_back(plateaus_of(gpus[i]));
    if (gpus[i].started) by_model[gpus[i].model].push_back(i);
  }
  std::vector<GpuVerdict> out;
  for (std::size_t i = 0; i < gpus.size(); ++i) {
    const auto& g = gpus[i];
    GpuVerdict v;
    v.rank = static_cast<int>(g.rank);
    v.host = g.host;
    v.pci_bus = g.pci_bus;
    v.uuid = g.uuid;
    v.serial = g.serial;
    v.model = g.model;
    add_evidence(g, v);
    const auto& peers = by_model[v.model];
    std::set<std::string> sources;
    for (const auto& [kernel, plateaus] : sweeps[i].by_kernel) {
      double ref = results::kNaN;
      std::string source;
      if (reference) {
        if (auto it = reference->own_plateau.find({v.uuid, kernel}); it != reference->own_plateau.end()) {
          ref = it->second;
          source = "this GPU's earlier runs (" + reference->label + ")";
        } else if (auto m = reference->model_plateau.find({v.model, kernel}); m != reference->model_plateau.end()) {
          ref = m->second;
          source = reference->label;
        }
      }
      if (!std::isfinite(ref)) {
        std::vector<double> others;
        for (std::size_t j : peers) {
          if (j == i) continue;
          if (auto it = sweeps[j].by_kernel.find(kernel); it != sweeps[j].by_kernel.end())
            others.push_back(numerics::median(it->second));
        }
        if (others.empty()) continue;
        ref = numerics::median(others);
        source = "median of " + std::to_string(peers.size() - 1) + " same-model GPU" + (peers.size() > 2 ? "s" : "") +
                 " of this run";
      }
      auto d = deficit_of(kernel, plateaus, ref, rule);
      d.unit = sweeps[i].units[kernel];
      v.deficits.push_back(std::move(d));
      sources.insert(source);
    }
    for (const auto& s : sources) v.reference += (v.reference.empty() ? "" : "; ") + s;
    decide(v, rule);
    out.push_back(std::move(v));
  }
  std::stable_sort(out.begin(), out.end(), [](const GpuVerdict& a, const GpuVerdict& b) {
    if (a.verdict != b.verdict) return a.verdict > b.verdict;
    const double da = largest_deficit(a), db = largest_deficit(b);
    if (da != db) return da > db;
    return a.rank < b.rank;
  });
  return out;
}

HealthReference health_reference(const std::vector<results::RankResult>& ranks, const std::string& label) {
  std::vector<ReferenceSweep> sweeps;
  for (const auto& r : ranks) {
    if (!r.start_error.empty()) continue;
    for (const auto& [kernel, plateaus] : plateaus_of(gpu_evidence(r)).by_kernel)
      for (double p : plateaus) sweeps.push_back({model_label(r.device.backend, r.device.model), r.device.uuid, kernel, p});
  }
  return reference_of(sweeps, label);
}

HealthReference health_reference(const ProfileDb& db, const std::string& label) {
  std::vector<ReferenceSweep> sweeps;
  for (const auto& source : db.sources)
    for (const auto& f : source.campaigns)
      if (f.detector == "consensus" && std::isfinite(f.plateau) && f.plateau > 0)
        sweeps.push_back({model_label(f), f.uuid, f.kernel, f.plateau});
  return reference_of(sweeps, label);
}

bool any_at_least(const std::vector<GpuVerdict>& verdicts, Health worst, std::vector<int>* named) {
  bool any = false;
  for (const auto& v : verdicts) {
    if (v.verdict < worst) continue;
    any = true;
    if (named) named->push_back(v.rank);
  }
  return any;
}

}  // namespace autobench::stats
