// Stop reason names: every reason round-trips through its name; unknown names are rejected.
#include <gtest/gtest.h>

#include <string>

#include "suite/results/results.hpp"

namespace autobench::results {
namespace {

TEST(StopReason, NamesMatchTheSchema) {
  EXPECT_STREQ(kStopReasonNames.name(StopReason::knee), "knee");
  EXPECT_STREQ(kStopReasonNames.name(StopReason::max_size), "max_size");
  EXPECT_STREQ(kStopReasonNames.name(StopReason::out_of_memory), "out_of_memory");
  EXPECT_STREQ(kStopReasonNames.name(StopReason::error), "error");
  EXPECT_STREQ(kStopReasonNames.name(StopReason::interrupted), "interrupted");
}

TEST(StopReason, EveryReasonRoundTrips) {
  for (auto r : {StopReason::knee, StopReason::max_size, StopReason::out_of_memory, StopReason::error,
                 StopReason::interrupted}) {
    EXPECT_EQ(kStopReasonNames.value(kStopReasonNames.name(r)), r);
  }
}

TEST(StopReason, UnknownNameIsRejectedWithTheNameInTheMessage) {
  try {
    kStopReasonNames.value("timeout");
    FAIL() << "no exception";
  } catch (const std::invalid_argument& e) {
    EXPECT_NE(std::string(e.what()).find("'timeout'"), std::string::npos) << e.what();
  }
}

}  // namespace
}  // namespace autobench::results
