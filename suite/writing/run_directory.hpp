// The timestamped directory of one run under --output (never reuses an existing one).
#pragma once

#include <string>

namespace autobench::writing {

// Creates `parent` if needed and checks it is writable; throws std::invalid_argument naming it if not.
void check_output_parent(const std::string& parent);
// Creates parent/YYYYmmdd-HHMMSS (UTC), or ...-2, -3 if taken, and returns its path.
std::string create_run_directory(const std::string& parent);

}  // namespace autobench::writing
