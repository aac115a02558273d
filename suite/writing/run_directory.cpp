// Run directories (see run_directory.hpp).
#include "suite/writing/run_directory.hpp"

#include <filesystem>
#include <stdexcept>

#include "suite/results/utc_time.hpp"

namespace autobench::writing {
namespace fs = std::filesystem;

std::string create_run_directory(const std::string& parent) {
  const std::string stamp = results::utc_now("%Y%m%d-%H%M%S");
  std::error_code created;
  fs::create_directories(parent, created);
  if (created) throw std::runtime_error("cannot create directory '" + parent + "': " + created.message());
  for (int n = 1;; ++n) {
    const fs::path dir = fs::path(parent) / (n == 1 ? stamp : stamp + "-" + std::to_string(n));
    std::error_code ec;
    if (fs::create_directory(dir, ec)) return dir.string();
    if (ec) throw std::runtime_error("cannot create run directory '" + dir.string() + "': " + ec.message());
  }
}

}  // namespace autobench::writing
