// The device-profile database: per device model and kernel, the problem size that saturates it, the
// best tunables there, peak throughput and energy efficiency, accumulated over result files and kept
// as JSON on disk (default ~/.autobench/profiles.json, or $AUTOBENCH_PROFILE_DB).
#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include "suite/stats/device_profiles.hpp"

namespace autobench::writing {

// --db when given, else $AUTOBENCH_PROFILE_DB when set, else ~/.autobench/profiles.json.
std::string profile_db_path(const std::string& requested);

// The largest profile database read (one profile per kernel, detector and device model: kilobytes each).
inline constexpr std::size_t kMaxProfileDbBytes = std::size_t{1} << 28;

// An empty database when `path` does not exist; throws std::runtime_error naming the file when it
// cannot be read, is not a regular file (a FIFO, a device), is larger than kMaxProfileDbBytes or is not
// a profile database.
stats::ProfileDb load_profile_db(const std::string& path);
// Writes the database (its directory created when missing), through a temporary file renamed over
// `path`; throws std::runtime_error naming the file on failure.
void save_profile_db(const std::string& path, const stats::ProfileDb& db);

}  // namespace autobench::writing
