// The measured data of a run: points on a curve, campaigns, and everything rank 0 gathers.
// Plain data, shared by the autoscaler, the MPI gather, the journals and every writer/reader.
#pragma once

#include <cstdint>
#include <limits>
#include <optional>
#include <string>
#include <vector>

#include "suite/backend/device.hpp"

namespace autobench::results {

inline constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

// One problem size on a curve: the best configuration's timing statistics and what was seen meanwhile.
struct Point {
  std::uint64_t size = 0;
  double time_mean_s = kNaN, time_median_s = kNaN, time_min_s = kNaN, time_stddev_s = kNaN;
  std::int64_t iterations = 0;     // timed iterations behind the statistics
  double throughput = kNaN;        // metric from the mean time (GB/s or GFLOP/s)
  std::string tunables;            // best configuration, "" when the kernel has none
  double sm_clock_mhz = kNaN;
  double temperature_c = kNaN;
  std::uint64_t clock_event_reasons = 0;
  double power_w = kNaN;           // raw mean power over the point's power window (unfiltered trace)
  double power_corrected_w = kNaN; // after frequency/temperature correction (NaN: no calibration)
  double energy_j = kNaN;          // energy per launch: mean (filtered) power x window / launches
  // The point's power window (NaN / 0 when there was none): the kernel repeated with the best
  // configuration while the sensor was sampled (see README "Power and energy").
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
  bool refinement = false;         // measured by knee refinement rather than the geometric sweep
};

// Why a sweep ended.
enum class StopReason { knee, max_size, out_of_memory, error, interrupted };
const char* to_string(StopReason r);
StopReason stop_reason_from_string(const std::string& s);  // throws std::invalid_argument

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
};

// One rank's contribution: its device and its campaigns (or why it could not start).
struct RankResult {
  int rank = 0;
  backend::DeviceInfo device;
  std::string start_error;         // non-empty: the rank could not start; no campaigns
  std::string error;               // non-empty: the rank stopped on this error after it started (e.g. its
                                   // device was lost); the campaigns it finished are kept
  std::vector<Campaign> campaigns;
};

// Provenance of a whole run.
struct RunInfo {
  std::string version, git_commit, command_line, suite, backend;
  std::string start_time, end_time;  // ISO 8601 UTC
  int ranks = 0;
  bool complete = true;
};

}  // namespace autobench::results
