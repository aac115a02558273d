// The on-disk compile cache (see compile_cache.hpp).
#include "suite/backend/compile_cache.hpp"

#include <fcntl.h>
#include <unistd.h>

#include <atomic>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <memory>
#include <mutex>
#include <thread>

#include <fmt/format.h>

namespace autobench::backend {
namespace {

constexpr char kMagic[8] = {'A', 'B', 'N', 'V', 'R', 'T', 'C', '\n'};
constexpr std::uint32_t kFormat = 1;

struct Header {
  char magic[8];
  std::uint32_t format;
  std::uint32_t reserved;
  std::uint64_t key_bytes;
  std::uint64_t image_bytes;
  std::uint64_t checksum;  // fnv1a(image, fnv1a(key))
};

std::uint64_t checksum(const std::string& key, const std::string& image) { return fnv1a(image, fnv1a(key)); }

std::mutex g_mutex;
std::unique_ptr<CompileCache> g_cache;

}  // namespace

std::uint64_t fnv1a(const std::string& data, std::uint64_t seed) {
  std::uint64_t h = seed;
  for (unsigned char c : data) {
    h ^= c;
    h *= 0x100000001b3ull;
  }
  return h;
}

CompileCache::CompileCache(std::filesystem::path dir) : dir_(std::move(dir)) {}

std::filesystem::path CompileCache::path_of(const std::string& key) const {
  return dir_ / fmt::format("{:016x}.bin", fnv1a(key));
}

std::optional<std::string> CompileCache::load(const std::string& key) const {
  const auto path = path_of(key);
  std::ifstream in(path, std::ios::binary);
  if (!in) return std::nullopt;
  auto reject = [&]() -> std::optional<std::string> {
    std::error_code ignored;
    std::filesystem::remove(path, ignored);  // rebuilt by the caller's store()
    return std::nullopt;
  };
  // The size of the file opened (a writer may rename another over the path meanwhile).
  in.seekg(0, std::ios::end);
  const auto size = static_cast<std::uint64_t>(in.tellg());
  in.seekg(0, std::ios::beg);
  Header h{};
  if (!in.read(reinterpret_cast<char*>(&h), sizeof h)) return reject();
  if (std::memcmp(h.magic, kMagic, sizeof kMagic) != 0 || h.format != kFormat || h.key_bytes != key.size() ||
      h.image_bytes > size || size != sizeof h + h.key_bytes + h.image_bytes)
    return reject();
  std::string stored_key(h.key_bytes, '\0'), image(h.image_bytes, '\0');
  if (!in.read(stored_key.data(), static_cast<std::streamsize>(stored_key.size())) || stored_key != key) return reject();
  if (!in.read(image.data(), static_cast<std::streamsize>(image.size()))) return reject();
  if (checksum(key, image) != h.checksum) return reject();
  return image;
}

bool CompileCache::store(const std::string& key, const std::string& image) const {
  std::error_code ec;
  std::filesystem::create_directories(dir_, ec);
  if (ec) return false;
  // A name no other process or thread uses: pid, thread and a counter.
  static std::atomic<std::uint64_t> counter{0};
  const std::string unique = fmt::format("{}-{:016x}-{}", ::getpid(),
                                         std::hash<std::thread::id>{}(std::this_thread::get_id()), counter++);
  const auto final_path = path_of(key);
  const auto temp = dir_ / (final_path.filename().string() + ".tmp-" + unique);
  Header h{};
  std::memcpy(h.magic, kMagic, sizeof kMagic);
  h.format = kFormat;
  h.key_bytes = key.size();
  h.image_bytes = image.size();
  h.checksum = checksum(key, image);
  {
    // A new file (O_EXCL), never through a link planted under the name (O_NOFOLLOW). Not files::open_new_file:
    // this library lies below autobench_suite.
    const int fd = ::open(temp.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0666);
    if (fd < 0) return false;
    std::FILE* out = ::fdopen(fd, "wb");
    const bool written = out && std::fwrite(&h, sizeof h, 1, out) == 1 &&
                         std::fwrite(key.data(), 1, key.size(), out) == key.size() &&
                         std::fwrite(image.data(), 1, image.size(), out) == image.size();
    const bool closed = out ? std::fclose(out) == 0 : ::close(fd) == 0;
    if (!written || !closed) {
      std::filesystem::remove(temp, ec);
      return false;
    }
  }
  std::filesystem::rename(temp, final_path, ec);  // atomic on POSIX: readers see the old file or the new
  if (ec) {
    std::filesystem::remove(temp, ec);
    return false;
  }
  return true;
}

std::filesystem::path CompileCache::default_dir() {
  const char* xdg = std::getenv("XDG_CACHE_HOME");
  if (xdg && *xdg) return std::filesystem::path(xdg) / "autobench-mpi" / "nvrtc";
  const char* home = std::getenv("HOME");
  if (home && *home) return std::filesystem::path(home) / ".cache" / "autobench-mpi" / "nvrtc";
  return {};
}

void set_compile_cache(const std::optional<std::filesystem::path>& dir) {
  std::lock_guard<std::mutex> lock(g_mutex);
  g_cache = dir && !dir->empty() ? std::make_unique<CompileCache>(*dir) : nullptr;
}

const CompileCache* compile_cache() {
  std::lock_guard<std::mutex> lock(g_mutex);
  return g_cache.get();
}

}  // namespace autobench::backend
