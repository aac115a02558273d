// A CLI11 validator from a campaign::Limit: the option's range in --help, and its check on every typed value.
#pragma once

#include <string>

#include <CLI/CLI.hpp>

#include "suite/campaign/limits.hpp"

namespace autobench::cli {

// `app.add_option("--repeats", r, "...")->check(bounded(campaign::limits::repeats))`: rejects "inf",
// "1e16", "-1", ... with "--repeats: -1 is not allowed: must be a whole number in [1, 1000]" (exit 2);
// a suite file's value gets the same check, located at its line.
inline CLI::Validator bounded(const campaign::Limit& limit) {
  return CLI::Validator([limit](std::string& text) { return campaign::reason_not_allowed(limit, text); },
                        "in " + campaign::range_text(limit));
}

// bounded(limit), and also the word `word`, which the option stores as the number `stored`:
// `bounded_or(limits::spline_knots, "auto", 0)` takes "auto" or a whole number in [1, 100].
inline CLI::Validator bounded_or(const campaign::Limit& limit, const std::string& word, int stored) {
  return CLI::Validator(
      [limit, word, stored](std::string& text) {
        if (text == word) {
          text = std::to_string(stored);
          return std::string();
        }
        const std::string why = campaign::reason_not_allowed(limit, text);
        return why.empty() ? why : why + " or " + word;
      },
      word + " or in " + campaign::range_text(limit));
}

}  // namespace autobench::cli
