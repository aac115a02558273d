// Finding when a polled sensor actually published a new value: its update period and its lag.
#pragma once

#include <cstddef>
#include <span>
#include <vector>

#include "power/sensor.hpp"

namespace autobench::power {

// A field of Sample to examine, e.g. &Sample::power_instant_w.
using SampleField = double Sample::*;

struct SensorUpdates {
  // Samples whose value differs from the previous finite value: the first reading of each new value.
  std::vector<std::size_t> indices;
  // Estimated publication time of each: the midpoint between that sample and the one before it (the
  // update happened somewhere in between, so each time is uncertain by ± half a sampling interval).
  std::vector<double> times_s;
  double period_s = numerics::kNaN;             // median interval between consecutive updates
  double sampling_interval_s = numerics::kNaN;  // median interval between consecutive samples
};

// Polling faster than the sensor updates shows runs of equal values; each change is an update. The
// median interval is robust to the occasional update that repeats the previous value (which looks like
// one interval of twice the period). A trustworthy period needs several updates and a sampling interval
// well below it (sampling_interval_s ≤ period_s / 2); callers should check both.
SensorUpdates detect_updates(std::span<const Sample> trace, SampleField field = &Sample::power_instant_w);

// The lag of a sensor from a known step of the true power at `step_s` that lasts until `end_s` (e.g. a
// kernel of a few seconds launched at `step_s` after idling). The level before is the median of the
// field's samples before `step_s`; the level after is the median of its samples in the second half of
// [step_s, end_s] (so the load must outlast twice the lag plus a few update periods); the response is the
// estimated time (midpoint rule as above) of the first update after `step_s` whose value is past halfway
// between them. Returns response − step_s, or NaN when the trace shows no step (no samples on one side,
// or a change of at most 4 robust standard deviations of the samples before the step). For a sensor that
// averages over a window the result includes about half that window.
double step_response_lag(std::span<const Sample> trace, double step_s, double end_s,
                         SampleField field = &Sample::power_instant_w);

}  // namespace autobench::power
