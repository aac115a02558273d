// One option declared once: its name, --help group and text, settings field, range, stored key and what a
// file from before the key means; and how any table of them (the run's, the dataset's, a model's fit, ...)
// writes, reads and checks its settings' stored form. The command line binds a table with
// suite/cli/option_binding.hpp.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <type_traits>
#include <variant>
#include <vector>

#include <nlohmann/json.hpp>

#include "record/names.hpp"
#include "suite/campaign/limits.hpp"

namespace autobench::campaign {

// An enum field read and written by its names.
template <class S>
struct NamedField {
  std::function<std::string(const S&)> get;
  std::function<void(S&, std::string_view)> set;  // throws std::invalid_argument naming the value and the allowed ones
  std::string allowed;                            // "geometric, adaptive"
};

// Where an option's value sits in the settings S: a plain field, an optional one (unset: not typed, e.g.
// `detect`'s overrides of a results file's settings; stored as null), an enum field, or none
// (std::monostate: the option's command-line binding and stored form are written by hand, see
// Option::to_json).
template <class S>
using Field = std::variant<std::monostate, double& (*)(S&), int& (*)(S&), std::int64_t& (*)(S&),
                           std::uint64_t& (*)(S&), bool& (*)(S&), std::string& (*)(S&),
                           std::vector<std::string>& (*)(S&), std::vector<std::int64_t>& (*)(S&),
                           std::vector<int>& (*)(S&), std::optional<double>& (*)(S&),
                           std::optional<std::string>& (*)(S&), NamedField<S>>;

// Whether T is a std::optional (an optional field).
template <class T>
inline constexpr bool kIsOptional = false;
template <class T>
inline constexpr bool kIsOptional<std::optional<T>> = true;

// A field read and written by the names of its enum's table.
template <class S, class E, std::size_t N>
NamedField<S> named(E& (*ref)(S&), const record::Names<E, N>& names) {
  return {[ref, &names](const S& s) { return std::string(names.name(ref(const_cast<S&>(s)))); },
          [ref, &names](S& s, std::string_view text) { ref(s) = names.value(text); }, names.allowed()};
}

// What a stored file written before an option's key existed means: the key is required, the settings'
// default holds, or a given value (the behaviour of those older files). `moved`: the other way round, a
// key only older files hold, its setting now stored under another key: read when there, never written.
struct OldFiles {
  enum Kind { required, keep_default, value, moved } kind = required;
  nlohmann::json was = nullptr;
};
inline OldFiles required() { return {}; }
inline OldFiles keep_default() { return {OldFiles::keep_default, nullptr}; }
inline OldFiles was(nlohmann::json v) { return {OldFiles::value, std::move(v)}; }
inline OldFiles moved() { return {OldFiles::moved, nullptr}; }

template <class S>
struct Option {
  const char* name;   // long name without dashes: --NAME on the command line, `NAME = ...` in a suite file;
                      // "" for a setting that only the stored form holds
  const char* group;  // --help group ("" for the top)
  const char* help;
  const char* key;    // stored key: run.json, dataset.json, a model file's attribute (nullptr: not stored, e.g. --dry-run)
  Field<S> field = {};
  const Limit* limit = nullptr;  // the typed value's range (typed * limit->scale is stored)
  OldFiles old = {};
  std::optional<double> none = std::nullopt;  // a stored value that means "none" and is not checked against the limit
  bool by_hand = false;          // the command line binds it by hand (a HandBinding, suite/cli/option_binding.hpp)
  // Hand-written stored forms, for fields that are not plain (std::monostate) or not stored as they are.
  std::function<nlohmann::json(const S&)> to_json{};
  std::function<void(S&, const nlohmann::json&)> from_json{};
};

// An option several commands share (the run, dataset, model, calibrate): its name, help and range, declared
// once here; every table that has it names these.
struct SharedOption {
  const char* name;
  const char* help;
  const Limit* limit = nullptr;
};
inline constexpr SharedOption kBackendOption{"backend",
                                             "Device backend: auto (cuda when every rank sees a GPU, else sim), cuda, sim"};
inline constexpr SharedOption kSimDeviceOption{
    "sim-device", "Sim model of every rank (sim backend; see `list`; a run or dataset without one: rank r uses model r mod 2)"};
inline constexpr SharedOption kSeedOption{
    "seed", "Seed of every random choice: sampled configurations, training sets and the sim backend's noise", &limits::seed};
inline constexpr SharedOption kOutputOption{"output", "Parent directory of the timestamped run directory"};

// The stored value of one option, and back (throws nlohmann::json::exception on a mistyped value,
// std::invalid_argument on an unknown name).
template <class S>
nlohmann::json stored(const Option<S>& o, const S& s) {
  if (o.to_json) return o.to_json(s);
  return std::visit(
      [&](const auto& f) -> nlohmann::json {
        using F = std::decay_t<decltype(f)>;
        if constexpr (std::is_same_v<F, std::monostate>) {
          return nlohmann::json();
        } else if constexpr (std::is_same_v<F, NamedField<S>>) {
          return f.get(s);
        } else if constexpr (kIsOptional<std::decay_t<decltype(f(const_cast<S&>(s)))>>) {
          const auto& value = f(const_cast<S&>(s));
          return value ? nlohmann::json(*value) : nlohmann::json();
        } else {
          return f(const_cast<S&>(s));
        }
      },
      o.field);
}

template <class S>
void restore(const Option<S>& o, S& s, const nlohmann::json& value) {
  if (o.from_json) return o.from_json(s, value);
  std::visit(
      [&](const auto& f) {
        using F = std::decay_t<decltype(f)>;
        if constexpr (std::is_same_v<F, NamedField<S>>) {
          f.set(s, value.template get<std::string>());
        } else if constexpr (!std::is_same_v<F, std::monostate>) {
          auto& field = f(s);
          using T = std::decay_t<decltype(field)>;
          if constexpr (kIsOptional<T>) {
            if (value.is_null())
              field.reset();
            else
              field = value.template get<typename T::value_type>();
          } else {
            value.get_to(field);
          }
        }
      },
      o.field);
}

// Every option of `table` with a key, into `j` (a moved one's key is only read).
template <class S>
void write_options(const std::vector<Option<S>>& table, const S& s, nlohmann::json& j) {
  for (const auto& o : table)
    if (o.key && o.old.kind != OldFiles::moved) j[o.key] = stored(o, s);
}

// Every option of `table` with a key, from `value_of(key)` (nullopt: the file has no such key), a missing
// key as OldFiles says; throws nlohmann::json::out_of_range naming a missing required key.
template <class S, class ValueOf>
void read_options_by(const std::vector<Option<S>>& table, S& s, ValueOf value_of) {
  for (const auto& o : table) {
    if (!o.key) continue;
    if (const std::optional<nlohmann::json> value = value_of(o); value)
      restore(o, s, *value);
    else if (o.old.kind == OldFiles::value)
      restore(o, s, o.old.was);
    else if (o.old.kind == OldFiles::required)
      nlohmann::json::object().at(o.key);  // throws json::out_of_range naming the key
  }
}

// read_options_by over the keys of the JSON object `j`.
template <class S>
void read_options(const std::vector<Option<S>>& table, S& s, const nlohmann::json& j) {
  read_options_by(table, s, [&j](const Option<S>& o) -> std::optional<nlohmann::json> {
    const auto it = j.find(o.key);
    return it == j.end() ? std::nullopt : std::optional<nlohmann::json>(*it);
  });
}

// Throws std::invalid_argument "--NAME VALUE is not allowed: ..." for the first stored value of `table`
// outside its option's limit (an option without a plain numeric field is checked by its command).
template <class S>
void check_limits(const std::vector<Option<S>>& table, const S& s) {
  for (const auto& o : table) {
    if (!o.limit) continue;
    std::visit(
        [&](const auto& f) {
          using F = std::decay_t<decltype(f)>;
          if constexpr (std::is_same_v<F, double& (*)(S&)> || std::is_same_v<F, int& (*)(S&)> ||
                        std::is_same_v<F, std::int64_t& (*)(S&)> || std::is_same_v<F, std::uint64_t& (*)(S&)>) {
            const double x = static_cast<double>(f(const_cast<S&>(s)));
            if (!o.none || x != *o.none) check_stored(*o.limit, x);
          } else if constexpr (std::is_same_v<F, std::optional<double>& (*)(S&)>) {
            if (const auto& x = f(const_cast<S&>(s)); x && (!o.none || *x != *o.none)) check_stored(*o.limit, *x);
          }
        },
        o.field);
  }
}

}  // namespace autobench::campaign
