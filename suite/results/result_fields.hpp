// The schema names of the fields of device and result records, as lists of member pointers that the
// JSON and HDF5 code both walk: each record's field set and names are written down once, here.
#pragma once

#include <tuple>

#include "record/fields.hpp"
#include "suite/results/results.hpp"

namespace autobench::results {

// Every field of DeviceInfo (the /devices/rank<R> attributes besides rank and start_error).
inline constexpr auto kDeviceFields = std::make_tuple(
    record::field("backend", &DeviceInfo::backend), record::field("name", &DeviceInfo::name),
    record::field("model", &DeviceInfo::model), record::field("uuid", &DeviceInfo::uuid),
    record::field("pci_bus_id", &DeviceInfo::pci_bus_id), record::field("hostname", &DeviceInfo::hostname),
    record::field("cc_major", &DeviceInfo::cc_major), record::field("cc_minor", &DeviceInfo::cc_minor),
    record::field("sm_count", &DeviceInfo::sm_count),
    record::field("memory_total_bytes", &DeviceInfo::memory_total_bytes),
    record::field("l2_bytes", &DeviceInfo::l2_bytes),
    record::field("sm_clock_max_mhz", &DeviceInfo::sm_clock_max_mhz),
    record::field("sm_clock_current_mhz", &DeviceInfo::sm_clock_current_mhz),
    record::field("mem_clock_max_mhz", &DeviceInfo::mem_clock_max_mhz),
    record::field("mem_clock_current_mhz", &DeviceInfo::mem_clock_current_mhz),
    record::field("power_limit_w", &DeviceInfo::power_limit_w),
    record::field("driver_version", &DeviceInfo::driver_version),
    record::field("runtime_version", &DeviceInfo::runtime_version),
    record::field("power_sensor", &DeviceInfo::power_sensor),
    record::field("calibration", &DeviceInfo::calibration));

// Every field of Point (the per-campaign datasets).
inline constexpr auto kPointFields = std::make_tuple(
    record::field("size", &Point::size), record::field("time_mean_s", &Point::time_mean_s),
    record::field("time_median_s", &Point::time_median_s), record::field("time_min_s", &Point::time_min_s),
    record::field("time_stddev_s", &Point::time_stddev_s), record::field("iterations", &Point::iterations),
    record::field("throughput", &Point::throughput), record::field("tunables", &Point::tunables),
    record::field("sm_clock_mhz", &Point::sm_clock_mhz), record::field("temperature_c", &Point::temperature_c),
    record::field("clock_event_reasons", &Point::clock_event_reasons), record::field("power_w", &Point::power_w),
    record::field("power_corrected_w", &Point::power_corrected_w), record::field("energy_j", &Point::energy_j),
    record::field("refinement", &Point::refinement), record::field("power_filtered_w", &Point::power_filtered_w),
    record::field("energy_counter_j", &Point::energy_counter_j),
    record::field("energy_corrected_j", &Point::energy_corrected_j),
    record::field("efficiency", &Point::efficiency),
    record::field("efficiency_corrected", &Point::efficiency_corrected),
    record::field("power_window_s", &Point::power_window_s), record::field("power_launches", &Point::power_launches),
    record::field("power_samples", &Point::power_samples), record::field("power_updates", &Point::power_updates),
    record::field("power_sm_clock_mhz", &Point::power_sm_clock_mhz),
    record::field("power_temperature_c", &Point::power_temperature_c), record::field("noise", &Point::noise),
    record::field("throttled", &Point::throttled), record::field("energy_instant_j", &Point::energy_instant_j),
    record::field("power_reason", &Point::power_reason), record::field("power_cost_s", &Point::power_cost_s),
    record::field("tune_measured", &Point::tune_measured),
    record::field("tune_probes", &Point::tune_probes), record::field("tune_predicted_s", &Point::tune_predicted_s));

// The fields of Point added after files were written without them: written like the others, read where
// present (journals and HDF5 files written before keep the defaults).
inline constexpr auto kPointAddedFields = std::make_tuple(record::field("tune_resources", &Point::tune_resources),
                                                         record::field("mem_clock_mhz", &Point::mem_clock_mhz),
                                                         record::field("throttle_reason", &Point::throttle_reason),
                                                         record::field("converged", &Point::converged));

// Every field of Campaign but its points (the per-campaign attributes the run measured).
inline constexpr auto kCampaignFields = std::make_tuple(
    record::field("rank", &Campaign::rank), record::field("kernel", &Campaign::kernel),
    record::field("detector", &Campaign::detector), record::field("repeat", &Campaign::repeat),
    record::field("metric_unit", &Campaign::metric_unit), record::field("knee_detected", &Campaign::knee_detected),
    record::field("knee_index", &Campaign::knee_index), record::field("knee_size", &Campaign::knee_size),
    record::field("knee_quality", &Campaign::knee_quality), record::field("plateau", &Campaign::plateau),
    record::field("knee_position", &Campaign::knee_position), record::field("x_scale", &Campaign::x_scale),
    record::field("stop_reason", &Campaign::stop_reason), record::field("error", &Campaign::error),
    record::field("detector_params", &Campaign::detector_params), record::field("max_size", &Campaign::max_size),
    record::field("elapsed_s", &Campaign::elapsed_s), record::field("complete", &Campaign::complete),
    record::field("power_reference_clock_mhz", &Campaign::power_reference_clock_mhz),
    record::field("power_reference_temperature_c", &Campaign::power_reference_temperature_c),
    record::field("timing_mode", &Campaign::timing_mode), record::field("estimator", &Campaign::estimator),
    record::field("knee_low_size", &Campaign::knee_low_size),
    record::field("knee_high_size", &Campaign::knee_high_size),
    record::field("knee_found_fraction", &Campaign::knee_found_fraction));

// The fields of Campaign added after files were written without them (the L2 regimes): written like the
// others, read where present (a file from before has them computed from its campaigns' points).
inline constexpr auto kCampaignAddedFields =
    std::make_tuple(record::field("regime", &Campaign::regime), record::field("regime_peak_size", &Campaign::regime_peak_size),
                    record::field("regime_fallout_size", &Campaign::regime_fallout_size));

// The fields of DeviceInfo added after files were written without them: written like the others, read
// where present (a file or journal from before has an empty serial).
inline constexpr auto kDeviceAddedFields = std::make_tuple(record::field("serial", &DeviceInfo::serial));

// Every field of RunInfo but `complete` (a bool in JSON, the root attribute `status` in HDF5).
inline constexpr auto kRunFields = std::make_tuple(
    record::field("autobench_version", &RunInfo::version), record::field("git_commit", &RunInfo::git_commit),
    record::field("command_line", &RunInfo::command_line), record::field("suite", &RunInfo::suite),
    record::field("backend", &RunInfo::backend), record::field("start_time", &RunInfo::start_time),
    record::field("end_time", &RunInfo::end_time), record::field("ranks", &RunInfo::ranks));

}  // namespace autobench::results
