// An on-disk cache of compiled kernel images (NVRTC output), shared by processes and ranks on a node.
//
// One file per key, named by a 64-bit hash of the key. A file holds a header (magic, format version,
// key length, image length, FNV-1a checksum of key and image), the full key and the image. Loading
// checks all of it: a truncated, corrupt or foreign file (another key that hashed alike, another
// format) is a miss and is removed, never trusted. Stores write a temporary file in the same directory
// and rename it over the entry, so concurrent writers and readers only ever see complete files.
#pragma once

#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>

namespace autobench::backend {

class CompileCache {
 public:
  explicit CompileCache(std::filesystem::path dir);
  const std::filesystem::path& dir() const { return dir_; }

  // The image stored under `key`, or nullopt (miss, or an entry that failed its checks: removed).
  std::optional<std::string> load(const std::string& key) const;
  // Stores `image` under `key`. Returns false when the directory cannot be written (the cache is an
  // optimisation: the caller carries on without it).
  bool store(const std::string& key, const std::string& image) const;
  // The entry's file (exists or not).
  std::filesystem::path path_of(const std::string& key) const;

  // $XDG_CACHE_HOME/autobench-mpi/nvrtc, else $HOME/.cache/autobench-mpi/nvrtc; "" when neither is set.
  static std::filesystem::path default_dir();

 private:
  std::filesystem::path dir_;
};

// FNV-1a, 64 bits (the entry names and checksums; not a cryptographic hash).
std::uint64_t fnv1a(const std::string& data, std::uint64_t seed = 0xcbf29ce484222325ull);

// The process-wide cache the compilers use: none until configured (the run command configures it).
void set_compile_cache(const std::optional<std::filesystem::path>& dir);
const CompileCache* compile_cache();

}  // namespace autobench::backend
