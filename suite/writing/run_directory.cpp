// Run directories (see run_directory.hpp).
#include "suite/writing/run_directory.hpp"

#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <stdexcept>

#include "suite/results/utc_time.hpp"

namespace autobench::writing {
namespace fs = std::filesystem;
void check_output_parent(const std::string& parent) {
  std::error_code ec;
  fs::create_directories(parent, ec);
  if (ec || !fs::is_directory(parent))
    throw std::invalid_argument("--output '" + parent + "' is not usable: cannot create directory (" +
                                (ec ? ec.message() : "not a directory") + ")");
  std::string probe = (fs::path(parent) / ".autobench-write-test-XXXXXX").string();
  const int fd = mkstemp(probe.data());
  if (fd < 0)
    throw std::invalid_argument("--output '" + parent + "' is not writable (" + std::strerror(errno) + ")");
  close(fd);
  unlink(probe.c_str());
}

std::string create_run_directory(const std::string& parent) {
  const std::string stamp = results::utc_now("%Y%m%d-%H%M%S");
  for (int n = 1;; ++n) {
    const fs::path dir = fs::path(parent) / (n == 1 ? stamp : stamp + "-" + std::to_string(n));
    std::error_code ec;
    if (fs::create_directory(dir, ec)) return dir.string();
    if (ec) throw std::runtime_error("cannot create run directory '" + dir.string() + "': " + ec.message());
  }
}

}  // namespace autobench::writing
