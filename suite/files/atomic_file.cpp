// Atomic file writes (see atomic_file.hpp).
#include "suite/files/atomic_file.hpp"

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>

namespace autobench::files {
namespace {

[[noreturn]] void fail(const std::string& path, int error) {
  throw WriteError("cannot write " + path + ": " + std::strerror(error));
}

// Writes everything to `fd`, flushes it to the disk when `flush`, and closes it; returns 0 or the errno of
// the first failure.
int write_all(int fd, std::string_view contents, bool flush) {
  int error = 0;
  for (std::size_t done = 0; done < contents.size() && !error;) {
    const ssize_t n = ::write(fd, contents.data() + done, contents.size() - done);
    if (n >= 0)
      done += static_cast<std::size_t>(n);
    else if (errno != EINTR)
      error = errno;
  }
  if (!error && flush && ::fsync(fd) != 0) error = errno;
  if (::close(fd) != 0 && !error) error = errno;
  return error;
}

}  // namespace

void write_file_atomically(const std::string& path, std::string_view contents, Durability durability) {
  const std::string tmp = path + ".tmp." + std::to_string(::getpid());
  const int fd = ::open(tmp.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0666);
  if (fd < 0) fail(path, errno);
  int error = write_all(fd, contents, durability == Durability::flushed);
  if (!error && std::rename(tmp.c_str(), path.c_str()) != 0) error = errno;
  if (error) {
    ::unlink(tmp.c_str());
    fail(path, error);
  }
}

void ensure_directory(const std::string& dir) {
  std::error_code ec;
  std::filesystem::create_directories(dir, ec);
  if (ec) fail(dir, ec.value());
}

}  // namespace autobench::files
