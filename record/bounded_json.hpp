// JSON from files others wrote, parsed with its nesting bounded: 100,000 nested brackets are refused with
// one message instead of exhausting the stack (in the parser, in dump() or in a value's destructor).
#pragma once

#include <stdexcept>
#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

namespace autobench::record {

// Deeper than any JSON the project writes (settings, journals, manifests: a few levels).
inline constexpr int kMaxJsonDepth = 64;

// Whether arrays and objects in `text` nest deeper than `limit` (brackets inside strings do not count).
inline bool nests_deeper_than(std::string_view text, int limit) {
  int depth = 0;
  bool in_string = false;
  for (std::size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (in_string) {
      if (c == '\\') ++i;
      else if (c == '"') in_string = false;
    } else if (c == '"') {
      in_string = true;
    } else if (c == '[' || c == '{') {
      if (++depth > limit) return true;
    } else if (c == ']' || c == '}') {
      --depth;
    }
  }
  return false;
}

// nlohmann::json::parse(text), refusing nesting deeper than kMaxJsonDepth first (std::runtime_error).
inline nlohmann::json parse_json(std::string_view text) {
  if (nests_deeper_than(text, kMaxJsonDepth))
    throw std::runtime_error("JSON nested deeper than " + std::to_string(kMaxJsonDepth) + " levels");
  return nlohmann::json::parse(text);
}

}  // namespace autobench::record
