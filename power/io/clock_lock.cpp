// Clock locks and the restore hook (see clock_lock.hpp).
#include "power/io/clock_lock.hpp"

namespace autobench::power::io {

namespace {

constexpr int kSlots = 8;
std::atomic<ClockLock*> g_armed[kSlots];
static_assert(std::atomic<ClockLock*>::is_always_lock_free, "the restore hook needs lock-free atomics");

}  // namespace

ClockLock::ClockLock(ClockBackend& backend, ClockLockRequest request) : backend_(backend) {
  ApplicationClocks clocks;
  if (backend_.application_clocks(&clocks) == 0) previous_ = clocks;
  if (backend_.default_application_clocks(&clocks) == 0) defaults_ = clocks;
  arm();

  // Each flag is raised before its change so that a signal arriving mid-call still undoes it.
  locked_ = true;
  if (const int rc = backend_.lock_sm_clock(request.sm_mhz, request.sm_mhz); rc != 0) {
    locked_ = false;
    restore();
    throw ClockError("locking the SM clock at " + std::to_string(request.sm_mhz) +
                     " MHz failed: " + backend_.describe(rc));
  }
  if (request.mem_mhz) {
    application_set_ = true;
    const ApplicationClocks wanted{*request.mem_mhz, request.sm_mhz};
    if (const int rc = backend_.set_application_clocks(wanted); rc != 0) {
      restore();
      throw ClockError("setting application clocks to " + std::to_string(wanted.mem_mhz) + " MHz memory, " +
                       std::to_string(wanted.sm_mhz) + " MHz SM failed: " + backend_.describe(rc));
    }
  }
}

ClockLock::~ClockLock() {
  restore();
  // A signal handler on another thread may have claimed the restore: wait until it has finished with us.
  while (!done_.load()) {
  }
}

void ClockLock::arm() {
  for (auto& slot : g_armed) {
    ClockLock* expected = nullptr;
    if (slot.compare_exchange_strong(expected, this)) return;
  }
  throw ClockError("more than " + std::to_string(kSlots) + " clock locks are alive in this process");
}

void ClockLock::disarm() noexcept {
  for (auto& slot : g_armed) {
    ClockLock* expected = this;
    if (slot.compare_exchange_strong(expected, nullptr)) return;
  }
}

void ClockLock::restore() noexcept {
  disarm();
  restore_once();
}

void ClockLock::restore_once() noexcept {
  if (claimed_.exchange(true)) return;
  bool failed = false;
  if (locked_.load()) failed |= backend_.reset_locked_clocks() != 0;
  if (application_set_.load()) {
    if (previous_ && previous_ != defaults_) {
      failed |= backend_.set_application_clocks(*previous_) != 0;
    } else {
      failed |= backend_.reset_application_clocks() != 0;
    }
  }
  failed_ = failed;
  done_ = true;
}

void restore_all_clock_locks() noexcept {
  for (auto& slot : g_armed) {
    if (ClockLock* lock = slot.exchange(nullptr)) lock->restore_once();
  }
}

}  // namespace autobench::power::io
