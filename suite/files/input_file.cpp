// Input files (see input_file.hpp).
#include "suite/files/input_file.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <filesystem>

#include "suite/text/echo.hpp"

namespace autobench::files {
namespace {

[[noreturn]] void refuse(const std::string& path, const std::string& what) {
  if (what.rfind("a ", 0) == 0) throw InputRefused(text::printable(path) + ": is " + what + ", not a regular file");
  throw InputRefused(text::printable(path) + ": " + what);
}

// What `path` names when it is not a regular file; "" for a regular file or a link to one. stat() never blocks.
std::string what_is_not_regular(const std::string& path) {
  std::error_code ec;
  const auto status = std::filesystem::status(path, ec);
  if (status.type() == std::filesystem::file_type::not_found) return "no such file";
  if (ec) return ec.message();
  return std::filesystem::is_regular_file(status) ? "" : file_kind(status);
}

}  // namespace

std::string file_kind(const std::filesystem::file_status& status) {
  switch (status.type()) {
    case std::filesystem::file_type::directory: return "a directory";
    case std::filesystem::file_type::fifo: return "a FIFO";
    case std::filesystem::file_type::character: return "a character device";
    case std::filesystem::file_type::block: return "a block device";
    case std::filesystem::file_type::socket: return "a socket";
    case std::filesystem::file_type::symlink: return "a symbolic link";
    case std::filesystem::file_type::regular: return "a regular file";
    default: return "not a regular file";
  }
}

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
    const std::string what = what_is_not_regular(path);  // swapped since the check
    refuse(path, what.empty() ? "not a regular file" : what);
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
