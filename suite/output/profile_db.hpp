// The device-profile database: per device model and kernel, the problem size that saturates it, the
// best tunables there, peak throughput and energy efficiency, accumulated over result files and kept
// as JSON on disk (default ~/.autobench/profiles.json, or $AUTOBENCH_PROFILE_DB).
#pragma once

#include <string>
#include <vector>

#include "suite/output/compare_figures.hpp"

namespace autobench::output {

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

// One (device model, kernel) over every campaign of every source (all detectors pooled).
struct DeviceProfile {
  std::string model;          // model label (see compare_figures.hpp)
  std::string kernel, metric_unit;
  double saturating_size = 0.0;                // median knee size
  std::string best_tunables;                   // most frequent at the knee (ties: the smallest); "" if none
  double peak_throughput = results::kNaN;      // median of the campaigns' peak throughputs
  double energy_efficiency = results::kNaN;    // median of the campaigns' best work per joule (NaN: none)
  int campaigns = 0;
  int files = 0;
};

// --db when given, else $AUTOBENCH_PROFILE_DB when set, else ~/.autobench/profiles.json.
std::string profile_db_path(const std::string& requested);

// An empty database when `path` does not exist; throws std::runtime_error naming the file when it
// cannot be read or is not a profile database.
ProfileDb load_profile_db(const std::string& path);
// Writes the database (its directory created when missing), through a temporary file renamed over
// `path`; throws WriteError (atomic_file.hpp) naming the file on failure.
void save_profile_db(const std::string& path, const ProfileDb& db);

// Adds a source, replacing one with the same path and start time (so adding a file twice counts it
// once); returns true when it replaced one.
bool add_source(ProfileDb& db, ProfileSource source);

// The profiles whose model (with or without "sim: ") and kernel match the filters ("" matches all),
// ordered by model, then kernel.
std::vector<DeviceProfile> device_profiles(const ProfileDb& db, const std::string& model, const std::string& kernel);

}  // namespace autobench::output
