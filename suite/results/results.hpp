// The measured data of a run: points on a curve, campaigns, and everything rank 0 gathers.
// Plain data, shared by the autoscaler, the MPI gather, the journals and every writer/reader.
#pragma once

#include <cstdint>
#include <limits>
#include <optional>
#include <string>
#include <vector>

#include "suite/results/device_info.hpp"
#include "record/names.hpp"

namespace autobench::results {

// One problem size on a curve: the best configuration's timing statistics and what was seen meanwhile.
struct Point {
  std::uint64_t size = 0;
  double time_mean_s = kNaN, time_median_s = kNaN, time_min_s = kNaN, time_stddev_s = kNaN;
  std::int64_t iterations = 0;     // timed iterations behind the statistics
  double noise = kNaN;             // relative standard error of the mean time: stddev / sqrt(n) / mean
  bool converged = true;           // its noise reached the run's --noise-target; false: the launch or time cap
                                   // stopped it first (such points sit apart from their size's other repeats)
  double throughput = kNaN;        // metric from the estimator's time (GB/s or GFLOP/s; mean by default)
  std::string tunables;            // best configuration, "" when the kernel has none
  // Telemetry read while its launches were timed (the chosen configuration's): median SM and memory
  // clocks, the highest temperature and every clock-event reason seen (NaN / 0 without NVML).
  double sm_clock_mhz = kNaN;
  double mem_clock_mhz = kNaN;
  double temperature_c = kNaN;
  std::uint64_t clock_event_reasons = 0;
  double power_w = kNaN;           // raw mean power over the point's power window (unfiltered trace)
  double power_corrected_w = kNaN; // after frequency/temperature correction (NaN: no calibration)
  double energy_j = kNaN;          // energy per launch: energy_counter_j when the sensor has a counter, else energy_instant_j
  // The point's power window (NaN / 0 when there was none): the kernel repeated with the best
  // configuration while the sensor was sampled (see docs/power.md).
  double power_filtered_w = kNaN;      // mean of the filtered trace (= power_w with filter none)
  double energy_counter_j = kNaN;      // energy per launch from the sensor's energy counter
  double energy_corrected_j = kNaN;    // power_corrected_w x time_mean_s
  double efficiency = kNaN;            // work per joule (GB/J or GFLOP/J): throughput x time_mean_s / energy_j
  double efficiency_corrected = kNaN;  // the same with energy_corrected_j
  double power_window_s = kNaN;        // length of the measured window
  std::int64_t power_launches = 0;     // launches inside it
  std::int64_t power_samples = 0;      // sensor readings inside it
  std::int64_t power_updates = 0;      // changes of the instant-power reading inside it
  double power_sm_clock_mhz = kNaN;    // mean SM clock over the window
  double power_temperature_c = kNaN;   // mean temperature over the window
  double energy_instant_j = kNaN;      // energy per launch from the mean (filtered) instant power
  std::string power_reason;            // why the point has a window or not (suite/energy/power_points.hpp)
  double power_cost_s = 0.0;           // wall time its power measurement took (0: none)
  bool refinement = false;         // measured by knee refinement rather than the geometric sweep
  bool throttled = false;          // a thermal or power clock-event reason was seen while it was timed, or its
                                   // SM clock fell (suite/autoscale/throttled.hpp)
  std::string throttle_reason;     // why it is throttled: the reasons' names and/or "sm_clock F/NORMAL MHz"
  std::vector<float> launch_times_s;  // every timed launch, in order (the bootstrap's samples; not a column:
                                      // HDF5 keeps them in one flat dataset per campaign)
  // The tuner's search at this size: every configuration it timed, as "CONFIG@SECONDS;..." (probe
  // median), their number (0: the kernel has one configuration), and --tuner model's predicted probe
  // time of the chosen one (NaN otherwise, and at its warm-up sizes); the rest were never timed.
  std::int64_t tune_measured = 0;
  std::string tune_probes;
  double tune_predicted_s = kNaN;
  // With a backend that compiles the kernel (cuda), what each configuration timed takes per block, once
  // each: "CONFIG@REGISTERS/SHARED_BYTES;..." (registers per thread, static shared memory; "" otherwise).
  std::string tune_resources;
};

// Whether a point of this noise reached the noise target (true with no target, 0, or no noise measured).
bool reached_noise_target(double noise, double target);

// The energy counter's energy per launch over that of the integrated (mean filtered) instant power of the
// same window and launches, energy_counter_j / energy_instant_j: 1 when they agree; NaN without both.
double counter_to_integrated(const Point& p);

// Why a sweep ended.
enum class StopReason { knee, max_size, out_of_memory, error, interrupted };
inline constexpr auto kStopReasonNames = record::names<StopReason>(
    "stop reason", {{StopReason::knee, "knee"},
                    {StopReason::max_size, "max_size"},
                    {StopReason::out_of_memory, "out_of_memory"},
                    {StopReason::error, "error"},
                    {StopReason::interrupted, "interrupted"}});
constexpr const auto& names_of(StopReason) { return kStopReasonNames; }  // stored by name (record::StoredByName)

// One (rank, kernel, detector, repeat) cell of the matrix: the curve the detector saw and its knee.
struct Campaign {
  int rank = 0;
  std::string kernel;
  std::string detector;
  int repeat = 0;
  std::string metric_unit;
  std::vector<Point> points;
  bool knee_detected = false;
  std::int64_t knee_index = -1;    // index into points; the last point when no knee was detected
  std::uint64_t knee_size = 0;
  // The knee's quality (detect/quality.hpp), of the last point when no knee was detected; NaN without points.
  double knee_quality = kNaN;      // throughput at the knee as a fraction of the curve's plateau
  double plateau = kNaN;           // that plateau: median of the curve's highest max(3, ceil(n/5)) throughputs
  double knee_position = kNaN;     // the knee's x in the unit interval of the x-space (0: first size, 1: last)
  std::string x_scale;             // the x-space the detector worked in: "log" or "linear"
  StopReason stop_reason = StopReason::max_size;
  std::string error;               // message when stop_reason == error
  std::string detector_params;     // "key=value,..." of the detector and safeguards used
  std::uint64_t max_size = 0;      // the size limit estimated from free memory
  double elapsed_s = 0.0;
  bool complete = true;            // false when interrupted or rebuilt from an unfinished journal
  double power_reference_clock_mhz = kNaN;        // f_ref of the power correction (NaN: not corrected)
  double power_reference_temperature_c = kNaN;    // T_ref: the campaign's lowest window temperature
  std::string timing_mode;         // "cold" (inputs re-initialised, L2 flushed between launches) or "warm"
  // The knee's bootstrap interval (knee_bootstrap.hpp): sizes bounding 95% of the replicate knees; NaN
  // without a knee, without launch times or with --knee-bootstrap 0.
  double knee_low_size = kNaN, knee_high_size = kNaN;
  double knee_found_fraction = kNaN;  // share of the replicates that found a knee
  std::string estimator;           // the time statistic behind the throughput: mean, median or min
  // The L2 hump of the campaign's sweep (detect/regimes.hpp; set by stats::assign_regimes): the regime of
  // its knee ("single": a curve without a hump; "cache", "memory", or "transition" between the two), the
  // size of the cache regime's throughput peak and of the memory regime's first point (the fall-out
  // point); 0 without a hump.
  std::string regime = "single";
  std::uint64_t regime_peak_size = 0;
  std::uint64_t regime_fallout_size = 0;
};

// One rank's contribution: its device and its campaigns (or why it could not start).
struct RankResult {
  int rank = 0;
  DeviceInfo device;
  std::string start_error;         // non-empty: the rank could not start; no campaigns
  std::string error;               // non-empty: the rank stopped on this error after it started (e.g. its
                                   // device was lost); the campaigns it finished are kept
  std::vector<Campaign> campaigns;
};

// The ranks with their incomplete campaigns left out: what a results file's statistics are computed over.
std::vector<RankResult> complete_campaigns(std::vector<RankResult> ranks);

// Provenance of a whole run.
struct RunInfo {
  std::string version, git_commit, command_line, suite, backend;
  std::string start_time, end_time;  // ISO 8601 UTC
  int ranks = 0;
  bool complete = true;
};

}  // namespace autobench::results
