// Locking the SM clock for a measurement and restoring the clocks on every exit path (signals: through
// restore_all_clock_locks(), which suite/control/stop_signals.hpp's one handler calls).
#pragma once

#include <atomic>
#include <optional>
#include <stdexcept>
#include <string>

namespace autobench::power::io {

struct ApplicationClocks {
  unsigned int mem_mhz = 0;
  unsigned int sm_mhz = 0;  // NVML's "graphics" application clock
  bool operator==(const ApplicationClocks&) const = default;
};

// The device operations a ClockLock needs: NVML implements them (nvml_clock_backend.hpp), tests fake
// them. Each returns 0 on success or a backend error code that describe() explains. They must not
// throw: restore runs from destructors and from signal handlers.
class ClockBackend {
 public:
  virtual ~ClockBackend() = default;
  virtual int application_clocks(ApplicationClocks* out) = 0;
  virtual int default_application_clocks(ApplicationClocks* out) = 0;
  virtual int lock_sm_clock(unsigned int min_mhz, unsigned int max_mhz) = 0;
  virtual int reset_locked_clocks() = 0;
  virtual int set_application_clocks(const ApplicationClocks& clocks) = 0;
  virtual int reset_application_clocks() = 0;
  virtual std::string describe(int code) const = 0;
};

struct ClockLockRequest {
  unsigned int sm_mhz = 0;              // the SM clock is locked to [sm_mhz, sm_mhz]
  std::optional<unsigned int> mem_mhz;  // when set, application clocks are also set to (mem_mhz, sm_mhz)
};

// Locking or setting clocks failed (usually: not root, or a clock the device does not support).
struct ClockError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// RAII: the constructor remembers the application clocks (current and default), locks the SM clock
// (and sets application clocks when asked) and arms the process-wide restore hook; restore() — called
// by the destructor, by restore_all_clock_locks() and so by the signal handlers — undoes exactly what
// was changed, once: locked clocks are reset (NVML cannot read back an earlier lock, so the device
// returns to unlocked), application clocks go back to the remembered values (reset when those were the
// defaults or unknown). Opt-in and needs root; on failure the constructor undoes its partial work and
// throws ClockError. At most 8 locks may be alive in a process. Neither copyable nor movable.
class ClockLock {
 public:
  ClockLock(ClockBackend& backend, ClockLockRequest request);
  ~ClockLock();
  ClockLock(const ClockLock&) = delete;
  ClockLock& operator=(const ClockLock&) = delete;

  void restore() noexcept;
  bool restored() const { return done_.load(); }
  bool restore_failed() const { return failed_.load(); }  // a restore step returned an error

 private:
  friend void restore_all_clock_locks() noexcept;
  void arm();
  void disarm() noexcept;
  void restore_once() noexcept;

  ClockBackend& backend_;
  std::optional<ApplicationClocks> previous_;
  std::optional<ApplicationClocks> defaults_;
  std::atomic<bool> locked_{false};
  std::atomic<bool> application_set_{false};
  std::atomic<bool> claimed_{false};
  std::atomic<bool> done_{false};
  std::atomic<bool> failed_{false};
};

// The restore hook: restores every armed ClockLock, each at most once. Its own bookkeeping is
// async-signal-safe (a fixed table of lock-free atomic pointers, taken with exchange; no allocation, no
// mutex), so a signal handler may call it. The restore steps themselves are NVML calls (ioctls into the
// driver): not on POSIX's async-signal-safe list, but the best a dying process can do for the next user
// of the GPU. A handler that interrupts a thread inside NVML could in principle deadlock; handlers that
// only set a flag and let the main thread call this function avoid that. The program's one signal
// handler is control::install_stop_handlers (suite/control/stop_signals.hpp).
void restore_all_clock_locks() noexcept;

}  // namespace autobench::power::io
