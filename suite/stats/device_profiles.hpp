// Device profiles: per device model and kernel, the problem size that saturates it, the best tunables
// there, peak throughput and energy efficiency, pooled over the campaigns of several result files (pure logic).
#pragma once

#include <string>
#include <vector>

#include "suite/stats/compare_figures.hpp"

namespace autobench::stats {

// One result file's contribution, identified by its path and start time.
struct ProfileSource {
  std::string path;        // absolute
  std::string start_time;  // of the run
  std::string backend, git_commit;
  std::vector<CampaignFigures> campaigns;  // its finished campaigns
};

struct ProfileDb {
  std::vector<ProfileSource> sources;  // in the order they were first added
};

// One (device model, kernel) over every sweep's consensus knee of every source (sources added before
// consensus figures existed: over their campaigns, all detectors pooled).
struct DeviceProfile {
  std::string model;          // model label (see compare_figures.hpp)
  std::string kernel, metric_unit;
  double saturating_size = results::kNaN;      // median of the knees found (NaN: none)
  std::string best_tunables;                   // most frequent at the knee (ties: the smallest); "" if none
  double peak_throughput = results::kNaN;      // median of the campaigns' peak throughputs
  double energy_efficiency = results::kNaN;    // median of the campaigns' best work per joule (NaN: none)
  int campaigns = 0;    // consensus figures pooled (one per sweep); every campaign for sources added before them
  int knees_found = 0;  // of those, knees found
  int files = 0;
};

// Adds a source, replacing one with the same path and start time (so adding a file twice counts it
// once); returns true when it replaced one.
bool add_source(ProfileDb& db, ProfileSource source);

// The profiles whose model (with or without "sim: ") and kernel match the filters ("" matches all),
// ordered by model, then kernel.
std::vector<DeviceProfile> device_profiles(const ProfileDb& db, const std::string& model, const std::string& kernel);

}  // namespace autobench::stats
