// The one signal handler: a run stops after the current measurement on the first signal, and every
// signal that ends the process first restores the clocks a ClockLock holds (here on a sim device).
#include "suite/control/stop_signals.hpp"

#include <gtest/gtest.h>

#include <csignal>

#include "power/io/clock_lock.hpp"
#include "suite/backend/sim/sim_device.hpp"

namespace autobench::control {
namespace {

volatile std::sig_atomic_t previous_handler_ran = 0;
extern "C" void previous_handler(int) { previous_handler_ran = 1; }

// Installs previous_handler for SIGUSR1 for the test's duration: it stands for the default action
// (ending the process), which a test cannot take.
class SignalTest : public ::testing::Test {
 protected:
  void SetUp() override {
    struct sigaction handler = {};
    handler.sa_handler = previous_handler;
    sigemptyset(&handler.sa_mask);
    ASSERT_EQ(sigaction(SIGUSR1, &handler, &original_), 0);
    previous_handler_ran = 0;
  }
  void TearDown() override { sigaction(SIGUSR1, &original_, nullptr); }

  backend::sim::SimDevice device_{backend::sim::model_named("H100 SXM"), backend::sim::SimOptions{}};
  struct sigaction original_ = {};
};

TEST_F(SignalTest, EndNowRestoresTheClocksThenReachesThePreviousHandler) {
  install_stop_handlers(OnSignal::end_now);
  install_stop_handlers(OnSignal::end_now);  // idempotent
  power::io::ClockLock lock(*device_.clock_backend(), {990, std::nullopt});
  ASSERT_DOUBLE_EQ(device_.clock_mhz(), 990);
  std::raise(SIGUSR1);
  EXPECT_TRUE(lock.restored());
  EXPECT_DOUBLE_EQ(device_.clock_mhz(), 1980);
  EXPECT_EQ(previous_handler_ran, 1);

  // The previous handler is back: a second signal goes straight to it.
  previous_handler_ran = 0;
  std::raise(SIGUSR1);
  EXPECT_EQ(previous_handler_ran, 1);
}

TEST_F(SignalTest, FirstSignalAsksToStopAndKeepsTheLockASecondEndsWithTheClocksRestored) {
  install_stop_handlers(OnSignal::stop_after_measurement);
  power::io::ClockLock lock(*device_.clock_backend(), {990, std::nullopt});
  std::raise(SIGUSR1);
  EXPECT_TRUE(stop_requested());
  EXPECT_FALSE(lock.restored()) << "the measurement under way keeps its clock";
  EXPECT_DOUBLE_EQ(device_.clock_mhz(), 990);
  EXPECT_EQ(previous_handler_ran, 0);

  std::raise(SIGUSR1);  // asked twice: the process ends, clocks restored first
  EXPECT_TRUE(lock.restored());
  EXPECT_DOUBLE_EQ(device_.clock_mhz(), 1980);
  EXPECT_EQ(previous_handler_ran, 1);
}

}  // namespace
}  // namespace autobench::control
