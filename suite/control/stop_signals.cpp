// Stop signals (see stop_signals.hpp).
#include "suite/control/stop_signals.hpp"

#include <csignal>
#include <initializer_list>

namespace autobench::control {
namespace {

volatile std::sig_atomic_t g_signal = 0;
void (*volatile g_hook)() = nullptr;

extern "C" void on_stop_signal(int sig) {
  if (g_hook) g_hook();
  if (g_signal == sig) {  // asked twice: stop now
    std::signal(sig, SIG_DFL);
    std::raise(sig);
    return;
  }
  g_signal = sig;
}

}  // namespace

void install_stop_handlers() {
  for (int sig : {SIGINT, SIGTERM, SIGUSR1}) {
    struct sigaction action {};
    action.sa_handler = on_stop_signal;
    sigemptyset(&action.sa_mask);
    action.sa_flags = SA_RESTART;
    sigaction(sig, &action, nullptr);
  }
}

bool stop_requested() { return g_signal != 0; }
int stop_signal() { return g_signal; }
void set_signal_hook(void (*hook)()) { g_hook = hook; }

}  // namespace autobench::control
