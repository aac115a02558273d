// The schema names of the fields of device and result records, as lists of member pointers that the
// JSON and HDF5 code both walk: each record's field set and names are written down once, here.
#pragma once

#include <string>
#include <tuple>

#include "suite/results/results.hpp"

namespace autobench::results {

template <class Record, class T>
struct Field {
  const char* name;
  T Record::*member;
};

template <class Record, class T>
constexpr Field<Record, T> field(const char* name, T Record::*member) {
  return {name, member};
}

// Calls f(field) for every field of a list, in order.
template <class Fields, class F>
void for_each_field(const Fields& fields, F&& f) {
  std::apply([&](const auto&... each) { (f(each), ...); }, fields);
}


// Every field of DeviceInfo (the /devices/rank<R> attributes besides rank and start_error).
inline constexpr auto kDeviceFields = std::make_tuple(
    field("backend", &DeviceInfo::backend), field("name", &DeviceInfo::name),
    field("model", &DeviceInfo::model), field("uuid", &DeviceInfo::uuid),
    field("pci_bus_id", &DeviceInfo::pci_bus_id), field("hostname", &DeviceInfo::hostname),
    field("cc_major", &DeviceInfo::cc_major), field("cc_minor", &DeviceInfo::cc_minor),
    field("sm_count", &DeviceInfo::sm_count),
    field("memory_total_bytes", &DeviceInfo::memory_total_bytes),
    field("l2_bytes", &DeviceInfo::l2_bytes),
    field("sm_clock_max_mhz", &DeviceInfo::sm_clock_max_mhz),
    field("sm_clock_current_mhz", &DeviceInfo::sm_clock_current_mhz),
    field("mem_clock_max_mhz", &DeviceInfo::mem_clock_max_mhz),
    field("mem_clock_current_mhz", &DeviceInfo::mem_clock_current_mhz),
    field("power_limit_w", &DeviceInfo::power_limit_w),
    field("driver_version", &DeviceInfo::driver_version),
    field("runtime_version", &DeviceInfo::runtime_version), field("power_sensor", &DeviceInfo::power_sensor),
    field("calibration", &DeviceInfo::calibration));

// Every field of Point (the per-campaign datasets).
inline constexpr auto kPointFields = std::make_tuple(
    field("size", &Point::size), field("time_mean_s", &Point::time_mean_s),
    field("time_median_s", &Point::time_median_s), field("time_min_s", &Point::time_min_s),
    field("time_stddev_s", &Point::time_stddev_s), field("iterations", &Point::iterations),
    field("throughput", &Point::throughput), field("tunables", &Point::tunables),
    field("sm_clock_mhz", &Point::sm_clock_mhz), field("temperature_c", &Point::temperature_c),
    field("clock_event_reasons", &Point::clock_event_reasons), field("power_w", &Point::power_w),
    field("power_corrected_w", &Point::power_corrected_w), field("energy_j", &Point::energy_j),
    field("refinement", &Point::refinement), field("power_filtered_w", &Point::power_filtered_w),
    field("energy_counter_j", &Point::energy_counter_j), field("energy_corrected_j", &Point::energy_corrected_j),
    field("efficiency", &Point::efficiency), field("efficiency_corrected", &Point::efficiency_corrected),
    field("power_window_s", &Point::power_window_s), field("power_launches", &Point::power_launches),
    field("power_samples", &Point::power_samples), field("power_updates", &Point::power_updates),
    field("power_sm_clock_mhz", &Point::power_sm_clock_mhz),
    field("power_temperature_c", &Point::power_temperature_c), field("noise", &Point::noise),
    field("throttled", &Point::throttled), field("energy_instant_j", &Point::energy_instant_j),
    field("power_reason", &Point::power_reason), field("power_cost_s", &Point::power_cost_s),
    field("tune_measured", &Point::tune_measured),
    field("tune_probes", &Point::tune_probes), field("tune_predicted_s", &Point::tune_predicted_s));

// Every field of Campaign but its points (the per-campaign attributes the run measured).
inline constexpr auto kCampaignFields = std::make_tuple(
    field("rank", &Campaign::rank), field("kernel", &Campaign::kernel),
    field("detector", &Campaign::detector), field("repeat", &Campaign::repeat),
    field("metric_unit", &Campaign::metric_unit), field("knee_detected", &Campaign::knee_detected),
    field("knee_index", &Campaign::knee_index), field("knee_size", &Campaign::knee_size),
    field("knee_quality", &Campaign::knee_quality), field("plateau", &Campaign::plateau),
    field("knee_position", &Campaign::knee_position), field("x_scale", &Campaign::x_scale),
    field("stop_reason", &Campaign::stop_reason), field("error", &Campaign::error),
    field("detector_params", &Campaign::detector_params), field("max_size", &Campaign::max_size),
    field("elapsed_s", &Campaign::elapsed_s), field("complete", &Campaign::complete),
    field("power_reference_clock_mhz", &Campaign::power_reference_clock_mhz),
    field("power_reference_temperature_c", &Campaign::power_reference_temperature_c),
    field("timing_mode", &Campaign::timing_mode), field("estimator", &Campaign::estimator),
    field("knee_low_size", &Campaign::knee_low_size), field("knee_high_size", &Campaign::knee_high_size),
    field("knee_found_fraction", &Campaign::knee_found_fraction));

// Every field of RunInfo but `complete` (a bool in JSON, the root attribute `status` in HDF5).
inline constexpr auto kRunFields = std::make_tuple(
    field("autobench_version", &RunInfo::version), field("git_commit", &RunInfo::git_commit),
    field("command_line", &RunInfo::command_line), field("suite", &RunInfo::suite),
    field("backend", &RunInfo::backend), field("start_time", &RunInfo::start_time),
    field("end_time", &RunInfo::end_time), field("ranks", &RunInfo::ranks));

}  // namespace autobench::results
