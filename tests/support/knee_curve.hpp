// A known saturating curve as campaigns for the knee-status, consensus and report tests: sizes 1000 * 2^i
// (i = 0..9), throughput min(size / 16000, 1) * 100 GB/s, so the knee is 16000 (index 4).
#pragma once

#include <algorithm>
#include <string>
#include <vector>

#include "suite/results/results.hpp"

namespace autobench::testing {

// The campaign of `detector` on the curve with its knee at index `knee` (none detected: the last point).
inline results::Campaign knee_curve_campaign(int rank, int repeat, const std::string& detector, std::int64_t knee,
                                             bool detected = true, const std::string& kernel = "vecadd") {
  results::Campaign c;
  c.rank = rank;
  c.kernel = kernel;
  c.detector = detector;
  c.repeat = repeat;
  c.metric_unit = "GB/s";
  for (int i = 0; i < 10; ++i) {
    results::Point p;
    p.size = 1000ULL << i;
    p.throughput = std::min(static_cast<double>(p.size) / 16000.0, 1.0) * 100.0;
    p.power_w = 50.0 + i;
    p.efficiency = 2.0 * i;
    c.points.push_back(p);
  }
  c.knee_detected = detected;
  c.knee_index = detected ? knee : 9;
  c.knee_size = c.points[static_cast<std::size_t>(c.knee_index)].size;
  c.knee_quality = c.points[static_cast<std::size_t>(c.knee_index)].throughput / 100.0;
  c.plateau = 100.0;
  c.stop_reason = detected ? results::StopReason::knee : results::StopReason::max_size;
  return c;
}

// One sweep of four detectors: a at the knee (index 4), b one index later, c at the first size (an edge),
// d none.
inline std::vector<results::Campaign> knee_curve_sweep(int rank, int repeat, const std::string& kernel = "vecadd") {
  return {knee_curve_campaign(rank, repeat, "a", 4, true, kernel), knee_curve_campaign(rank, repeat, "b", 5, true, kernel),
          knee_curve_campaign(rank, repeat, "c", 0, true, kernel), knee_curve_campaign(rank, repeat, "d", 0, false, kernel)};
}

inline results::RankResult knee_curve_rank(int r, std::vector<results::Campaign> campaigns,
                                           const std::string& model = "H100") {
  results::RankResult out;
  out.rank = r;
  out.device.backend = "sim";
  out.device.model = model;
  out.device.name = model;
  out.device.hostname = "node" + std::to_string(r);
  out.campaigns = std::move(campaigns);
  return out;
}

}  // namespace autobench::testing
