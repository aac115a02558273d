// The kinds of failure the program reports: usage errors (exit 2), run failures (exit 1), runs stopped early
// (exit 3) and a failed health gate (exit 5).
#pragma once

#include <stdexcept>

namespace autobench::cli {

// Bad input from the user: one line naming the bad value and what is allowed; exit code 2.
struct UsageError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// The run itself failed (I/O, device, MPI); exit code 1.
struct RunFailure : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// The work stopped early (signal or time budget) and left files marked incomplete; exit code 3.
struct StoppedEarly : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// `report --fail-on VERDICT` found a GPU whose verdict is at least that bad; exit code 5.
struct HealthGateFailed : std::runtime_error {
  using std::runtime_error::runtime_error;
};

inline constexpr int kExitUsage = 2;
inline constexpr int kExitHealth = 5;
inline constexpr int kExitFailure = 1;

}  // namespace autobench::cli
