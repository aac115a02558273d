// Reading a file someone else named: only a regular file is opened (a FIFO would block forever, a device
// never end), a path that names something else is refused by what it is, and reads are bounded in size.
#pragma once

#include <cstdint>
#include <filesystem>
#include <stdexcept>
#include <string>

namespace autobench::files {

// An input that is not a readable regular file, or larger than its bound: one line naming the path (made
// safe for a terminal) and what it is: "/dev/zero: is a character device, not a regular file", "x.h5: no such file".
struct InputRefused : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// What a file is, for messages: "a directory", "a FIFO", "a character device", "a block device", "a socket",
// "a symbolic link", "a regular file", or "not a regular file".
std::string file_kind(const std::filesystem::file_status& status);

// Throws InputRefused unless `path` is a regular file (or a link to one), naming what it is instead ("a
// FIFO", "a directory", "a character device", "a block device", "a socket", "no such file", or the system's
// reason it cannot be looked at). Looking never blocks.
void check_regular_file(const std::string& path);

// The bytes of the regular file `path`: refused as check_regular_file refuses, or when it holds more than
// `max_bytes`. Opened without blocking and checked again once open, so a path swapped for a FIFO in between
// is refused too; the read stops at max_bytes + 1 bytes whatever the file claims.
std::string read_regular_file(const std::string& path, std::uintmax_t max_bytes);

}  // namespace autobench::files
