// Input files (see input_file.hpp).
#include "suite/files/input_file.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

#include "suite/text/echo.hpp"

namespace autobench::files {
namespace {

std::string kind_of(mode_t mode) {
  if (S_ISREG(mode)) return "";
  if (S_ISDIR(mode)) return "a directory";
  if (S_ISFIFO(mode)) return "a FIFO";
  if (S_ISCHR(mode)) return "a character device";
  if (S_ISBLK(mode)) return "a block device";
  if (S_ISSOCK(mode)) return "a socket";
  return "not a regular file";
}

[[noreturn]] void refuse(const std::string& path, const std::string& what) {
  if (what.rfind("a ", 0) == 0) throw InputRefused(text::printable(path) + ": is " + what + ", not a regular file");
  throw InputRefused(text::printable(path) + ": " + what);
}

// What `path` names when it is not a regular file; "" for a regular file or a link to one. stat() never blocks.
std::string what_is_not_regular(const std::string& path) {
  struct stat st {};
  if (::stat(path.c_str(), &st) != 0) return errno == ENOENT || errno == ENOTDIR ? "no such file" : std::strerror(errno);
  return kind_of(st.st_mode);
}

}  // namespace

void check_regular_file(const std::string& path) {
  if (const std::string what = what_is_not_regular(path); !what.empty()) refuse(path, what);
}

std::string read_regular_file(const std::string& path, std::uintmax_t max_bytes) {
  check_regular_file(path);
  const int fd = ::open(path.c_str(), O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC);
  if (fd < 0) refuse(path, errno == ENOENT ? "no such file" : std::strerror(errno));
  struct stat st {};
  if (::fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
    ::close(fd);
    refuse(path, kind_of(st.st_mode));
  }
  std::string bytes;
  char buffer[1 << 16];
  for (;;) {
    const ssize_t n = ::read(fd, buffer, sizeof buffer);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) {
      const int error = errno;
      ::close(fd);
      refuse(path, std::strerror(error));
    }
    if (n == 0) break;
    bytes.append(buffer, static_cast<std::size_t>(n));
    if (bytes.size() > max_bytes) {
      ::close(fd);
      throw InputRefused(text::printable(path) + ": is larger than the " + std::to_string(max_bytes) +
                         " bytes allowed for it");
    }
  }
  ::close(fd);
  return bytes;
}

}  // namespace autobench::files
