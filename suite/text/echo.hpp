// Input echoed in a message, made safe for a terminal: control bytes escaped and the length bounded.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

namespace autobench::text {

inline constexpr std::size_t kEchoBytes = 200;      // the most bytes of one echoed value
inline constexpr std::size_t kMessageBytes = 4000;  // the most bytes of one whole error message

// `text` with every control character (C0 and C1: NUL, ESC, CSI, OSC, ...; DEL) and every byte that is not
// valid UTF-8 written as \xNN, the rest as it is (so escaping twice changes nothing); cut after `max_bytes`
// bytes of `text` with "…(N bytes)" naming its whole length.
std::string printable(std::string_view text, std::size_t max_bytes = kEchoBytes);

// printable(text) in single quotes: how every message quotes a value it was given ("unknown kernel 'x'").
std::string echo(std::string_view text);

}  // namespace autobench::text
