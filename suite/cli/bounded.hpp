// A CLI11 validator from a campaign::Limit: the option's range in --help, and its check on every typed value.
#pragma once

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

}  // namespace autobench::cli
