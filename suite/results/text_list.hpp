// Names listed in one line for messages and tables: "a, b, c".
#pragma once

#include <string>

namespace autobench::results {

// The items separated by ", " ("" for none); any range of strings (vector, set).
template <class Range>
std::string joined(const Range& items) {
  std::string out;
  for (const auto& s : items) out += (out.empty() ? "" : ", ") + std::string(s);
  return out;
}

}  // namespace autobench::results
