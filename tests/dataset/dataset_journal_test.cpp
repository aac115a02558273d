// A dataset rank's journal read back: damage salvaged like a benchmark journal's, samples of a voided plan
// measured again.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include <unistd.h>

#include "suite/dataset/dataset_journal.hpp"
#include "suite/journal/journal.hpp"

namespace ab = autobench;
namespace ds = autobench::dataset;
namespace fs = std::filesystem;
using nlohmann::json;

namespace {

const std::string kRunId = "run-1";

ds::Sample sample(std::uint64_t id, int block_threads, bool measured) {
  ds::Sample s;
  s.id = id;
  s.config.kernel = "vecadd";
  s.config.size = 1024;
  s.config.workgroups = 1024 / static_cast<std::uint64_t>(block_threads);
  s.config.block_threads = block_threads;
  if (measured) {
    s.rank = 0;
    s.point.size = 1024;
    s.point.time_median_s = 1e-6;
  }
  return s;
}

json plan_record(const std::vector<ds::Sample>& plan) { return {{"type", "dataset_plan"}, {"samples", plan}}; }
json sample_record(const ds::Sample& s) { return {{"type", "dataset_sample"}, {"sample", s}}; }
const json kStart = {{"type", "run"}, {"run_id", kRunId}};

// A run directory whose rank 0 journal holds these lines (records, or raw text for damage).
class DatasetJournal : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() / ("dataset-journal-test-" + std::to_string(getpid()));
    fs::remove_all(dir_);
    fs::create_directories(dir_ / "journal");
  }
  void TearDown() override { fs::remove_all(dir_); }
  void write(const std::vector<std::string>& lines) {
    std::ofstream out(ab::journal::journal_path(dir_.string(), 0));
    for (const auto& line : lines) out << line << "\n";
  }
  ds::DatasetJournal read() { return ds::read_dataset_journal(dir_.string(), 0, kRunId); }
  fs::path dir_;
};

}  // namespace

TEST_F(DatasetJournal, DamageIsSalvagedUpToItAndTheNextStartGoesOn) {
  const std::vector<ds::Sample> plan = {sample(0, 128, false), sample(1, 256, false), sample(2, 512, false)};
  std::vector<std::string> lines = {kStart.dump(), plan_record(plan).dump(), sample_record(sample(0, 128, true)).dump(),
                                    "{\"sample\": not JSON", sample_record(sample(1, 256, true)).dump()};
  write(lines);
  auto j = read();
  ASSERT_TRUE(j.plan);
  EXPECT_EQ(j.plan->size(), 3u);
  EXPECT_EQ(j.measured.size(), 1u);  // sample 1 came after the damage: void, measured again
  EXPECT_TRUE(j.measured.count(0));
  EXPECT_NE(j.damage.find("rank0.jsonl line 4: not a JSON record"), std::string::npos) << j.damage;
  // A resume (the rank's next start) goes on from there.
  lines.push_back(kStart.dump());
  lines.push_back(sample_record(sample(2, 512, true)).dump());
  write(lines);
  j = read();
  EXPECT_EQ(j.measured.size(), 2u);
  EXPECT_TRUE(j.measured.count(2));
  EXPECT_FALSE(j.measured.count(1));
}

TEST_F(DatasetJournal, RecordsBeforeTheRanksStartAreDamage) {
  write({plan_record({sample(0, 128, false)}).dump(), sample_record(sample(0, 128, true)).dump()});
  const auto j = read();
  EXPECT_FALSE(j.plan);
  EXPECT_TRUE(j.measured.empty());
  EXPECT_NE(j.damage.find("line 1: a 'dataset_plan' record before the rank's start record"), std::string::npos) << j.damage;
}

TEST_F(DatasetJournal, SamplesOfAVoidedPlanAreMeasuredAgain) {
  // The first plan's line is damaged; the resume planned again (another configuration for id 0) and a
  // sample of the lost plan (id 0 at 128 threads) was journaled after it: only the new plan's samples count.
  write({kStart.dump(), "{\"samples\": damaged", kStart.dump(),
         plan_record({sample(0, 1024, false), sample(1, 256, false)}).dump(),
         sample_record(sample(0, 128, true)).dump(), sample_record(sample(1, 256, true)).dump(),
         sample_record(sample(7, 256, true)).dump()});
  const auto j = read();
  ASSERT_TRUE(j.plan);
  EXPECT_EQ(j.measured.size(), 1u);
  EXPECT_TRUE(j.measured.count(1));  // id 0 was measured at another configuration, id 7 is in no plan
  // Without any plan read back, nothing measured is kept.
  write({kStart.dump(), sample_record(sample(0, 128, true)).dump()});
  EXPECT_TRUE(read().measured.empty());
}

TEST_F(DatasetJournal, AnotherRunsJournalIsRefusedNotSalvaged) {
  write({kStart.dump(), json{{"type", "run"}, {"run_id", "run-2"}}.dump()});
  EXPECT_THROW(read(), std::runtime_error);
}
