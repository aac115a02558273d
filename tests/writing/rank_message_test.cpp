// A rank's results message to rank 0: every field comes back exactly (NaN, infinities, subnormals, launch
// times), each sweep travels once, refinement points and a campaign's own power correction survive, and
// a malformed message is refused by name.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "suite/results/result_json.hpp"
#include "suite/writing/rank_message.hpp"
#include "tests/results/sample_results.hpp"

namespace autobench::writing {
namespace {

TEST(RankMessage, EveryRankComesBackFieldByField) {
  for (const auto& rank : testing::sample_ranks()) {
    SCOPED_TRACE("rank " + std::to_string(rank.rank));
    testing::expect_same(rank, unpack_rank(pack_rank(rank)));
  }
}

TEST(RankMessage, DetectorsOfOneSweepSendItsPointsOnce) {
  results::RankResult rank;
  rank.device = testing::sample_device(0);
  const auto full = testing::sample_campaign(0, "vecadd", "kneedle", 0, 3);
  rank.campaigns.push_back(full);
  auto shorter = full;  // a detector that stopped earlier, with its own power correction at one point
  shorter.detector = "triangle";
  shorter.points.resize(4);
  shorter.points[2].power_corrected_w = 123.5;
  shorter.points[3].energy_corrected_j = -0.0;
  rank.campaigns.push_back(shorter);
  auto refined = full;  // a refinement point between the sweep's sizes
  refined.detector = "slope";
  refined.points.insert(refined.points.begin() + 1, testing::sample_point(1500, 1.7e-5, true));
  rank.campaigns.push_back(refined);

  const std::string message = pack_rank(rank);
  const auto j = nlohmann::json::from_cbor(message);
  ASSERT_EQ(j.at("sweeps").size(), 1u);
  EXPECT_EQ(j.at("sweeps").at(0).size(), full.points.size() + 1);  // the refinement point joins the sweep
  EXPECT_FALSE(j.at("campaigns").at(0).contains("differing"));
  EXPECT_EQ(j.at("campaigns").at(1).at("differing").size(), 2u);  // power_corrected_w, energy_corrected_j
  EXPECT_TRUE(j.at("campaigns").at(2).contains("point_index"));
  EXPECT_LT(message.size(), nlohmann::json::to_cbor(nlohmann::json(rank)).size() / 2);  // each campaign with its points: 3 copies

  const auto back = unpack_rank(message);
  ASSERT_EQ(back.campaigns.size(), 3u);
  for (std::size_t i = 0; i < 3; ++i) testing::expect_same(rank.campaigns[i], back.campaigns[i]);
  EXPECT_TRUE(std::signbit(back.campaigns[1].points[3].energy_corrected_j));
}

std::string cbor(const nlohmann::json& j) {
  const auto bytes = nlohmann::json::to_cbor(j);
  return {bytes.begin(), bytes.end()};
}

TEST(RankMessage, AMalformedMessageIsRefused) {
  auto rank = testing::sample_ranks()[0];
  const std::string message = pack_rank(rank);
  auto j = nlohmann::json::from_cbor(message);
  EXPECT_THROW(unpack_rank("{\"rank\": 0"), std::runtime_error);
  EXPECT_THROW(unpack_rank(message.substr(0, message.size() / 2)), std::runtime_error) << "cut short";
  auto bad = j;
  bad["campaigns"][0]["sweep"] = 99;
  EXPECT_THROW(unpack_rank(cbor(bad)), std::runtime_error);
  bad = j;
  bad["campaigns"][0]["point_index"] = std::vector<int>{0, 1, 1000};
  EXPECT_THROW(unpack_rank(cbor(bad)), std::runtime_error);
  bad = j;
  bad["campaigns"][0].erase("knee_index");
  EXPECT_THROW(unpack_rank(cbor(bad)), std::runtime_error);
}

}  // namespace
}  // namespace autobench::writing
