// The timestamped directory of one run under --output (never reuses an existing one).
#pragma once

#include <string>

namespace autobench::writing {

// Creates parent/YYYYmmdd-HHMMSS (UTC), or ...-2, -3 if taken, and `parent` when missing; returns its
// path. Check `parent` first with check_output_directory (output_check.hpp), before any work.
std::string create_run_directory(const std::string& parent);

}  // namespace autobench::writing
