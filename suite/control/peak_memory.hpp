// This process's peak resident memory (Linux: VmHWM of /proc/self/status), for the run's own account of
// what rank 0's last step cost (docs/scale.md).
#pragma once

#include <cstdint>

namespace autobench::control {

// Bytes; 0 where the system does not say.
std::uint64_t peak_memory_bytes();

}  // namespace autobench::control
