// Atomic file writes (see atomic_file.hpp).
#include "suite/files/atomic_file.hpp"

#include <fcntl.h>
#include <sys/stat.h>
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

int open_new_file(const std::string& path) {
  return ::open(path.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0666);
}

void write_file_atomically(const std::string& path, std::string_view contents, Durability durability) {
  const std::string tmp = path + ".tmp." + std::to_string(::getpid());
  int fd = open_new_file(tmp);
  // A name in our directory that is not ours (a planted link, a crash's leftover under a reused pid):
  // removing the name never touches what it points to. A few tries, as it may be planted again.
  for (int tries = 0; fd < 0 && errno == EEXIST && tries < 3; ++tries)
    if (::unlink(tmp.c_str()) == 0 || errno == ENOENT) fd = open_new_file(tmp);
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

std::string own_directory_problem(const std::string& path) {
  struct stat st {};
  if (::lstat(path.c_str(), &st) != 0) return "";
  if (S_ISLNK(st.st_mode)) return "it is a symbolic link";
  if (!S_ISDIR(st.st_mode)) return "it is not a directory";
  return "";
}

std::string own_directory(const std::string& parent, const std::string& name) {
  const std::string dir = (std::filesystem::path(parent) / name).string();
  if (::mkdir(dir.c_str(), 0777) != 0 && errno != EEXIST) fail(dir, errno);
  if (const std::string problem = own_directory_problem(dir); !problem.empty())
    throw WriteError("refusing to write into " + dir + ": " + problem);
  return dir;
}

}  // namespace autobench::files
