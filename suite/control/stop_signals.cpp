// Stop signals (see stop_signals.hpp).
#include "suite/control/stop_signals.hpp"

#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <csignal>
#include <cstring>
#include <iterator>

#include "power/io/clock_lock.hpp"

namespace autobench::control {
namespace {

constexpr int kSignals[] = {SIGINT, SIGTERM, SIGHUP, SIGUSR1};  // SIGHUP: the terminal of an interactive run closed
struct sigaction g_previous[std::size(kSignals)];
std::atomic<OnSignal> g_mode{OnSignal::stop_after_measurement};
volatile std::sig_atomic_t g_signal = 0;
char g_notice[1024];  // set_stop_notice's line, written by the handler (write(2) is async-signal-safe)
std::atomic<std::size_t> g_notice_size{0};
static_assert(std::atomic<OnSignal>::is_always_lock_free, "the handler reads the mode");

// Restores the clocks, reinstates the handler that was there before and re-raises: delivered once this
// handler returns, so the process ends (or carries on) as it would have without us.
void end_as_before(int sig) {
  power::io::restore_all_clock_locks();
  for (std::size_t i = 0; i < std::size(kSignals); ++i) {
    if (kSignals[i] == sig) sigaction(sig, &g_previous[i], nullptr);
  }
  std::raise(sig);
}

extern "C" void on_signal(int sig) {
  if (g_mode.load() == OnSignal::end_now || g_signal == sig) {  // asked twice: stop now
    end_as_before(sig);
    return;
  }
  if (g_signal == 0 && g_notice_size.load() > 0) {
    [[maybe_unused]] const ssize_t written = ::write(STDERR_FILENO, g_notice, g_notice_size.load());
  }
  g_signal = sig;
}

}  // namespace

void install_stop_handlers(OnSignal mode) {
  g_mode = mode;
  struct sigaction action {};
  action.sa_handler = on_signal;
  sigemptyset(&action.sa_mask);
  action.sa_flags = SA_RESTART;
  for (std::size_t i = 0; i < std::size(kSignals); ++i) {
    struct sigaction current {};
    sigaction(kSignals[i], nullptr, &current);
    if (current.sa_handler != on_signal) sigaction(kSignals[i], &action, &g_previous[i]);  // keep the one found
  }
}

bool stop_requested() { return g_signal != 0; }

void set_stop_notice(const std::string& line) {
  g_notice_size = 0;  // the handler writes nothing while the line changes
  const std::size_t n = std::min(line.size(), sizeof g_notice);
  std::memcpy(g_notice, line.data(), n);
  g_notice_size = n;
}

}  // namespace autobench::control
