// UTC timestamps (see utc_time.hpp).
#include "suite/results/utc_time.hpp"

#include <chrono>
#include <ctime>

namespace autobench::results {

std::string utc_now(const char* strftime_format) {
  const std::time_t now = std::chrono::system_clock::to_time_t(std::chrono::system_clock::now());
  std::tm tm{};
  gmtime_r(&now, &tm);
  char buf[64];
  const std::size_t n = std::strftime(buf, sizeof buf, strftime_format, &tm);
  return std::string(buf, n);
}

}  // namespace autobench::results
