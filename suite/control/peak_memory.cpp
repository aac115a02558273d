// Peak resident memory (see peak_memory.hpp).
#include "suite/control/peak_memory.hpp"

#include <fstream>
#include <string>

namespace autobench::control {

std::uint64_t peak_memory_bytes() {
  std::ifstream status("/proc/self/status");
  std::string key;
  while (status >> key) {
    if (key == "VmHWM:") {
      std::uint64_t kib = 0;
      status >> kib;
      return kib * 1024;
    }
    status.ignore(4096, '\n');
  }
  return 0;
}

}  // namespace autobench::control
