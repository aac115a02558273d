// Small hand-made results for the report tests: campaigns whose knee, curve, tunables and energy are
// chosen so that every expected figure can be worked out by hand.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "suite/result_file/result_reader.hpp"

namespace autobench::testing {

// A finished campaign of three points (sizes 100, 200, 400) with the given throughputs; the knee is
// point `knee` (detected), its tunables "B=<knee size>"; energy_j per point when `energy_j` > 0.
inline results::Campaign report_campaign(int rank, const std::string& kernel, int repeat, int knee,
                                         std::vector<double> throughputs, double energy_j = 0.0) {
  results::Campaign c;
  c.rank = rank;
  c.kernel = kernel;
  c.detector = "kneedle";
  c.repeat = repeat;
  c.metric_unit = "GB/s";
  for (std::size_t i = 0; i < throughputs.size(); ++i) {
    results::Point p;
    p.size = 100ULL << i;
    p.time_mean_s = 1e-3 * static_cast<double>(i + 1);
    p.throughput = throughputs[i];
    p.tunables = "B=" + std::to_string(p.size);
    if (energy_j > 0.0) p.energy_j = energy_j;
    c.points.push_back(p);
  }
  c.knee_detected = true;
  c.knee_index = knee;
  c.knee_size = c.points[static_cast<std::size_t>(knee)].size;
  c.stop_reason = results::StopReason::knee;
  return c;
}

inline results::RankResult report_rank(int rank, const std::string& backend, const std::string& model,
                                       const std::string& hostname, std::vector<results::Campaign> campaigns) {
  results::RankResult r;
  r.rank = rank;
  r.device.backend = backend;
  r.device.model = model;
  r.device.name = model + " #" + std::to_string(rank);
  r.device.hostname = hostname;
  r.campaigns = std::move(campaigns);
  return r;
}

inline results::ResultFile report_file(const std::string& start_time, std::vector<results::RankResult> ranks) {
  results::ResultFile f;
  f.info.backend = ranks.front().device.backend;
  f.info.start_time = start_time;
  f.info.git_commit = "c0ffee";
  f.info.ranks = static_cast<int>(ranks.size());
  f.ranks = std::move(ranks);
  return f;
}

}  // namespace autobench::testing
