// The phase scope timer: time goes to the innermost phase only (nothing counted twice), back to the
// outer phase when the inner one ends, nothing outside a recording or on other threads.
#include <gtest/gtest.h>

#include <chrono>
#include <thread>

#include "suite/control/phase_timer.hpp"

namespace autobench::control {
namespace {

using results::RankTimeSplit;
using Clock = std::chrono::steady_clock;

void sleep_ms(int ms) { std::this_thread::sleep_for(std::chrono::milliseconds(ms)); }

TEST(PhaseTimer, NestedPhasesAreChargedOnceEach) {
  RankTimeSplit split;
  const auto t0 = Clock::now();
  {
    PhaseRecording recording(split);
    PhaseScope verification(&RankTimeSplit::verification_s);
    sleep_ms(20);
    {
      PhaseScope compile(&RankTimeSplit::compilation_s);
      sleep_ms(30);
    }
    sleep_ms(10);  // back in verification
  }
  const double wall = std::chrono::duration<double>(Clock::now() - t0).count();
  EXPECT_GE(split.compilation_s, 0.030);
  EXPECT_GE(split.verification_s, 0.030);
  // Without the inner phase taken out, verification would hold at least 0.060 s too.
  EXPECT_LE(split.verification_s + split.compilation_s, wall);
  EXPECT_LE(split.verification_s, wall - split.compilation_s);
  EXPECT_EQ(split.gpu_timing_s, 0.0);
}

TEST(PhaseTimer, TimeBetweenPhasesIsOther) {
  RankTimeSplit split;
  {
    PhaseRecording recording(split);
    sleep_ms(20);  // in no phase
    { PhaseScope timing(&RankTimeSplit::gpu_timing_s); }
  }
  split.wall_s = 0.020;
  EXPECT_LT(split.gpu_timing_s, 0.010);
  EXPECT_GT(split.other_s(), 0.010);
}

TEST(PhaseTimer, OnlyTheRecordingThreadCounts) {
  RankTimeSplit split;
  {
    PhaseRecording recording(split);
    std::thread worker([] {
      PhaseScope compile(&RankTimeSplit::compilation_s);
      sleep_ms(20);
    });
    worker.join();
  }
  EXPECT_EQ(split.compilation_s, 0.0);
  { PhaseScope outside(&RankTimeSplit::detection_s); }  // no recording: nothing to charge, no crash
  EXPECT_EQ(split.detection_s, 0.0);
}

}  // namespace
}  // namespace autobench::control
