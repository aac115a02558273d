// Journals: written records read back, crash-truncated tails, restarts, and recovery into campaigns.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "suite/journal/journal.hpp"
#include "suite/journal/recovery.hpp"

namespace ab = autobench;
namespace fs = std::filesystem;

namespace {

ab::results::Point point(std::uint64_t size) {
  ab::results::Point p;
  p.size = size;
  p.time_mean_s = 1e-6 * double(size);
  p.throughput = 2.0;
  p.iterations = 32;
  return p;
}

ab::results::Campaign campaign(const std::string& kernel, const std::string& detector, int repeat,
                               ab::results::StopReason reason = ab::results::StopReason::knee) {
  ab::results::Campaign c;
  c.kernel = kernel;
  c.detector = detector;
  c.repeat = repeat;
  c.points = {point(10), point(20)};
  c.knee_index = 1;
  c.knee_size = 20;
  c.stop_reason = reason;
  c.complete = reason != ab::results::StopReason::interrupted;
  return c;
}

ab::campaign::Plan quick_plan() {
  ab::campaign::RunSettings s;
  s.repeats = 2;
  return ab::campaign::make_plan(s);  // vecadd, gemm x triangle, kneedle x 2 repeats, shared sweeps
}

}  // namespace

TEST(Journal, WrittenRecordsReadBack) {
  const fs::path dir = fs::temp_directory_path() / ("journal-test-" + std::to_string(getpid()));
  fs::remove_all(dir);
  fs::create_directory(dir);  // a run directory exists before its journals
  {
    ab::journal::Writer w(dir.string(), 3);
    ab::results::RankResult r;
    r.rank = 3;
    r.device.name = "sim: RTX 4000 Ada";
    w.rank_started(r);
    w.point("vecadd", 0, point(10));
    w.point("vecadd", 0, point(20));
    w.campaign(campaign("vecadd", "triangle", 0));
    w.campaign(campaign("vecadd", "kneedle", 0));
    w.point("gemm", 0, point(128));
    w.done();
  }
  const auto j = ab::journal::read_file(ab::journal::journal_path(dir.string(), 3));
  EXPECT_TRUE(j.started);
  EXPECT_TRUE(j.done);
  EXPECT_EQ(j.rank.device.name, "sim: RTX 4000 Ada");
  ASSERT_EQ(j.rank.campaigns.size(), 2u);
  EXPECT_EQ(j.rank.campaigns[1].detector, "kneedle");
  ASSERT_EQ(j.unfinished.size(), 1u) << "vecadd's points were closed by its campaigns; gemm's were not";
  EXPECT_EQ(j.unfinished.at({"gemm", 0}).at(0).size, 128u);
  fs::remove_all(dir);
}

TEST(Journal, TheErrorThatEndedARankReadsBackUntilTheRankStartsAgain) {
  const fs::path dir = fs::temp_directory_path() / ("journal-failed-test-" + std::to_string(getpid()));
  fs::remove_all(dir);
  fs::create_directory(dir);  // a run directory exists before its journals
  const std::string path = ab::journal::journal_path(dir.string(), 1);
  ab::results::RankResult r;
  r.rank = 1;
  r.device.hostname = "node1";
  {
    ab::journal::Writer w(dir.string(), 1);
    w.rank_started(r);
    w.campaign(campaign("vecadd", "triangle", 0));
    w.failed("device lost");
  }
  auto j = ab::journal::read_file(path);
  EXPECT_FALSE(j.done);
  EXPECT_EQ(j.rank.error, "device lost");
  EXPECT_EQ(j.rank.device.hostname, "node1");
  EXPECT_EQ(j.rank.campaigns.size(), 1u);
  {
    ab::journal::Writer w(dir.string(), 1);  // --resume: the rank starts again and finishes
    w.rank_started(r);
    w.done();
  }
  j = ab::journal::read_file(path);
  EXPECT_TRUE(j.done);
  EXPECT_TRUE(j.rank.error.empty());
  EXPECT_EQ(j.rank.campaigns.size(), 1u);
  fs::remove_all(dir);
}

TEST(Journal, TruncatedLastLineIsIgnoredAndDamageIsSalvagedUpToIt) {
  const fs::path dir = fs::temp_directory_path() / ("journal-damage-test-" + std::to_string(getpid()));
  fs::remove_all(dir);
  fs::create_directory(dir);  // a run directory exists before its journals
  const std::string path = ab::journal::journal_path(dir.string(), 0);
  ab::results::RankResult r;
  {
    ab::journal::Writer w(dir.string(), 0);
    w.rank_started(r);
    w.campaign(campaign("vecadd", "triangle", 0));
  }
  std::ofstream(path, std::ios::app) << "garbage\n";
  {
    ab::journal::Writer w(dir.string(), 0);
    w.campaign(campaign("vecadd", "kneedle", 0));
    w.done();
  }
  auto j = ab::journal::read_file(path);
  EXPECT_EQ(j.damage, path + " line 3: not a JSON record");
  ASSERT_EQ(j.rank.campaigns.size(), 1u) << "what comes before the damage is kept, what comes after is void";
  EXPECT_EQ(j.rank.campaigns[0].detector, "triangle");
  EXPECT_FALSE(j.done) << "the voided campaign is measured again";
  {
    ab::journal::Writer w(dir.string(), 0);  // --resume: the rank starts again and measures the rest
    w.rank_started(r);
    w.campaign(campaign("vecadd", "kneedle", 0));
    w.done();
  }
  std::ofstream(path, std::ios::app) << R"({"type":"point","kern)";  // a crash mid-write
  j = ab::journal::read_file(path);
  EXPECT_TRUE(j.done);
  EXPECT_EQ(j.rank.campaigns.size(), 2u);
  fs::remove_all(dir);
}

TEST(Journal, RecordsBeforeTheRanksStartAreVoid) {
  std::istringstream headless(R"({"type":"done"})" "\n");
  const auto j = ab::journal::read(headless, "rank0.jsonl");
  EXPECT_FALSE(j.started);
  EXPECT_FALSE(j.done);
  EXPECT_EQ(j.damage, "rank0.jsonl line 1: a 'done' record before the rank's start record");
}

TEST(Journal, NestingBeyondTheBoundIsDamageNotACrash) {
  std::istringstream deep(std::string(100000, '[') + std::string(100000, ']') + "\n" + R"({"type":"done"})" "\n");
  const auto j = ab::journal::read(deep, "rank0.jsonl");
  EXPECT_EQ(j.damage, "rank0.jsonl line 1: not a JSON record");
}

TEST(Recovery, UnfinishedSweepBecomesIncompleteCampaignsPerDetector) {
  ab::journal::RankJournal j;
  j.started = true;
  j.rank.campaigns = {campaign("vecadd", "kneedle", 0), campaign("vecadd", "triangle", 0)};
  j.unfinished[{"gemm", 0}] = {point(128), point(256), point(384)};
  const auto plan = quick_plan();
  const auto r = ab::journal::recover_rank(j, plan, {}, 2);
  ASSERT_EQ(r.campaigns.size(), 4u);
  EXPECT_EQ(r.campaigns[0].detector, "triangle") << "plan order: triangle before kneedle";
  EXPECT_EQ(r.campaigns[1].detector, "kneedle");
  for (int i = 2; i < 4; ++i) {
    const auto& c = r.campaigns[i];
    EXPECT_EQ(c.kernel, "gemm");
    EXPECT_EQ(c.rank, 2);
    EXPECT_FALSE(c.complete);
    EXPECT_EQ(c.stop_reason, ab::results::StopReason::interrupted);
    EXPECT_EQ(c.points.size(), 3u);
    EXPECT_EQ(c.metric_unit, "GFLOP/s");
  }
}

TEST(Recovery, RemainingPlanSkipsOnlySweepsWhoseCampaignsAllFinished) {
  const auto plan = quick_plan();
  ASSERT_EQ(plan.sweeps.size(), 4u);
  const std::vector<ab::results::Campaign> done = {
      campaign("vecadd", "triangle", 0), campaign("vecadd", "kneedle", 0),       // sweep finished
      campaign("vecadd", "triangle", 1),                                         // half of a sweep
      campaign("gemm", "triangle", 0, ab::results::StopReason::interrupted),    // interrupted: again
      campaign("gemm", "kneedle", 0, ab::results::StopReason::interrupted)};
  const auto rest = ab::journal::remaining_plan(plan, done);
  ASSERT_EQ(rest.sweeps.size(), 3u);
  EXPECT_EQ(rest.sweeps[0].kernel, "vecadd");
  EXPECT_EQ(rest.sweeps[0].repeat, 1);
  EXPECT_EQ(rest.sweeps[1].kernel, "gemm");
  EXPECT_EQ(rest.sweeps[1].repeat, 0);
}
