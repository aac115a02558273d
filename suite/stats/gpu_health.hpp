// GPU health: one verdict per GPU (rank) of a run - healthy, slow, throttling, faulty or unknown - with its
// evidence: per kernel the plateau deficit against a reference with an interval over sweeps, the share of
// throttled points and their clock-event reasons, temperature and SM clock under load, errors (pure logic).
#pragma once

#include <cstddef>
#include <cstdint>
#include <tuple>
#include <map>
#include <string>
#include <utility>
#include <vector>

#include "record/fields.hpp"
#include "record/names.hpp"
#include "suite/results/results.hpp"
#include "suite/stats/device_profiles.hpp"

namespace autobench::stats {

// Ordered by severity: a gate at `slow` fails slow, throttling and faulty GPUs.
enum class Health { healthy, unknown, slow, throttling, faulty };
inline constexpr auto kHealthNames = record::names<Health>("verdict", {{Health::healthy, "healthy"},
                                                                       {Health::unknown, "unknown"},
                                                                       {Health::slow, "slow"},
                                                                       {Health::throttling, "throttling"},
                                                                       {Health::faulty, "faulty"}});
constexpr const auto& names_of(Health) { return kHealthNames; }

// The thresholds (docs/health.md says where each comes from).
struct HealthRule {
  // A kernel is short when its mean deficit over sweeps is at least min_deficit and its 95% interval's low
  // end above min_low (two or more sweeps), or, from a single sweep (no interval), at least lone_deficit.
  double min_deficit = 0.04, min_low = 0.02, lone_deficit = 0.20;
  // A GPU is slow when one kernel is short by at least one_kernel, or at least half of its kernels
  // (with a reference) are short.
  double one_kernel = 0.10;
  // A GPU is throttling when at least this share of its points saw a clock-event reason a healthy GPU
  // never shows (results::kUnhealthyReasons: thermal, HW slowdown, power brake), or when it is slow and
  // at least slow_throttled of its points are throttled for any reason (the SW power cap, a fallen clock).
  double unhealthy_share = 0.10, slow_throttled = 0.50;
};

// A reference that is not the run's own GPUs: the plateau per (model label, kernel) of a reference results
// file or the device-profile database, and per (GPU UUID, kernel) that GPU's own earlier plateau.
struct HealthReference {
  std::string label;  // "reference FILE" / "device profiles DB": said in the evidence
  std::map<std::pair<std::string, std::string>, double> model_plateau;
  std::map<std::pair<std::string, std::string>, double> own_plateau;
};

struct KernelDeficit {
  std::string kernel;
  double deficit = results::kNaN;  // mean over sweeps of 1 - sweep plateau / reference: > 0 is slower
  double low = results::kNaN, high = results::kNaN;  // its 95% t interval over sweeps (NaN: one sweep)
  int sweeps = 0;
  double plateau = results::kNaN;    // the GPU's median sweep plateau
  double reference = results::kNaN;  // the reference plateau
  std::string unit;
  bool short_of = false;             // short by HealthRule's test
};

struct GpuVerdict {
  int rank = 0;
  std::string host, pci_bus, uuid, serial, model;  // model: model label (compare_figures.hpp)
  Health verdict = Health::unknown;
  std::string summary;    // one line, at most ~100 characters: why
  std::string reference;  // what the deficits are against ("median of 3 same-model GPUs of this run"); "" none
  std::vector<KernelDeficit> deficits;  // by kernel; kernels without a reference are left out
  std::size_t points = 0, throttled_points = 0, unhealthy_points = 0;  // each sweep's points once
  double throttled_share = results::kNaN;       // throttled_points / points (NaN: no points)
  std::vector<std::string> throttle_reasons;    // every reason seen on a throttled point, by name
  double temperature_median_c = results::kNaN, temperature_max_c = results::kNaN;
  double sm_clock_median_mhz = results::kNaN, sm_clock_min_mhz = results::kNaN;
  std::vector<std::string> errors;  // start error, the rank's error, campaign errors ("kernel repeat R: ...")
};

// One (rank, kernel, repeat) sweep as GPU health counts it: its first finished campaign's plateau.
struct SweepHealth {
  std::int64_t rank = 0;
  std::string kernel;
  std::int64_t repeat = 0;
  bool finished = false;            // a finished campaign (compare_figures.hpp) has its points
  double plateau = results::kNaN;   // sweep_plateau of that campaign (NaN: none finished)
  std::string metric_unit;          // that campaign's ("" when none finished)
  // Its points once by size over all its campaigns (the first met decides), those throttled and those that
  // missed the noise target: the report's flagged-point counts (report_flagged_points.hpp).
  std::int64_t points = 0, throttled_points = 0, unconverged_points = 0;
};

// One GPU's evidence before it is compared with the others: what judge_gpus needs of its points, made by
// the rank that holds them (a run written in parts sends it to rank 0; the root file's /summary keeps it).
struct GpuEvidence {
  std::int64_t rank = 0;
  std::string host, pci_bus, uuid, serial, model;  // model: model label (compare_figures.hpp)
  bool started = true;                             // no start error
  std::int64_t points = 0, throttled_points = 0, unhealthy_points = 0;  // each sweep's points once
  std::uint64_t throttle_reasons = 0;  // NVML clock-event reasons seen on throttled points (kThrottleReasons)
  double temperature_median_c = results::kNaN, temperature_max_c = results::kNaN;
  double sm_clock_median_mhz = results::kNaN, sm_clock_min_mhz = results::kNaN;
  std::string errors;               // GpuVerdict::errors, one per line
  std::vector<SweepHealth> sweeps;  // by kernel, then repeat
};

inline constexpr auto kSweepHealthFields = std::make_tuple(
    record::field("rank", &SweepHealth::rank), record::field("kernel", &SweepHealth::kernel),
    record::field("repeat", &SweepHealth::repeat), record::field("finished", &SweepHealth::finished),
    record::field("plateau", &SweepHealth::plateau), record::field("metric_unit", &SweepHealth::metric_unit),
    record::field("points", &SweepHealth::points), record::field("throttled_points", &SweepHealth::throttled_points),
    record::field("unconverged_points", &SweepHealth::unconverged_points));

// GpuEvidence's fields but its sweeps.
inline constexpr auto kGpuEvidenceFields = std::make_tuple(
    record::field("rank", &GpuEvidence::rank), record::field("host", &GpuEvidence::host),
    record::field("pci_bus", &GpuEvidence::pci_bus), record::field("uuid", &GpuEvidence::uuid),
    record::field("serial", &GpuEvidence::serial), record::field("model", &GpuEvidence::model),
    record::field("started", &GpuEvidence::started), record::field("points", &GpuEvidence::points),
    record::field("throttled_points", &GpuEvidence::throttled_points),
    record::field("unhealthy_points", &GpuEvidence::unhealthy_points),
    record::field("throttle_reasons", &GpuEvidence::throttle_reasons),
    record::field("temperature_median_c", &GpuEvidence::temperature_median_c),
    record::field("temperature_max_c", &GpuEvidence::temperature_max_c),
    record::field("sm_clock_median_mhz", &GpuEvidence::sm_clock_median_mhz),
    record::field("sm_clock_min_mhz", &GpuEvidence::sm_clock_min_mhz), record::field("errors", &GpuEvidence::errors));

GpuEvidence gpu_evidence(const results::RankResult& rank);

// One sweep's plateau, detector-independent: detect::plateau of its points' throughputs (NaN: none).
double sweep_plateau(const results::Campaign& sweep);

// Judges every rank of `ranks`, worst first (faulty, throttling, slow, unknown, healthy; then by the largest
// deficit, then rank). A sweep is a (rank, kernel, repeat): its finished campaigns share its points, and
// it counts once. The reference of a kernel is `reference`'s plateau when it has one for the model (or, by
// UUID, the GPU's own), else the median over the other same-model ranks of their median sweep plateaus.
std::vector<GpuVerdict> judge_gpus(const std::vector<results::RankResult>& ranks, const HealthRule& rule = {},
                                   const HealthReference* reference = nullptr);
// The same from each GPU's evidence (gpu_evidence of each rank): equal verdicts.
std::vector<GpuVerdict> judge_gpus(const std::vector<GpuEvidence>& gpus, const HealthRule& rule = {},
                                   const HealthReference* reference = nullptr);

// The reference a results file gives (`report --reference FILE`): per (model label, kernel) the median over
// its started ranks of their median sweep plateaus, and per (UUID, kernel) each GPU's own.
HealthReference health_reference(const std::vector<results::RankResult>& ranks, const std::string& label);
// The same from a device-profile database (`report --reference DB`): over every source's sweeps (their
// consensus figures) with a plateau, each GPU's history by UUID across the runs added to it.
HealthReference health_reference(const ProfileDb& db, const std::string& label);

// Whether any verdict is at least `worst`; the ranks that are, in `named`.
bool any_at_least(const std::vector<GpuVerdict>& verdicts, Health worst, std::vector<int>* named = nullptr);

}  // namespace autobench::stats
