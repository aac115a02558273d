// Round trips of device and result records through JSON text, as the MPI gather and journals use them.
#include "suite/results/result_json.hpp"

#include <gtest/gtest.h>

#include "tests/results/sample_results.hpp"

namespace autobench::results {
namespace {

using testing::expect_same;

// Through text, as a rank sends it: dump on one side, parse on the other.
template <class T>
T through_text(const T& value) {
  const std::string text = nlohmann::json(value).dump();
  EXPECT_EQ(text.find('\n'), std::string::npos) << "not one journal line: " << text;
  return nlohmann::json::parse(text).get<T>();
}

TEST(Json, DeviceRoundTripsEveryField) {
  const auto device = testing::sample_device(1);
  expect_same(device, through_text(device));
}

TEST(Json, PointRoundTripsEveryFieldIncludingNaNInfinityAndSubnormal) {
  const auto point = testing::sample_point(1ULL << 40, 1.0 / 3.0, true);
  expect_same(point, through_text(point));
}

TEST(Json, CampaignRoundTripsEveryField) {
  const auto knee = testing::sample_campaign(0, "vecadd", "kneedle", 2, 3);
  expect_same(knee, through_text(knee));
  const auto no_knee = testing::sample_campaign(1, "gemm", "slope", 0, 6);
  expect_same(no_knee, through_text(no_knee));
}

TEST(Json, RankResultsRoundTripIncludingARankThatCouldNotStartAndOneThatFailed) {
  auto ranks = testing::sample_ranks();
  ranks[1].error = "device lost after 4 sizes";
  const auto back = through_text(ranks);
  ASSERT_EQ(back.size(), ranks.size());
  for (std::size_t i = 0; i < ranks.size(); ++i) expect_same(ranks[i], back[i]);
}

TEST(Json, RunInfoRoundTripsEveryField) {
  const auto info = testing::sample_run_info();
  expect_same(info, through_text(info));
}

TEST(Json, NaNIsNullAndInfinitiesAreStrings) {
  const nlohmann::json j = testing::sample_point(1024, 1e-3, false);
  EXPECT_TRUE(j.at("power_w").is_null());
  EXPECT_EQ(j.at("power_corrected_w"), "-inf");
}

TEST(Json, StopReasonIsWrittenByName) {
  const nlohmann::json j = testing::sample_campaign(1, "gemm", "kneedle", 0, 6);
  EXPECT_EQ(j.at("stop_reason"), "interrupted");
}

TEST(Json, MissingKeyIsAnError) {
  nlohmann::json j = testing::sample_device(0);
  j.erase("uuid");
  EXPECT_THROW(j.get<results::DeviceInfo>(), nlohmann::json::out_of_range);
}

TEST(Json, ADeviceOfAnOlderJournalHasNoSerial) {
  nlohmann::json j = testing::sample_device(0);
  j.erase("serial");
  EXPECT_EQ(j.get<results::DeviceInfo>().serial, "") << "added later: read where present";
}

TEST(Json, APointOfAnOlderJournalLacksOnlyTheAddedFields) {
  nlohmann::json j = testing::sample_point(2048, 1e-3, false);
  j.erase("tune_resources");
  EXPECT_EQ(j.get<Point>().tune_resources, "") << "added later: read where present";
  j.erase("mem_clock_mhz");
  EXPECT_TRUE(std::isnan(j.get<Point>().mem_clock_mhz)) << "added later: read where present";
  j.erase("tune_probes");
  EXPECT_THROW(j.get<Point>(), nlohmann::json::out_of_range);
}

}  // namespace
}  // namespace autobench::results
