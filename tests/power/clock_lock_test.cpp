#include "power/io/clock_lock.hpp"

#include <gtest/gtest.h>

#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace autobench::power::io {
namespace {

// Records every call; any operation can be made to fail.
class FakeBackend final : public ClockBackend {
 public:
  std::optional<ApplicationClocks> current{{2619, 1755}};
  std::optional<ApplicationClocks> defaults{{2619, 1755}};
  int fail_lock = 0, fail_set = 0, fail_reset_locked = 0;
  std::vector<std::string> calls;

  int application_clocks(ApplicationClocks* out) override {
    if (!current) return 3;
    *out = *current;
    return 0;
  }
  int default_application_clocks(ApplicationClocks* out) override {
    if (!defaults) return 3;
    *out = *defaults;
    return 0;
  }
  int lock_sm_clock(unsigned int lo, unsigned int hi) override {
    calls.push_back("lock " + std::to_string(lo) + "-" + std::to_string(hi));
    return fail_lock;
  }
  int reset_locked_clocks() override {
    calls.push_back("reset locked");
    return fail_reset_locked;
  }
  int set_application_clocks(const ApplicationClocks& c) override {
    calls.push_back("set app " + std::to_string(c.mem_mhz) + "/" + std::to_string(c.sm_mhz));
    return std::exchange(fail_set, 0);
  }
  int reset_application_clocks() override {
    calls.push_back("reset app");
    return 0;
  }
  std::string describe(int code) const override { return "fake error " + std::to_string(code); }
};

using Calls = std::vector<std::string>;

TEST(ClockLock, LocksAndResetsOnScopeExit) {
  FakeBackend backend;
  {
    ClockLock lock(backend, {1410, std::nullopt});
    EXPECT_EQ(backend.calls, (Calls{"lock 1410-1410"}));
    EXPECT_FALSE(lock.restored());
  }
  // Application clocks were not touched, so they are left alone.
  EXPECT_EQ(backend.calls, (Calls{"lock 1410-1410", "reset locked"}));
}

TEST(ClockLock, ApplicationClocksAtDefaultsAreReset) {
  FakeBackend backend;
  { ClockLock lock(backend, {1410, 1593}); }
  EXPECT_EQ(backend.calls, (Calls{"lock 1410-1410", "set app 1593/1410", "reset locked", "reset app"}));
}

TEST(ClockLock, NonDefaultApplicationClocksAreSetBack) {
  FakeBackend backend;
  backend.current = ApplicationClocks{2619, 1200};
  { ClockLock lock(backend, {1410, 2619}); }
  EXPECT_EQ(backend.calls, (Calls{"lock 1410-1410", "set app 2619/1410", "reset locked", "set app 2619/1200"}));
}

TEST(ClockLock, UnknownApplicationClocksAreReset) {
  FakeBackend backend;
  backend.current.reset();
  { ClockLock lock(backend, {1410, 2619}); }
  EXPECT_EQ(backend.calls.back(), "reset app");
}

TEST(ClockLock, RestoreRunsOnce) {
  FakeBackend backend;
  {
    ClockLock lock(backend, {1000, std::nullopt});
    lock.restore();
    EXPECT_TRUE(lock.restored());
    lock.restore();
  }
  EXPECT_EQ(backend.calls, (Calls{"lock 1000-1000", "reset locked"}));
}

TEST(ClockLock, FailedLockThrowsAndChangesNothingElse) {
  FakeBackend backend;
  backend.fail_lock = 4;
  try {
    ClockLock lock(backend, {1410, 2619});
    FAIL() << "a failed lock did not throw";
  } catch (const ClockError& e) {
    EXPECT_NE(std::string(e.what()).find("1410"), std::string::npos);
    EXPECT_NE(std::string(e.what()).find("fake error 4"), std::string::npos);
  }
  EXPECT_EQ(backend.calls, (Calls{"lock 1410-1410"}));
  restore_all_clock_locks();  // nothing left armed
  EXPECT_EQ(backend.calls.size(), 1u);
}

TEST(ClockLock, FailedApplicationClocksUndoTheLockAndThrow) {
  FakeBackend backend;
  backend.fail_set = 3;
  EXPECT_THROW(ClockLock(backend, {1410, 9999}), ClockError);
  EXPECT_EQ(backend.calls, (Calls{"lock 1410-1410", "set app 9999/1410", "reset locked", "reset app"}));
}

TEST(ClockLock, RestoreFailureIsReported) {
  FakeBackend backend;
  backend.fail_reset_locked = 999;
  ClockLock lock(backend, {1000, std::nullopt});
  lock.restore();
  EXPECT_TRUE(lock.restore_failed());
}

TEST(ClockRestoreHook, RestoresEveryLiveLockOnce) {
  FakeBackend a, b;
  ClockLock first(a, {1000, std::nullopt});
  ClockLock second(b, {1100, std::nullopt});
  restore_all_clock_locks();
  EXPECT_TRUE(first.restored());
  EXPECT_TRUE(second.restored());
  restore_all_clock_locks();
  EXPECT_EQ(a.calls, (Calls{"lock 1000-1000", "reset locked"}));
  EXPECT_EQ(b.calls, (Calls{"lock 1100-1100", "reset locked"}));
}

TEST(ClockRestoreHook, AtMostEightLocksLive) {
  std::vector<std::unique_ptr<FakeBackend>> backends;
  std::vector<std::unique_ptr<ClockLock>> locks;
  for (int i = 0; i < 8; ++i) {
    backends.push_back(std::make_unique<FakeBackend>());
    locks.push_back(std::make_unique<ClockLock>(*backends.back(), ClockLockRequest{1000, std::nullopt}));
  }
  FakeBackend extra;
  EXPECT_THROW(ClockLock(extra, {1000, std::nullopt}), ClockError);
  EXPECT_TRUE(extra.calls.empty());
  locks.pop_back();  // frees a slot
  EXPECT_NO_THROW(ClockLock(extra, {1000, std::nullopt}));
}

}  // namespace
}  // namespace autobench::power::io
