// SIGINT, SIGTERM and SIGUSR1 (SLURM's warning before the time limit) ask the run to stop after the
// current measurement; a second signal of the same kind ends the process at once.
#pragma once

namespace autobench::control {

void install_stop_handlers();
bool stop_requested();
int stop_signal();  // the signal that asked, 0 when none

// Called from the handler before anything else (async-signal-safe code only), e.g. to restore GPU
// clocks that a calibration locked.
void set_signal_hook(void (*hook)());

}  // namespace autobench::control
