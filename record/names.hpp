// An enum's values and their names in one table, read both ways, with the project's one error for a bad name.
#pragma once

#include <array>
#include <cstddef>
#include <stdexcept>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>

namespace autobench::record {

// Next to the enum: `inline constexpr auto kSweepNames = names<SweepMode>("sweep", {{SweepMode::geometric,
// "geometric"}, ...});` then kSweepNames.name(SweepMode::adaptive) == "adaptive" and kSweepNames.value("zigzag")
// throws std::invalid_argument "unknown sweep 'zigzag' (allowed: geometric, adaptive)". The table is the
// enum's only name list: writers, readers, the option table and --help all read it.
template <class E, std::size_t N>
struct Names {
  const char* what;  // what a value is, in the error: "sweep", "x-scale", "stop reason"
  std::array<std::pair<E, const char*>, N> table;

  // The name of `value` ("?" for a value outside the table, which a complete table never meets).
  constexpr const char* name(E value) const {
    for (const auto& [v, n] : table)
      if (v == value) return n;
    return "?";
  }

  // The value named `text`; throws std::invalid_argument naming `text` and the allowed names.
  E value(std::string_view text) const { return value_for("", text); }

  // value(text) for the command-line option `option`, the error prefixed with it:
  // kGainNames.value_for("--gain", "partial") throws "--gain: unknown gain 'partial' (allowed: relative, absolute)".
  E value_for(std::string_view option, std::string_view text) const {
    for (const auto& [v, n] : table)
      if (text == n) return v;
    throw std::invalid_argument((option.empty() ? "" : std::string(option) + ": ") + "unknown " + what + " '" +
                                std::string(text) + "' (allowed: " + allowed() + ")");
  }

  // The names in table order, comma-separated: "geometric, adaptive".
  std::string allowed() const {
    std::string out;
    for (const auto& [v, n] : table) out += (out.empty() ? "" : ", ") + std::string(n);
    return out;
  }
};

// An enum that records store by name (an HDF5 attribute) declares its table next to it, for argument-dependent
// lookup: `constexpr const auto& names_of(StopReason) { return kStopReasonNames; }`.
template <class E>
concept StoredByName = std::is_enum_v<E> && requires(E e) { names_of(e).name(e); };

// Names<E, N> from a braced table, N counted: names<Gain>("gain", {{Gain::relative, "relative"}, ...}).
template <class E, std::size_t N>
constexpr Names<E, N> names(const char* what, const std::pair<E, const char*> (&table)[N]) {
  Names<E, N> out{what, {}};
  for (std::size_t i = 0; i < N; ++i) out.table[i] = table[i];
  return out;
}

}  // namespace autobench::record
