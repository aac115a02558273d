#include "power/io/nvml_library.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <cstddef>
#include <string>

namespace autobench::power::io::nvml {
namespace {

TEST(NvmlLibrary, MissingLibraryIsUnavailableWithAReason) {
  const Library library("libautobench-no-such-nvml.so.1");
  EXPECT_FALSE(library.available());
  EXPECT_NE(library.unavailable_reason().find("libautobench-no-such-nvml.so.1"), std::string::npos);
  std::string error;
  EXPECT_FALSE(library.device_by_index(0, &error).has_value());
  EXPECT_EQ(error, library.unavailable_reason());
  EXPECT_FALSE(library.device_by_uuid("GPU-0", &error).has_value());
  EXPECT_TRUE(std::isnan(library.power_limit_w(nullptr)));
}

// Runs everywhere: without a driver NVML is unavailable and says why; with one, device 0 answers.
TEST(NvmlLibrary, DefaultLibraryEitherWorksOrExplainsItself) {
  const Library library;
  if (!library.available()) {
    EXPECT_FALSE(library.unavailable_reason().empty());
    return;
  }
  std::string error;
  const auto device = library.device_by_index(0, &error);
  ASSERT_TRUE(device.has_value()) << error;
  EXPECT_GT(library.power_limit_w(*device), 0.0);
  EXPECT_NE(library.api().error_string, nullptr);
}

TEST(NvmlFieldValue, ConvertsEveryValueType) {
  FieldValue f{};
  f.nvmlReturn = kSuccess;
  f.valueType = kValueUnsignedInt;
  f.value.uiVal = 250000;
  EXPECT_DOUBLE_EQ(field_as_double(f), 250000.0);
  f.valueType = kValueDouble;
  f.value.dVal = 1.5;
  EXPECT_DOUBLE_EQ(field_as_double(f), 1.5);
  f.valueType = kValueUnsignedLongLong;
  f.value.ullVal = 1ULL << 40;
  EXPECT_DOUBLE_EQ(field_as_double(f), 1099511627776.0);
  f.valueType = kValueSignedLongLong;
  f.value.sllVal = -7;
  EXPECT_DOUBLE_EQ(field_as_double(f), -7.0);
  f.valueType = kValueSignedInt;
  f.value.siVal = -3;
  EXPECT_DOUBLE_EQ(field_as_double(f), -3.0);
  f.valueType = kValueUnsignedShort;
  f.value.usVal = 9;
  EXPECT_DOUBLE_EQ(field_as_double(f), 9.0);
  f.valueType = kValueUnsignedLong;
  f.value.ulVal = 11;
  EXPECT_DOUBLE_EQ(field_as_double(f), 11.0);
  f.valueType = 42;
  EXPECT_TRUE(std::isnan(field_as_double(f)));
  f.valueType = kValueUnsignedInt;
  f.nvmlReturn = kErrorNotSupported;
  EXPECT_TRUE(std::isnan(field_as_double(f)));
}

TEST(NvmlFieldValue, LayoutMatchesNvmlH) {
  EXPECT_EQ(offsetof(FieldValue, timestamp), 8u);
  EXPECT_EQ(offsetof(FieldValue, valueType), 24u);
  EXPECT_EQ(offsetof(FieldValue, nvmlReturn), 28u);
  EXPECT_EQ(offsetof(FieldValue, value), 32u);
}

const char* fake_error_string(Return code) { return code == kErrorNoPermission ? "Insufficient Permissions" : "Unknown"; }

TEST(NvmlDescribe, UsesNvmlErrorStringWhenPresent) {
  Api api;
  EXPECT_EQ(describe(api, 4), "NVML error (code 4)");
  api.error_string = fake_error_string;
  EXPECT_EQ(describe(api, kErrorNoPermission), "Insufficient Permissions (code 4)");
}

}  // namespace
}  // namespace autobench::power::io::nvml
