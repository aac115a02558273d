// The phase scope timer (see phase_timer.hpp).
#include "suite/control/phase_timer.hpp"

#include <chrono>

namespace autobench::control {
namespace {

using Clock = std::chrono::steady_clock;

struct ThreadPhases {
  results::RankTimeSplit* split = nullptr;
  Phase current = nullptr;  // nullptr: between phases (nothing charged)
  Clock::time_point since;
};
thread_local ThreadPhases t_phases;

// Charges the time since the last switch to the current phase, then makes `next` current.
void switch_to(Phase next) {
  if (t_phases.split == nullptr) return;
  const auto now = Clock::now();
  if (t_phases.current != nullptr)
    t_phases.split->*t_phases.current += std::chrono::duration<double>(now - t_phases.since).count();
  t_phases.current = next;
  t_phases.since = now;
}

}  // namespace

PhaseRecording::PhaseRecording(results::RankTimeSplit& split) { t_phases = {&split, nullptr, Clock::now()}; }

PhaseRecording::~PhaseRecording() {
  switch_to(nullptr);
  t_phases = {};
}

PhaseScope::PhaseScope(Phase phase) : outer_(t_phases.current) { switch_to(phase); }

PhaseScope::~PhaseScope() { switch_to(outer_); }

}  // namespace autobench::control
