// The two kinds of failure the program reports: usage errors (exit 2) and run failures (exit 1).
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

inline constexpr int kExitUsage = 2;
inline constexpr int kExitFailure = 1;

}  // namespace autobench::cli
