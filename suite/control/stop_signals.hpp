// The program's one handler for SIGINT, SIGTERM, SIGHUP and SIGUSR1 (SLURM's warning before the time limit):
// a run stops after the current measurement, and GPU clocks that a ClockLock holds are restored before
// any signal ends the process.
#pragma once

#include <string>

namespace autobench::control {

enum class OnSignal {
  stop_after_measurement,  // the first signal asks the run to stop; a second one of the same kind ends it
  end_now,                 // every signal ends the process (as it would have without us)
};

// Installs the handler for the four signals (the handlers found there are kept and reinstated before
// the process ends, so it ends as it would have without us). Calling it again changes the mode (and reinstalls it where it was replaced meanwhile).
// Ending always first calls power::io::restore_all_clock_locks().
void install_stop_handlers(OnSignal mode = OnSignal::stop_after_measurement);
bool stop_requested();
// A line the handler writes to stderr at once when the first signal asks the run to stop (e.g. how to
// get the results should the launcher kill the process before it writes them: mpirun sends SIGKILL a
// second after forwarding SIGTERM). Cut to 1 KiB; "" (the default) writes nothing.
void set_stop_notice(const std::string& line);

}  // namespace autobench::control
