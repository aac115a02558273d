// How a subcommand ends when a rank job (suite/runs/) has run: the job's outcome as the program's errors.
#pragma once

#include "suite/cli/errors.hpp"
#include "suite/runs/outcome.hpp"

namespace autobench::cli {

static_assert(kExitUsage == runs::kExitUsage && kExitFailure == runs::kExitFailure, "one meaning per exit code");
using runs::kExitStopped;

// Returns on exit code 0, else throws the error of the outcome's exit code with rank 0's message ("" on
// the other ranks: they print nothing).
inline void end_with(const runs::Outcome& outcome) {
  if (outcome.exit_code == 0) return;
  if (outcome.exit_code == kExitUsage) throw UsageError(outcome.message);
  if (outcome.exit_code == kExitStopped) throw StoppedEarly(outcome.message);
  throw RunFailure(outcome.message);
}

}  // namespace autobench::cli
