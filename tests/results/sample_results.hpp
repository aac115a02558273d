// Sample run data with every field set away from its default (NaN, infinities, 64-bit extremes,
// awkward strings), and field-by-field comparisons in which NaN equals NaN: shared by the JSON,
// HDF5 and report tests. The comparisons list every field by hand, independently of result_fields.hpp.
#pragma once

#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <limits>
#include <string>
#include <vector>

#include "suite/results/results.hpp"

namespace autobench::testing {

inline constexpr double kInf = std::numeric_limits<double>::infinity();

inline results::DeviceInfo sample_device(int rank) {
  results::DeviceInfo d;
  d.backend = "sim";
  d.name = "sim: RTX 4000 Ada \"model\" #" + std::to_string(rank);
  d.model = rank == 1 ? "sim-5000" : "sim-4000";
  d.uuid = "GPU-0000-" + std::to_string(rank);
  d.serial = rank == 0 ? "1652123012345" : "";  // NVML gives none for most consumer boards
  d.pci_bus_id = "00000000:0" + std::to_string(rank) + ":00.0";
  d.hostname = "node" + std::to_string(rank) + ".cluster";
  d.cc_major = 8;
  d.cc_minor = 9;
  d.sm_count = 48 + rank;
  d.memory_total_bytes = 20ULL * 1024 * 1024 * 1024 + static_cast<std::uint64_t>(rank);
  d.l2_bytes = 48ULL * 1024 * 1024;
  d.sm_clock_max_mhz = 2175.5;
  d.sm_clock_current_mhz = 0.1 + rank;
  d.mem_clock_max_mhz = 9001.0;
  d.mem_clock_current_mhz = results::kNaN;
  d.power_limit_w = 130.25;
  d.driver_version = "550.54.15";
  d.runtime_version = "12.4";
  d.power_sensor = rank == 1 ? "unavailable: libnvidia-ml.so.1: cannot open" : "nvml";
  d.calibration = rank == 0 ? R"({"device_uuid": "GPU-0000-0", "reference_clock_mhz": 2175.5})" : "";
  return d;
}

inline results::Point sample_point(std::uint64_t size, double seconds, bool refinement) {
  results::Point p;
  p.size = size;
  p.time_mean_s = seconds;
  p.time_median_s = seconds * 0.99;
  p.time_min_s = seconds / 3.0;  // not exactly representable: tests round-trip exactness
  p.time_stddev_s = 1e-300;
  p.iterations = 32;
  p.throughput = 12.0 * static_cast<double>(size) / seconds * 1e-9;
  p.tunables = refinement ? "" : "BLOCK_SIZE=256,VW=4";
  p.sm_clock_mhz = 2100.0;
  p.temperature_c = 61.5;
  p.clock_event_reasons = 0x8000000000000004ULL;
  p.power_w = results::kNaN;
  p.power_corrected_w = -kInf;
  p.energy_j = 5e-324;  // smallest subnormal
  p.refinement = refinement;
  p.power_filtered_w = 101.25;
  p.energy_counter_j = 1e-3 / 3.0;
  p.energy_corrected_j = results::kNaN;
  p.efficiency = kInf;
  p.efficiency_corrected = 7.5e6;
  p.power_window_s = 1.0000000001;
  p.power_launches = std::numeric_limits<std::int64_t>::max();
  p.power_samples = 117;
  p.power_updates = -1;
  p.power_sm_clock_mhz = 1980.5;
  p.power_temperature_c = 44.25;
  p.energy_instant_j = 2.5e-4;
  p.power_reason = refinement ? "knee" : "post_knee";
  p.power_cost_s = 0.375;
  p.tune_measured = 2;
  p.tune_probes = "BLOCK_SIZE=256@0.00125;BLOCK_SIZE=512@0.0025";
  p.tune_predicted_s = 1.25e-3;
  p.tune_resources = "BLOCK_SIZE=256@32/0;BLOCK_SIZE=512@40/0";
  p.mem_clock_mhz = 2619.0;
  p.noise = 0.00123;
  p.throttled = refinement;
  p.launch_times_s = {1.5e-5f, 2.25e-5f, static_cast<float>(seconds)};
  return p;
}

inline results::Campaign sample_campaign(int rank, const std::string& kernel, const std::string& detector, int repeat,
                                         std::int64_t knee_index) {
  results::Campaign c;
  c.rank = rank;
  c.kernel = kernel;
  c.detector = detector;
  c.repeat = repeat;
  c.metric_unit = "GB/s";
  for (int i = 0; i < 7; ++i) {
    c.points.push_back(sample_point(1024ULL << i, 1e-5 * (i + 1) + 1e-7 * rank, i == 6));
  }
  c.knee_detected = knee_index < 6;
  c.knee_index = knee_index;
  c.knee_size = c.points[static_cast<std::size_t>(knee_index)].size;
  c.knee_quality = rank == 0 ? 0.9123456789012345 : results::kNaN;
  c.plateau = rank == 0 ? 305.0947018607301 : results::kNaN;
  c.knee_position = rank == 0 ? 0.5 + 0.125 * repeat : results::kNaN;
  c.x_scale = rank == 0 ? "log" : "linear";
  c.timing_mode = kernel == "vecadd" ? "cold" : "warm";
  c.estimator = "median";
  c.knee_low_size = rank == 0 ? 3000.5 : results::kNaN;
  c.knee_high_size = rank == 0 ? 9000.25 : results::kNaN;
  c.knee_found_fraction = rank == 0 ? 0.975 : results::kNaN;
  c.stop_reason = c.knee_detected ? results::StopReason::knee : results::StopReason::interrupted;
  c.error = c.knee_detected ? "" : "line one\nline \"two\" \u00e9";
  c.detector_params = "threshold=0.05,min_points=5";
  c.max_size = std::numeric_limits<std::uint64_t>::max();
  c.elapsed_s = 12.345678901234567;
  c.complete = c.knee_detected;
  c.power_reference_clock_mhz = rank == 0 ? 1980.0 : results::kNaN;
  c.power_reference_temperature_c = rank == 0 ? 35.5 + repeat : results::kNaN;
  return c;
}

inline results::RunInfo sample_run_info() {
  results::RunInfo info;
  info.version = "0.1.0";
  info.git_commit = "0123456789ab";
  info.command_line = "autobench-mpi --suite quick --backend sim --output 'my results'";
  info.suite = "quick";
  info.backend = "sim";
  info.start_time = "2024-05-01T10:00:00Z";
  info.end_time = "2024-05-01T10:05:30Z";
  info.ranks = 3;
  info.complete = false;
  return info;
}

// Ranks 0 and 1 ran two kernels with two repeats each (rank 1 repeat 1 found no knee and was
// interrupted); rank 2 could not start.
inline std::vector<results::RankResult> sample_ranks() {
  std::vector<results::RankResult> ranks(3);
  for (int r = 0; r < 3; ++r) {
    ranks[r].rank = r;
    ranks[r].device = sample_device(r);
  }
  for (int r = 0; r < 2; ++r) {
    for (const char* kernel : {"vecadd", "gemm"}) {
      for (int repeat = 0; repeat < 2; ++repeat) {
        ranks[r].campaigns.push_back(sample_campaign(r, kernel, "kneedle", repeat, 3 + repeat + 2 * r));
      }
    }
  }
  ranks[2].start_error = "cudaSetDevice failed: no CUDA-capable device";
  return ranks;
}

inline bool same_double(double a, double b) { return (std::isnan(a) && std::isnan(b)) || a == b; }

#define AUTOBENCH_EXPECT_SAME_DOUBLE(a, b) EXPECT_PRED2(::autobench::testing::same_double, a, b)

inline void expect_same(const results::DeviceInfo& a, const results::DeviceInfo& b) {
  EXPECT_EQ(a.backend, b.backend);
  EXPECT_EQ(a.name, b.name);
  EXPECT_EQ(a.model, b.model);
  EXPECT_EQ(a.uuid, b.uuid);
  EXPECT_EQ(a.serial, b.serial);
  EXPECT_EQ(a.pci_bus_id, b.pci_bus_id);
  EXPECT_EQ(a.hostname, b.hostname);
  EXPECT_EQ(a.cc_major, b.cc_major);
  EXPECT_EQ(a.cc_minor, b.cc_minor);
  EXPECT_EQ(a.sm_count, b.sm_count);
  EXPECT_EQ(a.memory_total_bytes, b.memory_total_bytes);
  EXPECT_EQ(a.l2_bytes, b.l2_bytes);
  AUTOBENCH_EXPECT_SAME_DOUBLE(a.sm_clock_max_mhz, b.sm_clock_max_mhz);
  AUTOBENCH_EXPECT_SAME_DOUBLE(a.sm_clock_current_mhz, b.sm_clock_current_mhz);
  AUTOBENCH_EXPECT_SAME_DOUBLE(a.mem_clock_max_mhz, b.mem_clock_max_mhz);
  AUTOBENCH_EXPECT_SAME_DOUBLE(a.mem_clock_current_mhz, b.mem_clock_current_mhz);
  AUTOBENCH_EXPECT_SAME_DOUBLE(a.power_limit_w, b.power_limit_w);
  EXPECT_EQ(a.driver_version, b.driver_version);
  EXPECT_EQ(a.runtime_version, b.runtime_version);
  EXPECT_EQ(a.power_sensor, b.power_sensor);
  EXPECT_EQ(a.calibration, b.calibration);
}

inline void expect_same(const results::Point& a, const results::Point& b) {
  EXPECT_EQ(a.size, b.size);
  AUTOBENCH_EXPECT_SAME_DOUBLE(a.time_mean_s, b.time_mean_s);
  AUTOBENCH_EXPECT_SAME_DOUBLE(a.time_median_s, b.time_median_s);
  AUTOBENCH_EXPECT_SAME_DOUBLE(a.time_min_s, b.time_min_s);
  AUTOBENCH_EXPECT_SAME_DOUBLE(a.time_stddev_s, b.time_stddev_s);
  EXPECT_EQ(a.iterations, b.iterations);
  AUTOBENCH_EXPECT_SAME_DOUBLE(a.throughput, b.throughput);
  EXPECT_EQ(a.tunables, b.tunables);
  AUTOBENCH_EXPECT_SAME_DOUBLE(a.sm_clock_mhz, b.sm_clock_mhz);
  AUTOBENCH_EXPECT_SAME_DOUBLE(a.temperature_c, b.temperature_c);
  EXPECT_EQ(a.clock_event_reasons, b.clock_event_reasons);
  AUTOBENCH_EXPECT_SAME_DOUBLE(a.power_w, b.power_w);
  AUTOBENCH_EXPECT_SAME_DOUBLE(a.power_corrected_w, b.power_corrected_w);
  AUTOBENCH_EXPECT_SAME_DOUBLE(a.energy_j, b.energy_j);
  EXPECT_EQ(a.refinement, b.refinement);
  AUTOBENCH_EXPECT_SAME_DOUBLE(a.power_filtered_w, b.power_filtered_w);
  AUTOBENCH_EXPECT_SAME_DOUBLE(a.energy_counter_j, b.energy_counter_j);
  AUTOBENCH_EXPECT_SAME_DOUBLE(a.energy_corrected_j, b.energy_corrected_j);
  AUTOBENCH_EXPECT_SAME_DOUBLE(a.efficiency, b.efficiency);
  AUTOBENCH_EXPECT_SAME_DOUBLE(a.efficiency_corrected, b.efficiency_corrected);
  AUTOBENCH_EXPECT_SAME_DOUBLE(a.power_window_s, b.power_window_s);
  EXPECT_EQ(a.power_launches, b.power_launches);
  EXPECT_EQ(a.power_samples, b.power_samples);
  EXPECT_EQ(a.power_updates, b.power_updates);
  AUTOBENCH_EXPECT_SAME_DOUBLE(a.power_sm_clock_mhz, b.power_sm_clock_mhz);
  AUTOBENCH_EXPECT_SAME_DOUBLE(a.power_temperature_c, b.power_temperature_c);
  EXPECT_EQ(a.tune_measured, b.tune_measured);
  EXPECT_EQ(a.tune_probes, b.tune_probes);
  AUTOBENCH_EXPECT_SAME_DOUBLE(a.tune_predicted_s, b.tune_predicted_s);
  EXPECT_EQ(a.tune_resources, b.tune_resources);
  AUTOBENCH_EXPECT_SAME_DOUBLE(a.mem_clock_mhz, b.mem_clock_mhz);
  AUTOBENCH_EXPECT_SAME_DOUBLE(a.noise, b.noise);
  EXPECT_EQ(a.throttled, b.throttled);
  EXPECT_EQ(a.launch_times_s, b.launch_times_s);
}

inline void expect_same(const results::Campaign& a, const results::Campaign& b) {
  SCOPED_TRACE("campaign rank" + std::to_string(a.rank) + "/" + a.kernel + "/" + a.detector + "/repeat" +
               std::to_string(a.repeat));
  EXPECT_EQ(a.rank, b.rank);
  EXPECT_EQ(a.kernel, b.kernel);
  EXPECT_EQ(a.detector, b.detector);
  EXPECT_EQ(a.repeat, b.repeat);
  EXPECT_EQ(a.metric_unit, b.metric_unit);
  ASSERT_EQ(a.points.size(), b.points.size());
  for (std::size_t i = 0; i < a.points.size(); ++i) {
    SCOPED_TRACE("point " + std::to_string(i));
    expect_same(a.points[i], b.points[i]);
  }
  EXPECT_EQ(a.knee_detected, b.knee_detected);
  EXPECT_EQ(a.knee_index, b.knee_index);
  EXPECT_EQ(a.knee_size, b.knee_size);
  AUTOBENCH_EXPECT_SAME_DOUBLE(a.knee_quality, b.knee_quality);
  AUTOBENCH_EXPECT_SAME_DOUBLE(a.plateau, b.plateau);
  AUTOBENCH_EXPECT_SAME_DOUBLE(a.knee_position, b.knee_position);
  EXPECT_EQ(a.x_scale, b.x_scale);
  EXPECT_EQ(a.timing_mode, b.timing_mode);
  EXPECT_EQ(a.estimator, b.estimator);
  AUTOBENCH_EXPECT_SAME_DOUBLE(a.knee_low_size, b.knee_low_size);
  AUTOBENCH_EXPECT_SAME_DOUBLE(a.knee_high_size, b.knee_high_size);
  AUTOBENCH_EXPECT_SAME_DOUBLE(a.knee_found_fraction, b.knee_found_fraction);
  EXPECT_EQ(a.stop_reason, b.stop_reason);
  EXPECT_EQ(a.error, b.error);
  EXPECT_EQ(a.detector_params, b.detector_params);
  EXPECT_EQ(a.max_size, b.max_size);
  AUTOBENCH_EXPECT_SAME_DOUBLE(a.elapsed_s, b.elapsed_s);
  EXPECT_EQ(a.complete, b.complete);
  AUTOBENCH_EXPECT_SAME_DOUBLE(a.power_reference_clock_mhz, b.power_reference_clock_mhz);
  AUTOBENCH_EXPECT_SAME_DOUBLE(a.power_reference_temperature_c, b.power_reference_temperature_c);
}

inline void expect_same(const results::RankResult& a, const results::RankResult& b) {
  SCOPED_TRACE("rank " + std::to_string(a.rank));
  EXPECT_EQ(a.rank, b.rank);
  expect_same(a.device, b.device);
  EXPECT_EQ(a.start_error, b.start_error);
  EXPECT_EQ(a.error, b.error);
  ASSERT_EQ(a.campaigns.size(), b.campaigns.size());
  for (std::size_t i = 0; i < a.campaigns.size(); ++i) expect_same(a.campaigns[i], b.campaigns[i]);
}

inline void expect_same(const results::RunInfo& a, const results::RunInfo& b) {
  EXPECT_EQ(a.version, b.version);
  EXPECT_EQ(a.git_commit, b.git_commit);
  EXPECT_EQ(a.command_line, b.command_line);
  EXPECT_EQ(a.suite, b.suite);
  EXPECT_EQ(a.backend, b.backend);
  EXPECT_EQ(a.start_time, b.start_time);
  EXPECT_EQ(a.end_time, b.end_time);
  EXPECT_EQ(a.ranks, b.ranks);
  EXPECT_EQ(a.complete, b.complete);
}

}  // namespace autobench::testing
