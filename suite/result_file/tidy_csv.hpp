// The tidy (long) table of a results file: one row per measured point of every campaign, for pandas,
// R and spreadsheets (`export --tidy`, columns documented in docs/tidy.md).
#pragma once

#include <string>

#include "suite/results/result_file.hpp"

namespace autobench::result_file {

// A header row, then one row per point of every campaign of every rank, in file order. Columns: rank,
// host, device, model, backend, kernel, detector, repeat, point (index in the sweep), size, time_s (the
// mean), throughput, unit (of throughput), power_w, energy_j (per launch), efficiency (work per joule),
// refinement (0/1), knee_detected (0/1, the campaign's), knee_status (found, edge or none), is_knee (1 on
// the knee's point), knee_size, knee_low_size, knee_high_size (its 95% interval), throttled (0/1),
// throttle_reason, energy_counter_j, energy_instant_j (per launch, from the energy counter and from the
// integrated instant power of the same window), counter_to_integrated (their ratio), converged (0/1: 0
// when the launch or time cap stopped the point before its noise reached the target) and regime (the L2
// regime of the campaign's knee: single, cache or memory; docs/knees.md). Numbers in their shortest exact form, a missing one
// (NaN) as an empty field; strings quoted as RFC 4180 wants.
std::string tidy_csv(const results::ResultFile& file);

}  // namespace autobench::result_file
