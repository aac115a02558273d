#include "power/io/nvml_clock_backend.hpp"

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace autobench::power::io {
namespace {

using namespace nvml;

std::vector<std::string> calls;
Return next_return = kSuccess;
Device handle() { return reinterpret_cast<Device>(0x1234); }

Return get_app_clock(Device d, int type, unsigned int* mhz) {
  if (d != handle()) return 2;
  if (type == kClockGraphics) *mhz = 1755;
  else if (type == kClockMem) *mhz = 2619;
  else return 2;  // the SM type is not an application clock
  return kSuccess;
}
Return get_default_app_clock(Device, int type, unsigned int* mhz) {
  *mhz = type == kClockGraphics ? 1980 : 2619;
  return kSuccess;
}
Return set_locked(Device, unsigned int lo, unsigned int hi) {
  calls.push_back("locked " + std::to_string(lo) + "-" + std::to_string(hi));
  return next_return;
}
Return reset_locked(Device) {
  calls.push_back("reset locked");
  return kSuccess;
}
Return set_app(Device, unsigned int mem, unsigned int graphics) {
  calls.push_back("app mem " + std::to_string(mem) + " graphics " + std::to_string(graphics));
  return kSuccess;
}
Return reset_app(Device) {
  calls.push_back("reset app");
  return kSuccess;
}
const char* error_string(Return) { return "Insufficient Permissions"; }

Api fake_api() {
  Api api;
  api.error_string = error_string;
  api.device_get_applications_clock = get_app_clock;
  api.device_get_default_applications_clock = get_default_app_clock;
  api.device_set_gpu_locked_clocks = set_locked;
  api.device_reset_gpu_locked_clocks = reset_locked;
  api.device_set_applications_clocks = set_app;
  api.device_reset_applications_clocks = reset_app;
  return api;
}

TEST(NvmlClockBackend, ReadsApplicationClocksAsGraphicsAndMemory) {
  const Api api = fake_api();
  NvmlClockBackend backend(api, handle());
  ApplicationClocks c;
  ASSERT_EQ(backend.application_clocks(&c), kSuccess);
  EXPECT_EQ(c, (ApplicationClocks{2619, 1755}));
  ASSERT_EQ(backend.default_application_clocks(&c), kSuccess);
  EXPECT_EQ(c, (ApplicationClocks{2619, 1980}));
}

TEST(NvmlClockBackend, PassesArgumentsInNvmlOrder) {
  calls.clear();
  next_return = kSuccess;
  const Api api = fake_api();
  NvmlClockBackend backend(api, handle());
  EXPECT_EQ(backend.lock_sm_clock(1200, 1300), kSuccess);
  EXPECT_EQ(backend.set_application_clocks({2619, 1410}), kSuccess);
  EXPECT_EQ(backend.reset_locked_clocks(), kSuccess);
  EXPECT_EQ(backend.reset_application_clocks(), kSuccess);
  EXPECT_EQ(calls, (std::vector<std::string>{"locked 1200-1300", "app mem 2619 graphics 1410", "reset locked",
                                              "reset app"}));
}

TEST(NvmlClockBackend, DrivesAClockLockEndToEnd) {
  calls.clear();
  next_return = kSuccess;
  const Api api = fake_api();
  NvmlClockBackend backend(api, handle());
  { ClockLock lock(backend, {1410, 2619}); }
  // Current application clocks (2619/1755) differ from the defaults (2619/1980): they are set back.
  EXPECT_EQ(calls, (std::vector<std::string>{"locked 1410-1410", "app mem 2619 graphics 1410", "reset locked",
                                              "app mem 2619 graphics 1755"}));
}

TEST(NvmlClockBackend, PermissionErrorsSayRootIsNeeded) {
  next_return = kErrorNoPermission;
  const Api api = fake_api();
  NvmlClockBackend backend(api, handle());
  try {
    ClockLock lock(backend, {1410, std::nullopt});
    FAIL() << "a refused lock did not throw";
  } catch (const ClockError& e) {
    const std::string what = e.what();
    EXPECT_NE(what.find("Insufficient Permissions (code 4)"), std::string::npos) << what;
    EXPECT_NE(what.find("needs root"), std::string::npos) << what;
  }
  next_return = kSuccess;
}

TEST(NvmlClockBackend, MissingEntryPointsReportFunctionNotFound) {
  const Api empty;
  NvmlClockBackend backend(empty, handle());
  ApplicationClocks c;
  EXPECT_EQ(backend.application_clocks(&c), kErrorFunctionNotFound);
  EXPECT_EQ(backend.default_application_clocks(&c), kErrorFunctionNotFound);
  EXPECT_EQ(backend.lock_sm_clock(1, 1), kErrorFunctionNotFound);
  EXPECT_EQ(backend.reset_locked_clocks(), kErrorFunctionNotFound);
  EXPECT_EQ(backend.set_application_clocks({1, 1}), kErrorFunctionNotFound);
  EXPECT_EQ(backend.reset_application_clocks(), kErrorFunctionNotFound);
}

}  // namespace
}  // namespace autobench::power::io
