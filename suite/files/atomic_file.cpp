// Atomic file writes (see atomic_file.hpp).
#include "suite/files/atomic_file.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <utility>

namespace autobench::files {
namespace {

[[noreturn]] void fail(const std::string& path, int error) {
  throw WriteError("cannot write " + path + ": " + std::strerror(error));
}

// Writes everything to `fd`; returns 0 or the errno of the first failure.
int write_all(int fd, std::string_view contents) {
  for (std::size_t done = 0; done < contents.size();) {
    const ssize_t n = ::write(fd, contents.data() + done, contents.size() - done);
    if (n >= 0)
      done += static_cast<std::size_t>(n);
    else if (errno != EINTR)
      return errno;
  }
  return 0;
}

}  // namespace

int open_new_file(const std::string& path) {
  return ::open(path.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0666);
}

AtomicFile::AtomicFile(std::string path, Durability durability)
    : path_(std::move(path)), tmp_(path_ + ".tmp." + std::to_string(::getpid())), durability_(durability) {
  fd_ = open_new_file(tmp_);
  // A name in our directory that is not ours (a planted link, a crash's leftover under a reused pid):
  // removing the name never touches what it points to. A few tries, as it may be planted again.
  for (int tries = 0; fd_ < 0 && errno == EEXIST && tries < 3; ++tries)
    if (::unlink(tmp_.c_str()) == 0 || errno == ENOENT) fd_ = open_new_file(tmp_);
  if (fd_ < 0) files::fail(path_, errno);
}

AtomicFile::~AtomicFile() {
  if (fd_ < 0) return;
  ::close(fd_);
  ::unlink(tmp_.c_str());
}

void AtomicFile::fail(int error) {
  if (fd_ >= 0) ::close(fd_);
  fd_ = -1;
  ::unlink(tmp_.c_str());
  files::fail(path_, error);
}

void AtomicFile::append(std::string_view contents) {
  if (fd_ < 0) files::fail(path_, EBADF);  // appended after a failure or a commit: a bug of the caller
  if (const int error = write_all(fd_, contents)) fail(error);
}

void AtomicFile::commit() {
  if (fd_ < 0) files::fail(path_, EBADF);
  if (durability_ == Durability::flushed && ::fsync(fd_) != 0) fail(errno);
  const int fd = fd_;
  fd_ = -1;
  if (::close(fd) != 0 || std::rename(tmp_.c_str(), path_.c_str()) != 0) {
    const int error = errno;
    ::unlink(tmp_.c_str());
    files::fail(path_, error);
  }
}

void write_file_atomically(const std::string& path, std::string_view contents, Durability durability) {
  AtomicFile file(path, durability);
  file.append(contents);
  file.commit();
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
