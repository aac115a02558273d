// Recorded real sweeps as ranks of campaigns (tests/data/README.md): a *_telemetry.csv's points, one campaign
// per sweep, or with a *_knees.csv one campaign per detector and sweep carrying that detector's knee.
#pragma once

#include <algorithm>
#include <cctype>
#include <cstdint>
#include <fstream>
#include <map>
#include <sstream>
#include <stdexcept>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

#include "suite/results/results.hpp"

namespace autobench::testing {

inline std::ifstream open_test_data(const std::string& name) {
  std::ifstream in(std::string(AUTOBENCH_SOURCE_DIR) + "/tests/data/" + name);
  if (!in) throw std::runtime_error("cannot read tests/data/" + name);
  return in;
}

inline std::vector<std::string> csv_cells(const std::string& line) {
  std::vector<std::string> cells;
  std::istringstream row(line);
  for (std::string cell; std::getline(row, cell, ',');) cells.push_back(cell);
  return cells;
}

// The ranks of a telemetry CSV: the devices from its comment lines (model, UUID; `l2_bytes` given), one
// campaign per sweep (detector triangle, no knee) holding its points.
inline std::vector<results::RankResult> telemetry_ranks(const std::string& name, std::uint64_t l2_bytes = 0) {
  auto in = open_test_data(name);
  std::string model, line;
  std::map<int, results::RankResult> ranks;
  std::map<std::tuple<int, std::string, int>, results::Campaign> sweeps;
  while (std::getline(in, line)) {
    if (line.rfind("# model=", 0) == 0) {
      model = line.substr(8);
    } else if (line.rfind("# rank", 0) == 0) {
      const auto eq = line.find('=');
      const int r = std::stoi(line.substr(6, eq - 6));
      ranks[r].rank = r;
      auto& d = ranks[r].device;
      d.backend = "cuda";
      d.name = d.model = model;
      d.uuid = line.substr(eq + 1);
      d.pci_bus_id = "0000:00:0" + std::to_string(6 + r) + ".0";
      d.hostname = "vm";
      d.l2_bytes = l2_bytes;
    } else if (!line.empty() && std::isdigit(static_cast<unsigned char>(line[0]))) {
      const auto f = csv_cells(line);
      const int rank = std::stoi(f[0]), repeat = std::stoi(f[2]);
      auto& c = sweeps[{rank, f[1], repeat}];
      c.rank = rank;
      c.kernel = f[1];
      c.repeat = repeat;
      c.detector = "triangle";
      c.metric_unit = "-";
      results::Point p;
      p.size = std::stoull(f[3]);
      p.throughput = std::stod(f[4]);
      p.clock_event_reasons = std::stoull(f[5]);
      p.throttled = f[6] == "1";
      p.temperature_c = std::stod(f[7]);
      p.sm_clock_mhz = std::stod(f[8]);
      c.points.push_back(p);
    }
  }
  for (auto& [key, c] : sweeps) ranks[std::get<0>(key)].campaigns.push_back(std::move(c));
  std::vector<results::RankResult> out;
  for (auto& [r, rank] : ranks) out.push_back(std::move(rank));
  return out;
}

// Of a knees CSV (bench/compare/extract_knees.py), what a campaign row says beyond results::Campaign: how
// many points within two of its knee missed the noise target, and whether the knee's own did.
struct KneeMisses {
  bool knee_missed = false;
  int near_missed = 0;
};
using KneeMissMap = std::map<std::tuple<int, std::string, std::string, int>, KneeMisses>;  // rank, kernel, detector, repeat

// The telemetry CSV's ranks with each sweep's campaign replaced by one per detector of the knees CSV (the
// sweep's points, that detector's knee); `misses` (optional) receives the knee_missed/near_missed columns.
inline std::vector<results::RankResult> real_campaigns(const std::string& telemetry, const std::string& knees,
                                                       std::uint64_t l2_bytes, KneeMissMap* misses = nullptr) {
  auto ranks = telemetry_ranks(telemetry, l2_bytes);
  auto in = open_test_data(knees);
  std::string line;
  std::map<std::string, std::string> params;  // detector -> its detector_params
  std::map<int, std::vector<results::Campaign>> campaigns;
  while (std::getline(in, line)) {
    if (line.rfind("# params ", 0) == 0) {
      const auto eq = line.find('=');
      params[line.substr(9, eq - 9)] = line.substr(eq + 1);
      continue;
    }
    if (line.rfind("rank,", 0) == 0) continue;  // header
    const auto f = csv_cells(line);
    const int rank = std::stoi(f[0]), repeat = std::stoi(f[3]);
    const results::Campaign* sweep = nullptr;
    for (const auto& c : ranks.at(static_cast<std::size_t>(rank)).campaigns)
      if (c.kernel == f[1] && c.repeat == repeat) sweep = &c;
    if (!sweep) throw std::runtime_error(knees + ": no sweep for " + line);
    results::Campaign c = *sweep;
    c.detector = f[2];
    c.complete = f[4] == "1";
    c.knee_detected = f[5] == "1";
    c.knee_index = std::stoll(f[6]);
    c.knee_size = std::stoull(f[7]);
    c.knee_quality = std::stod(f[8]);
    c.knee_low_size = std::stod(f[9]);
    c.knee_high_size = std::stod(f[10]);
    c.knee_found_fraction = std::stod(f[11]);
    c.detector_params = f.size() > 14 ? f[14] : params.at(c.detector);  // f[14]: ';' for ','
    std::replace(c.detector_params.begin(), c.detector_params.end(), ';', ',');
    if (misses) (*misses)[{rank, c.kernel, c.detector, repeat}] = {f[12] == "1", std::stoi(f[13])};
    campaigns[rank].push_back(std::move(c));
  }
  for (auto& r : ranks) r.campaigns = std::move(campaigns[r.rank]);
  return ranks;
}

}  // namespace autobench::testing
