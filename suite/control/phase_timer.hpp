// A cheap scope timer that charges a thread's wall time to the phase it is in (results/time_split.hpp):
// PhaseRecording names the split a thread fills, PhaseScope(&RankTimeSplit::verification_s) marks a
// phase. Scopes nest: the inner phase's time is taken out of the outer one's, so every second counts
// once. Threads without a recording (worker threads, samplers) pay one branch per scope. Pure C++.
#pragma once

#include "suite/results/time_split.hpp"

namespace autobench::control {

using Phase = double results::RankTimeSplit::*;

// While alive, this thread's phase scopes add to `split` (one recording per thread at a time).
class PhaseRecording {
 public:
  explicit PhaseRecording(results::RankTimeSplit& split);
  ~PhaseRecording();
  PhaseRecording(const PhaseRecording&) = delete;
  PhaseRecording& operator=(const PhaseRecording&) = delete;
};

// Charges this thread's time to `phase` until destroyed, then to the phase it interrupted.
class PhaseScope {
 public:
  explicit PhaseScope(Phase phase);
  ~PhaseScope();
  PhaseScope(const PhaseScope&) = delete;
  PhaseScope& operator=(const PhaseScope&) = delete;

 private:
  Phase outer_;
};

}  // namespace autobench::control
