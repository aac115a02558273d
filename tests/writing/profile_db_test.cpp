// The device-profile database: figures pooled per (model, kernel) and worked out by hand, a file added
// twice counted once, the most frequent tunables, the file round trip, and where the database lives.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdlib>
#include <fstream>

#include "suite/writing/profile_db.hpp"
#include "tests/support/scratch.hpp"
#include "tests/support/report_data.hpp"

namespace autobench::writing {
namespace {

using testing::report_campaign;
using testing::report_rank;

stats::ProfileSource source(const std::string& path, const std::string& start, std::vector<results::RankResult> ranks) {
  return {path, start, ranks.front().device.backend, "c0ffee", stats::campaign_figures(ranks)};
}

// Alpha/vecadd: knees 200 (tunables B=200), 400 (B=400), 400 (B=400) over two files; Alpha/gemm one
// campaign; Beta/vecadd one campaign with energy. One detector per sweep: each sweep's consensus is its knee.
stats::ProfileDb sample_db() {
  stats::ProfileDb db;
  stats::add_source(db, source("/r/one.h5", "T1",
                        {report_rank(0, "cuda", "Alpha", "n1",
                                     {report_campaign(0, "vecadd", 0, 1, {10, 20, 30, 30}),
                                      report_campaign(0, "vecadd", 1, 2, {10, 20, 60, 60}),
                                      report_campaign(0, "gemm", 0, 1, {5, 7, 6})}),
                         report_rank(1, "cuda", "Beta", "n2", {report_campaign(1, "vecadd", 0, 1, {30, 90, 60}, 0.5)})}));
  stats::add_source(db, source("/r/two.h5", "T2",
                        {report_rank(0, "cuda", "Alpha", "n1", {report_campaign(0, "vecadd", 0, 2, {10, 20, 45, 45})})}));
  return db;
}

TEST(ProfileDb, PooledFiguresByHand) {
  const auto profiles = stats::device_profiles(sample_db(), "", "");
  ASSERT_EQ(profiles.size(), 3u);  // (Alpha, gemm), (Alpha, vecadd), (Beta, vecadd)
  EXPECT_EQ(profiles[0].model, "Alpha");
  EXPECT_EQ(profiles[0].kernel, "gemm");
  const auto& p = profiles[1];
  EXPECT_EQ(p.model, "Alpha");
  EXPECT_EQ(p.kernel, "vecadd");
  EXPECT_EQ(p.metric_unit, "GB/s");
  EXPECT_EQ(p.campaigns, 3);
  EXPECT_EQ(p.files, 2);
  EXPECT_EQ(p.knees_found, 3);
  EXPECT_DOUBLE_EQ(p.saturating_size, 400.0);  // median of 200, 400, 400
  EXPECT_EQ(p.best_tunables, "B=400");
  EXPECT_DOUBLE_EQ(p.peak_throughput, 45.0);   // median of 30, 60, 45
  EXPECT_TRUE(std::isnan(p.energy_efficiency));
  EXPECT_EQ(profiles[2].model, "Beta");
  EXPECT_DOUBLE_EQ(profiles[2].energy_efficiency, 90.0 * 2e-3 / 0.5);
}

TEST(ProfileDb, AddingTheSameFileTwiceCountsItOnce) {
  auto db = sample_db();
  const bool replaced = stats::add_source(
      db, source("/r/two.h5", "T2",
                 {report_rank(0, "cuda", "Alpha", "n1", {report_campaign(0, "vecadd", 0, 2, {10, 20, 45})})}));
  EXPECT_TRUE(replaced);
  EXPECT_EQ(db.sources.size(), 2u);
  EXPECT_EQ(stats::device_profiles(db, "Alpha", "vecadd").at(0).campaigns, 3);
  // Same path, another run (a new start time): a new source.
  EXPECT_FALSE(stats::add_source(db, source("/r/two.h5", "T3",
                                     {report_rank(0, "cuda", "Alpha", "n1",
                                                  {report_campaign(0, "vecadd", 0, 0, {10, 20, 45})})})));
  EXPECT_EQ(stats::device_profiles(db, "Alpha", "vecadd").at(0).campaigns, 4);
}

TEST(ProfileDb, EdgesAndMissesCountButGiveNoSize) {
  stats::ProfileDb db;
  auto none = report_campaign(0, "chase", 1, 3, {1, 2, 3, 4});
  none.knee_detected = false;
  stats::add_source(db, source("/a.h5", "T", {report_rank(0, "cuda", "Alpha", "n",
                                                   {report_campaign(0, "chase", 0, 0, {1, 2, 3, 4}), none})}));
  const auto p = stats::device_profiles(db, "", "").at(0);
  EXPECT_EQ(p.campaigns, 2);
  EXPECT_EQ(p.knees_found, 0);
  EXPECT_TRUE(std::isnan(p.saturating_size));
  EXPECT_EQ(p.best_tunables, "");
}

TEST(ProfileDb, RecordsWithoutConsensusPoolEveryCampaignAsBefore) {
  stats::ProfileDb db;
  stats::ProfileSource old{"/old.h5", "T", "cuda", "c0ffee", {}};
  for (double knee : {100.0, 300.0}) {  // as written before knee status: no knee_status, no consensus records
    stats::CampaignFigures f;
    f.backend = "cuda";
    f.model = "Alpha";
    f.kernel = "vecadd";
    f.detector = "kneedle";
    f.knee_size = knee;
    old.campaigns.push_back(f);
  }
  stats::add_source(db, old);
  const auto p = stats::device_profiles(db, "", "").at(0);
  EXPECT_EQ(p.campaigns, 2);
  EXPECT_EQ(p.knees_found, 2);
  EXPECT_DOUBLE_EQ(p.saturating_size, 200.0);
}

TEST(ProfileDb, TiedTunablesPickTheSmallest) {
  stats::ProfileDb db;
  stats::add_source(db, source("/a.h5", "T", {report_rank(0, "cuda", "Alpha", "n",
                                                   {report_campaign(0, "vecadd", 0, 2, {1, 2, 3, 3}),
                                                    report_campaign(0, "vecadd", 1, 1, {1, 2, 3, 3})})}));
  EXPECT_EQ(stats::device_profiles(db, "", "").at(0).best_tunables, "B=200");  // B=200 and B=400 once each
  EXPECT_DOUBLE_EQ(stats::device_profiles(db, "", "").at(0).saturating_size, 300.0);
}

TEST(ProfileDb, FiltersMatchModelWithOrWithoutSimPrefix) {
  auto db = sample_db();
  stats::add_source(db, source("/s.h5", "T", {report_rank(0, "sim", "Alpha", "n",
                                                   {report_campaign(0, "vecadd", 0, 1, {1, 2, 3})})}));
  EXPECT_EQ(stats::device_profiles(db, "sim: Alpha", "").size(), 1u);
  EXPECT_EQ(stats::device_profiles(db, "Alpha", "vecadd").size(), 2u);  // the real and the simulated Alpha
  EXPECT_EQ(stats::device_profiles(db, "", "gemm").size(), 1u);
  EXPECT_TRUE(stats::device_profiles(db, "Gamma", "").empty());
}

TEST(ProfileDb, SaveAndLoadRoundTrip) {
  testing::ScratchDir scratch;
  const auto path = scratch.path("deep/dir/profiles.json");
  EXPECT_TRUE(load_profile_db(path).sources.empty());  // a missing database is empty
  const auto db = sample_db();
  save_profile_db(path, db);
  const auto back = load_profile_db(path);
  ASSERT_EQ(back.sources.size(), 2u);
  EXPECT_EQ(back.sources[0].path, "/r/one.h5");
  EXPECT_EQ(back.sources[0].campaigns.size(), 4u + 4u);  // 4 campaigns, 4 sweeps' consensus
  EXPECT_EQ(back.sources[0].campaigns[0].knee_status, "found");
  const auto before = stats::device_profiles(db, "", "");
  const auto after = stats::device_profiles(back, "", "");
  ASSERT_EQ(after.size(), before.size());
  for (std::size_t i = 0; i < after.size(); ++i) {
    EXPECT_EQ(after[i].model, before[i].model);
    EXPECT_EQ(after[i].best_tunables, before[i].best_tunables);
    EXPECT_EQ(after[i].saturating_size, before[i].saturating_size);
    EXPECT_EQ(after[i].peak_throughput, before[i].peak_throughput);
    EXPECT_EQ(std::isnan(after[i].energy_efficiency), std::isnan(before[i].energy_efficiency));
  }
}

TEST(ProfileDb, RefusesFilesThatAreNotADatabase) {
  testing::ScratchDir scratch;
  const auto path = scratch.path("other.json");
  std::ofstream(path) << R"({"format": "something else", "version": 1, "sources": []})";
  try {
    load_profile_db(path);
    FAIL() << "a foreign JSON file was accepted";
  } catch (const std::runtime_error& e) {
    EXPECT_NE(std::string(e.what()).find(path + " is not an autobench-mpi profile database"), std::string::npos)
        << e.what();
  }
  std::ofstream(path, std::ios::trunc) << "not json";
  EXPECT_THROW(load_profile_db(path), std::runtime_error);
}

TEST(ProfileDb, PathPrecedence) {
  const std::string home = std::getenv("HOME") ? std::getenv("HOME") : "";
  ::setenv("AUTOBENCH_PROFILE_DB", "/env/db.json", 1);
  EXPECT_EQ(profile_db_path("/given.json"), "/given.json");
  EXPECT_EQ(profile_db_path(""), "/env/db.json");
  ::unsetenv("AUTOBENCH_PROFILE_DB");
  ::setenv("HOME", "/home/me", 1);
  EXPECT_EQ(profile_db_path(""), "/home/me/.autobench/profiles.json");
  ::setenv("HOME", home.c_str(), 1);
}

}  // namespace
}  // namespace autobench::writing
