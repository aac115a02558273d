// Reading a journal kept gzipped (bench/ stores recorded journals as rank<R>.jsonl.gz).
#pragma once

#include <istream>
#include <memory>
#include <string>

namespace autobench::journal {

// Opens `path` for reading, or else `path`.gz decompressed whole; nullptr when neither exists. Throws
// std::runtime_error naming the file when the .gz cannot be decompressed (damaged or not gzip).
std::unique_ptr<std::istream> open_maybe_gzipped(const std::string& path);

}  // namespace autobench::journal
