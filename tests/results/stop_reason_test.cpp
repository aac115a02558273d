// Stop reason names: every reason round-trips through its name; unknown names are rejected.
#include <gtest/gtest.h>

#include <string>

#include "suite/results/results.hpp"

namespace autobench::results {
namespace {

TEST(StopReason, NamesMatchTheSchema) {
  EXPECT_STREQ(to_string(StopReason::knee), "knee");
  EXPECT_STREQ(to_string(StopReason::max_size), "max_size");
  EXPECT_STREQ(to_string(StopReason::out_of_memory), "out_of_memory");
  EXPECT_STREQ(to_string(StopReason::error), "error");
  EXPECT_STREQ(to_string(StopReason::interrupted), "interrupted");
}

TEST(StopReason, EveryReasonRoundTrips) {
  for (auto r : {StopReason::knee, StopReason::max_size, StopReason::out_of_memory, StopReason::error,
                 StopReason::interrupted}) {
    EXPECT_EQ(stop_reason_from_string(to_string(r)), r);
  }
}

TEST(StopReason, UnknownNameIsRejectedWithTheNameInTheMessage) {
  try {
    stop_reason_from_string("timeout");
    FAIL() << "no exception";
  } catch (const std::invalid_argument& e) {
    EXPECT_NE(std::string(e.what()).find("'timeout'"), std::string::npos) << e.what();
  }
}

}  // namespace
}  // namespace autobench::results
