// Numbers as text in their shortest round-trip form (1.1, not 1.1000000000000001), for CSV files.
#pragma once

#include <charconv>
#include <string>

namespace autobench::formatting {

// std::to_chars' shortest exact form; "nan", "inf" and "-inf" for those values.
template <class T>
std::string shortest(T v) {
  char buf[64];
  const auto r = std::to_chars(buf, buf + sizeof buf, v);
  return std::string(buf, r.ptr);
}

}  // namespace autobench::formatting
