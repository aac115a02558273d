// Reading a journal kept gzipped (see compressed.hpp).
#include "suite/journal/compressed.hpp"

#include <zlib.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <stdexcept>

namespace autobench::journal {

std::unique_ptr<std::istream> open_maybe_gzipped(const std::string& path) {
  if (std::filesystem::exists(path)) {
    auto in = std::make_unique<std::ifstream>(path);
    if (*in) return in;
    return nullptr;
  }
  const std::string gz = path + ".gz";
  if (!std::filesystem::exists(gz)) return nullptr;
  gzFile file = gzopen(gz.c_str(), "rb");
  if (file == nullptr) throw std::runtime_error("cannot open " + gz);
  std::string text;
  char buffer[1 << 16];
  int got = 0;
  while ((got = gzread(file, buffer, sizeof buffer)) > 0) text.append(buffer, static_cast<std::size_t>(got));
  int code = Z_OK;
  const std::string error = got < 0 ? gzerror(file, &code) : "";
  gzclose(file);
  if (got < 0) throw std::runtime_error(gz + " is not a readable gzip file (" + error + ")");
  return std::make_unique<std::istringstream>(std::move(text));
}

}  // namespace autobench::journal
