// Safe echoes of input (see echo.hpp).
#include "suite/text/echo.hpp"

#include <fmt/format.h>

namespace autobench::text {
namespace {

// The length of the valid, non-control UTF-8 sequence starting at text[i] (2 to 4 bytes), or 0.
std::size_t utf8_length(std::string_view text, std::size_t i) {
  const auto byte = [&](std::size_t k) { return static_cast<unsigned char>(text[k]); };
  const unsigned char lead = byte(i);
  const std::size_t n = lead >= 0xC2 && lead < 0xE0   ? 2
                        : lead >= 0xE0 && lead < 0xF0 ? 3
                        : lead >= 0xF0 && lead <= 0xF4 ? 4
                                                       : 0;
  if (n == 0 || i + n > text.size()) return 0;
  unsigned code = lead & (0x7F >> n);
  for (std::size_t k = 1; k < n; ++k) {
    if ((byte(i + k) & 0xC0) != 0x80) return 0;
    code = (code << 6) | (byte(i + k) & 0x3F);
  }
  const bool shortest = code >= (n == 2 ? 0x80u : n == 3 ? 0x800u : 0x10000u);
  const bool c1_control = code < 0xA0;
  const bool surrogate = code >= 0xD800 && code <= 0xDFFF;
  return shortest && !c1_control && !surrogate && code <= 0x10FFFF ? n : 0;
}

}  // namespace

std::string printable(std::string_view text, std::size_t max_bytes) {
  const std::string_view kept = text.substr(0, max_bytes);
  std::string out;
  out.reserve(kept.size() + 16);
  for (std::size_t i = 0; i < kept.size();) {
    const auto c = static_cast<unsigned char>(kept[i]);
    if (c >= 0x20 && c < 0x7F) {
      out += static_cast<char>(c);
      ++i;
    } else if (const std::size_t n = c >= 0x80 ? utf8_length(kept, i) : 0; n > 0) {
      out.append(kept.substr(i, n));
      i += n;
    } else {
      out += fmt::format("\\x{:02X}", c);
      ++i;
    }
  }
  if (text.size() > max_bytes) out += fmt::format("\u2026({} bytes)", text.size());
  return out;
}

std::string echo(std::string_view text) { return "'" + printable(text) + "'"; }

}  // namespace autobench::text
