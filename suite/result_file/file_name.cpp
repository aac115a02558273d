// Safe file name parts (see file_name.hpp).
#include "suite/result_file/file_name.hpp"

namespace autobench::result_file {

std::string file_name_part(std::string_view name) {
  constexpr std::size_t kMaxBytes = 64;
  std::string out;
  for (const char c : name.substr(0, kMaxBytes)) {
    const bool safe = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '.' ||
                      c == '_' || c == '+' || c == '-';
    out += safe && !(out.empty() && c == '.') ? c : '_';
  }
  return out.empty() ? "_" : out;
}

}  // namespace autobench::result_file
