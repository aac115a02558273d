// The command line of an option table (suite/campaign/option.hpp): every command binds its table's options
// to its settings with add_options, so a table entry is the option's only declaration.
#pragma once

#include <algorithm>
#include <functional>
#include <map>
#include <string>
#include <type_traits>
#include <variant>
#include <vector>

#include <CLI/CLI.hpp>
#include <fmt/format.h>

#include "suite/campaign/option.hpp"
#include "suite/cli/bounded.hpp"

namespace autobench::cli {

// The binding of an option marked by_hand (its typed value is not its stored one: a flag pair, an
// optional, a word for a number), keyed by its long name.
using HandBinding = std::function<CLI::Option*(CLI::App&, const std::string& help, const campaign::Limit*)>;
using HandBindings = std::map<std::string, HandBinding>;

// `allowed` as CLI11 shows a set: "geometric, adaptive" -> {geometric,adaptive}.
inline std::string braced(std::string allowed) {
  std::erase(allowed, ' ');
  return "{" + allowed + "}";
}

// The option `entry` bound to its field in `s`, checked against its limit or names (nullptr for an
// option without a field).
template <class S>
CLI::Option* bind_field(CLI::App& app, const campaign::Option<S>& entry, S& s) {
  const std::string name = std::string("--") + entry.name;
  return std::visit(
      [&](const auto& f) -> CLI::Option* {
        using F = std::decay_t<decltype(f)>;
        if constexpr (std::is_same_v<F, std::monostate>) {
          return nullptr;
        } else if constexpr (std::is_same_v<F, campaign::NamedField<S>>) {
          const CLI::Validator known([f](std::string& text) {
            S scratch;
            try {
              f.set(scratch, text);
            } catch (const std::invalid_argument& e) {
              return std::string(e.what());
            }
            return std::string();
          }, braced(f.allowed));
          return app.add_option_function<std::string>(name, [f, &s](const std::string& text) { f.set(s, text); },
                                                      entry.help)
              ->default_str(f.get(s))
              ->check(known);
        } else {
          auto& value = f(s);
          using T = std::decay_t<decltype(value)>;
          CLI::Option* opt = nullptr;
          if constexpr (std::is_same_v<T, bool>) {
            opt = app.add_flag(name, value, entry.help);
          } else if constexpr (std::is_same_v<T, double>) {
            if (entry.limit && entry.limit->scale != 1.0) {  // typed in another unit (ms) than stored (s)
              const double scale = entry.limit->scale;
              opt = app.add_option_function<double>(name, [&value, scale](double typed) { value = typed * scale; },
                                                    entry.help)
                        ->default_str(fmt::format("{}", value / scale));
            } else {
              opt = app.add_option(name, value, entry.help);
            }
          } else if constexpr (std::is_same_v<T, std::string>) {
            opt = app.add_option(name, value, entry.help);
          } else if constexpr (requires { value.push_back(value.front()); }) {  // a list: comma-separated or repeated
            opt = app.add_option(name, value, entry.help)->delimiter(',');
          } else {
            opt = app.add_option(name, value, entry.help);
          }
          if (entry.limit) opt->check(bounded(*entry.limit));
          return opt;
        }
      },
      entry.field);
}

// Every option of `table` in --help group `group` ("": CLI11's top group, Options) with a name, bound to
// `s` (or by `by_hand`), in table order.
template <class S>
void add_options(CLI::App& app, const std::vector<campaign::Option<S>>& table, S& s, const std::string& group = "",
                 const HandBindings& by_hand = {}) {
  for (const auto& entry : table) {
    if (!*entry.name || entry.group != group) continue;
    CLI::Option* opt = entry.by_hand ? by_hand.at(entry.name)(app, entry.help, entry.limit) : bind_field(app, entry, s);
    if (!group.empty()) opt->group(group);
  }
}

}  // namespace autobench::cli
