// The lock of a run directory (see run_lock.hpp).
#include "suite/writing/run_lock.hpp"

#include <fcntl.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <filesystem>

#include "suite/files/atomic_file.hpp"

namespace autobench::writing {

RunLock::RunLock(const std::string& run_dir, const std::string& host) {
  const std::string path = (std::filesystem::path(run_dir) / ".lock").string();
  // O_NOFOLLOW: a link planted as the lock is refused, not written through; O_NONBLOCK: a FIFO does not hang.
  fd_ = ::open(path.c_str(), O_RDWR | O_CREAT | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC, 0666);
  if (fd_ < 0 && errno == ELOOP)
    throw RunLocked(path + " is a symbolic link: refusing to write through it (remove it if the run is yours)");
  if (fd_ < 0) throw files::WriteError("cannot write " + path + ": " + std::strerror(errno));
  struct stat st {};
  if (::fstat(fd_, &st) != 0 || !S_ISREG(st.st_mode) || st.st_nlink > 1) {
    ::close(fd_);
    fd_ = -1;
    throw RunLocked(path + " is not a regular file of its own (a special file or a hard link): refusing to use it "
                           "as the run's lock");
  }
  if (::flock(fd_, LOCK_EX | LOCK_NB) != 0) {
    const int error = errno;
    char holder[256] = {};
    const ssize_t n = ::pread(fd_, holder, sizeof holder - 1, 0);
    ::close(fd_);
    fd_ = -1;
    if (error != EWOULDBLOCK) throw files::WriteError("cannot lock " + path + ": " + std::strerror(error));
    std::string who = n > 0 ? std::string(holder, static_cast<std::size_t>(n)) : "";
    while (!who.empty() && (who.back() == '\n' || who.back() == '\0')) who.pop_back();
    throw RunLocked(run_dir + " is in use by another autobench-mpi (" + (who.empty() ? "holder unknown" : who) +
                    "); wait for it to end or stop it");
  }
  // Who holds it, for the message of a second writer; the lock works without it (e.g. on a full disk).
  const std::string who = "pid " + std::to_string(::getpid()) + " on " + host + "\n";
  if (::ftruncate(fd_, 0) == 0 && ::pwrite(fd_, who.data(), who.size(), 0) < 0) {
    [[maybe_unused]] const int ignored = ::ftruncate(fd_, 0);
  }
}

RunLock::~RunLock() {
  if (fd_ >= 0) ::close(fd_);  // releases the lock
}

}  // namespace autobench::writing
