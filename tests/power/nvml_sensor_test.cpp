#include "power/io/nvml_sensor.hpp"

#include <gtest/gtest.h>

#include <cmath>

namespace autobench::power::io {
namespace {

using namespace nvml;

// A fake NVML device: what each entry point returns is set per test.
struct FakeDevice {
  Return field_call = kSuccess;
  Return instant_return = kSuccess, average_return = kSuccess;
  unsigned int instant_mw = 0, average_mw = 0, usage_mw = 0;
  unsigned long long energy_mj = 0;
  unsigned int sm_mhz = 0, mem_mhz = 0, temperature_c = 0;
  unsigned long long reasons = 0;
  int usage_calls = 0;
  int power_calls = 0;  // field values, power usage and the energy counter: the costly queries
};
FakeDevice fake;
Device handle() { return reinterpret_cast<Device>(&fake); }

Return get_field_values(Device d, int count, FieldValue* values) {
  ++fake.power_calls;
  if (d != handle() || fake.field_call != kSuccess) return fake.field_call;
  for (int i = 0; i < count; ++i) {
    FieldValue& f = values[i];
    f.valueType = kValueUnsignedInt;
    if (f.fieldId == kFieldPowerInstant) {
      f.nvmlReturn = fake.instant_return;
      f.value.uiVal = fake.instant_mw;
    } else if (f.fieldId == kFieldPowerAverage) {
      f.nvmlReturn = fake.average_return;
      f.value.uiVal = fake.average_mw;
    } else {
      f.nvmlReturn = kErrorNotSupported;
    }
  }
  return kSuccess;
}
Return get_power_usage(Device, unsigned int* mw) {
  ++fake.usage_calls;
  ++fake.power_calls;
  *mw = fake.usage_mw;
  return kSuccess;
}
Return get_energy(Device, unsigned long long* mj) {
  ++fake.power_calls;
  *mj = fake.energy_mj;
  return kSuccess;
}
Return get_clock(Device, int type, unsigned int* mhz) {
  if (type == kClockSm) *mhz = fake.sm_mhz;
  else if (type == kClockMem) *mhz = fake.mem_mhz;
  else return kErrorNotSupported;
  return kSuccess;
}
Return get_temperature(Device, int sensor, unsigned int* c) {
  if (sensor != kTemperatureGpu) return kErrorNotSupported;
  *c = fake.temperature_c;
  return kSuccess;
}
Return get_reasons(Device, unsigned long long* r) {
  *r = fake.reasons;
  return kSuccess;
}

Api full_api() {
  Api api;
  api.device_get_field_values = get_field_values;
  api.device_get_power_usage = get_power_usage;
  api.device_get_total_energy_consumption = get_energy;
  api.device_get_clock_info = get_clock;
  api.device_get_temperature = get_temperature;
  api.device_get_current_clocks_event_reasons = get_reasons;
  return api;
}

class NvmlSensorTest : public ::testing::Test {
 protected:
  void SetUp() override {
    fake = FakeDevice{};
    fake.instant_mw = 251500;
    fake.average_mw = 240000;
    fake.usage_mw = 239000;
    fake.energy_mj = 123456789;
    fake.sm_mhz = 1980;
    fake.mem_mhz = 2619;
    fake.temperature_c = 65;
    fake.reasons = 0x4;
  }
};

TEST_F(NvmlSensorTest, ReadsEveryFieldInSiUnits) {
  const Api api = full_api();
  NvmlSensor sensor(api, handle());
  const Sample s = sensor.read();
  EXPECT_DOUBLE_EQ(s.power_instant_w, 251.5);
  EXPECT_DOUBLE_EQ(s.power_average_w, 240.0);
  EXPECT_TRUE(std::isnan(s.energy_j)) << "the counter only through read_energy_j";
  EXPECT_DOUBLE_EQ(sensor.read_energy_j(), 123456.789);
  EXPECT_DOUBLE_EQ(s.sm_clock_mhz, 1980.0);
  EXPECT_DOUBLE_EQ(s.mem_clock_mhz, 2619.0);
  EXPECT_DOUBLE_EQ(s.temperature_c, 65.0);
  EXPECT_EQ(s.clock_event_reasons, 0x4u);
  EXPECT_EQ(fake.usage_calls, 0);  // the field call sufficed
  EXPECT_TRUE(std::isnan(s.t_s));
}

// What is read while launches are timed: clocks, temperature and reasons, never power or the energy
// counter (3.4 ms per call on an H100, and a lock the node's ranks share: bench/mpi/README.md).
TEST_F(NvmlSensorTest, TelemetryReadsNoPowerAndNoCounter) {
  const Api api = full_api();
  NvmlSensor sensor(api, handle());
  const Sample s = sensor.read_telemetry();
  EXPECT_EQ(fake.power_calls, 0);
  EXPECT_DOUBLE_EQ(s.sm_clock_mhz, 1980.0);
  EXPECT_DOUBLE_EQ(s.mem_clock_mhz, 2619.0);
  EXPECT_DOUBLE_EQ(s.temperature_c, 65.0);
  EXPECT_EQ(s.clock_event_reasons, 0x4u);
  EXPECT_TRUE(std::isnan(s.power_instant_w));
  EXPECT_TRUE(std::isnan(s.energy_j));
  sensor.read();
  EXPECT_EQ(fake.power_calls, 1) << "read() takes the powers, never the counter";
  sensor.read_energy_j();
  EXPECT_EQ(fake.power_calls, 2);
}

TEST_F(NvmlSensorTest, UnsupportedAverageStaysNaN) {
  fake.average_return = kErrorNotSupported;
  const Api api = full_api();
  const Sample s = NvmlSensor(api, handle()).read();
  EXPECT_DOUBLE_EQ(s.power_instant_w, 251.5);
  EXPECT_TRUE(std::isnan(s.power_average_w));
}

TEST_F(NvmlSensorTest, InstantFallsBackToPowerUsage) {
  fake.instant_return = kErrorNotSupported;
  const Api api = full_api();
  EXPECT_DOUBLE_EQ(NvmlSensor(api, handle()).read().power_instant_w, 239.0);
  fake.field_call = kErrorNotSupported;
  const Sample s = NvmlSensor(api, handle()).read();
  EXPECT_DOUBLE_EQ(s.power_instant_w, 239.0);
  EXPECT_TRUE(std::isnan(s.power_average_w));
  EXPECT_EQ(fake.usage_calls, 2);
}

TEST_F(NvmlSensorTest, MissingEntryPointsLeaveFieldsUnknown) {
  const Api empty;
  NvmlSensor sensor(empty, handle());
  const Sample s = sensor.read();
  EXPECT_TRUE(std::isnan(sensor.read_energy_j()));
  EXPECT_TRUE(std::isnan(s.power_instant_w));
  EXPECT_TRUE(std::isnan(s.power_average_w));
  EXPECT_TRUE(std::isnan(s.energy_j));
  EXPECT_TRUE(std::isnan(s.sm_clock_mhz));
  EXPECT_TRUE(std::isnan(s.temperature_c));
  EXPECT_EQ(s.clock_event_reasons, 0u);
}

}  // namespace
}  // namespace autobench::power::io
