// The tidy tables of a results file (`export --tidy`, columns in docs/tidy.md): one row per measured point
// (points.csv), one row per detector campaign (campaigns.csv), joined on rank and sweep, and their join
// as earlier versions wrote it (tidy.csv).
#pragma once

#include <cstddef>
#include <string>

#include "suite/results/result_file.hpp"

namespace autobench::result_file {

// One tidy table written a rank at a time (`export --tidy` reads the file one rank at a time, so its memory
// follows one rank's campaigns, not the run's): its file name, its header row, and the function that
// appends one rank's rows to a text and returns their number.
struct TidyTable {
  const char* file;
  std::string (*header)();
  std::size_t (*append_rows)(const results::RankResult& rank, std::string& out);
};

// points.csv: one row per point of every sweep of every rank (each measurement once, whichever detectors ran
// on it: share_sweeps), in file order: the rank and its card (host, pci_bus, uuid, device, model, backend), the
// sweep (kernel, repeat, sweep, point, size, refinement), timing (time_s, time_median_s, time_min_s,
// time_stddev_s, throughput, unit), power (power_w, energy_j, efficiency), telemetry (temperature_c,
// sm_clock_mhz, mem_clock_mhz), throttling (throttled, throttle_reasons: the NVML reasons' names joined by
// "+", clock_fell, sweep_sm_clock_mhz: the sweep's normal clock) and convergence (noise, launches, capped:
// 1 when the noise target was not reached within the launch and time caps, the point's `converged` flag).
extern const TidyTable kPointsTable;

// campaigns.csv: one row per campaign (rank, kernel, detector, repeat): the rank's card, the sweep it ran on,
// the knee (knee_detected, knee_status, knee_size, knee_low_size, knee_high_size, knee_found_fraction,
// regime: the knee's L2 regime, single, cache or memory), the curve (plateau, throughput_at_knee, unit,
// knee_quality, points) and how it ended (stop_reason, complete, elapsed_s, error).
extern const TidyTable kCampaignsTable;

// tidy.csv: the two tables joined, one row per point of every campaign (kept for existing scripts), in file
// order. Columns: rank, host, device, model, backend, kernel, detector, repeat, point (index in the sweep),
// size, time_s (the mean), throughput, unit (of throughput), power_w, energy_j (per launch), efficiency (work
// per joule), refinement (0/1), knee_detected (0/1, the campaign's), knee_status (found, edge or none),
// is_knee (1 on the knee's point), knee_size, knee_low_size, knee_high_size (its 95% interval), throttled
// (0/1), throttle_reason, energy_counter_j, energy_instant_j (per launch, from the energy counter and from the
// integrated instant power of the same window), counter_to_integrated (their ratio), converged (0/1: 0 when
// the launch or time cap stopped the point before its noise reached the target) and regime (the L2 regime of
// the campaign's knee: single, cache or memory; docs/knees.md). Numbers in their shortest exact form, a
// missing one (NaN) as an empty field; strings quoted as RFC 4180 wants.
extern const TidyTable kJoinedTable;

}  // namespace autobench::result_file
