// The current UTC time as text: ISO 8601 for the time fields of results (start_time, end_time,
// created_utc), or another strftime format (run directory names).
#pragma once

#include <string>

namespace autobench::results {

inline constexpr const char* kIso8601 = "%Y-%m-%dT%H:%M:%SZ";  // "2026-11-22T21:03:51Z"

std::string utc_now(const char* strftime_format = kIso8601);

}  // namespace autobench::results
