// Run directories (see run_directory.hpp).
#include "suite/writing/run_directory.hpp"

#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <filesystem>
#include <stdexcept>

namespace autobench::writing {
namespace fs = std::filesystem;
namespace {

std::string utc_format(const char* format) {
  const std::time_t now = std::chrono::system_clock::to_time_t(std::chrono::system_clock::now());
  std::tm tm{};
  gmtime_r(&now, &tm);
  char buf[64];
  std::strftime(buf, sizeof buf, format, &tm);
  return buf;
}

}  // namespace

std::string utc_now_iso8601() { return utc_format("%Y-%m-%dT%H:%M:%SZ"); }

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
  const std::string stamp = utc_format("%Y%m%d-%H%M%S");
  for (int n = 1;; ++n) {
    const fs::path dir = fs::path(parent) / (n == 1 ? stamp : stamp + "-" + std::to_string(n));
    std::error_code ec;
    if (fs::create_directory(dir, ec)) return dir.string();
    if (ec) throw std::runtime_error("cannot create run directory '" + dir.string() + "': " + ec.message());
  }
}

}  // namespace autobench::writing
