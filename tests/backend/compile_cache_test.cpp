// The on-disk compile cache: hits, misses, corrupt, truncated and foreign entries rebuilt, and
// concurrent writers (threads and processes) that never leave a reader a partial entry.
#include <gtest/gtest.h>

#include <sys/wait.h>
#include <unistd.h>

#include <atomic>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <thread>
#include <vector>

#include "suite/backend/compile_cache.hpp"

namespace fs = std::filesystem;
using autobench::backend::CompileCache;

namespace {

fs::path fresh_dir(const std::string& name) {
  const fs::path dir = fs::temp_directory_path() / ("autobench_compile_cache_test_" + std::to_string(::getpid())) / name;
  fs::remove_all(dir);
  return dir;
}

std::string image_of(std::size_t bytes, char seed) {
  std::string s(bytes, '\0');
  for (std::size_t i = 0; i < bytes; ++i) s[i] = static_cast<char>(seed + i * 7);
  return s;
}

}  // namespace

TEST(CompileCache, MissThenHit) {
  const CompileCache cache(fresh_dir("hit"));
  EXPECT_FALSE(cache.load("nvrtc 13.0|gemm.cu|-DMWG=64").has_value());
  const std::string image = image_of(5000, 'a');
  ASSERT_TRUE(cache.store("nvrtc 13.0|gemm.cu|-DMWG=64", image));
  EXPECT_EQ(cache.load("nvrtc 13.0|gemm.cu|-DMWG=64"), image);
  // Another key (options, version) is another entry.
  EXPECT_FALSE(cache.load("nvrtc 13.1|gemm.cu|-DMWG=64").has_value());
  EXPECT_FALSE(cache.load("nvrtc 13.0|gemm.cu|-DMWG=32").has_value());
  // Nothing but the entry is left behind (no temporary files).
  std::size_t files = 0;
  for (const auto& e : fs::directory_iterator(cache.dir())) files += e.is_regular_file();
  EXPECT_EQ(files, 1u);
}

TEST(CompileCache, CorruptTruncatedAndForeignEntriesAreRebuiltNeverTrusted) {
  const CompileCache cache(fresh_dir("corrupt"));
  const std::string key = "nvrtc 13.0|fp32.cu|-DNR_INNER=8", image = image_of(3000, 'x');
  ASSERT_TRUE(cache.store(key, image));
  const fs::path path = cache.path_of(key);
  // One flipped byte in the image: the checksum fails, the entry is removed.
  {
    std::fstream f(path, std::ios::in | std::ios::out | std::ios::binary);
    f.seekp(static_cast<std::streamoff>(fs::file_size(path) - 10));
    f.put('\x5a' ^ image[image.size() - 10]);
  }
  EXPECT_FALSE(cache.load(key).has_value());
  EXPECT_FALSE(fs::exists(path));
  ASSERT_TRUE(cache.store(key, image));
  EXPECT_EQ(cache.load(key), image);
  // Truncated.
  fs::resize_file(path, fs::file_size(path) - 1);
  EXPECT_FALSE(cache.load(key).has_value());
  // Foreign: another key's entry under this key's name (a hash collision), or no header at all.
  ASSERT_TRUE(cache.store("another key", image));
  fs::copy_file(cache.path_of("another key"), path, fs::copy_options::overwrite_existing);
  EXPECT_FALSE(cache.load(key).has_value());
  std::ofstream(path, std::ios::binary) << "not a cache entry";
  EXPECT_FALSE(cache.load(key).has_value());
  EXPECT_EQ(cache.load("another key"), image);
}

TEST(CompileCache, UnwritableDirectoryIsNotAnError) {
  const fs::path file = fresh_dir("blocked");
  fs::create_directories(file.parent_path());
  std::ofstream(file) << "a file where the directory should be";
  const CompileCache cache(file / "nvrtc");
  EXPECT_FALSE(cache.store("k", "image"));
  EXPECT_FALSE(cache.load("k").has_value());
}

TEST(CompileCache, ConcurrentThreadsAndProcessesNeverExposeAPartialEntry) {
  const CompileCache cache(fresh_dir("concurrent"));
  const std::string key = "nvrtc 13.0|gemm.cu|shared";
  const std::string image = image_of(1 << 20, 'q');  // large, so a torn write would be visible
  constexpr int kProcesses = 3, kThreads = 3, kStores = 20;
  std::vector<pid_t> children;
  for (int p = 0; p < kProcesses; ++p) {
    const pid_t pid = ::fork();
    ASSERT_GE(pid, 0);
    if (pid == 0) {
      bool ok = true;
      for (int i = 0; i < kStores; ++i) ok = cache.store(key, image) && ok;
      ::_exit(ok ? 0 : 1);
    }
    children.push_back(pid);
  }
  std::atomic<int> wrong{0}, hits{0};
  std::vector<std::thread> threads;
  for (int t = 0; t < kThreads; ++t) {
    threads.emplace_back([&] {
      for (int i = 0; i < kStores; ++i) {
        cache.store(key, image);
        if (auto got = cache.load(key)) {
          ++hits;
          if (*got != image) ++wrong;
        }
      }
    });
  }
  for (auto& t : threads) t.join();
  for (pid_t pid : children) {
    int status = 0;
    ASSERT_EQ(::waitpid(pid, &status, 0), pid);
    EXPECT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 0);
  }
  EXPECT_EQ(wrong.load(), 0);
  EXPECT_GT(hits.load(), 0);
  EXPECT_EQ(cache.load(key), image);
  std::size_t files = 0;
  for (const auto& e : fs::directory_iterator(cache.dir())) files += e.is_regular_file();
  EXPECT_EQ(files, 1u) << "temporary files left behind";
}

TEST(CompileCache, DefaultDirectoryFollowsXdg) {
  const char* old_xdg = std::getenv("XDG_CACHE_HOME");
  const std::string saved = old_xdg ? old_xdg : "";
  ::setenv("XDG_CACHE_HOME", "/tmp/xdg-test", 1);
  EXPECT_EQ(CompileCache::default_dir(), fs::path("/tmp/xdg-test/autobench-mpi/nvrtc"));
  ::unsetenv("XDG_CACHE_HOME");
  if (const char* home = std::getenv("HOME")) {
    EXPECT_EQ(CompileCache::default_dir(), fs::path(home) / ".cache" / "autobench-mpi" / "nvrtc");
  }
  if (old_xdg) ::setenv("XDG_CACHE_HOME", saved.c_str(), 1);
}
