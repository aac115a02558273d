// No rank waits forever for another. 4 ranks under mpirun, each command under a hard timeout:
// - a device that fails at start on one rank: the others finish, the rank and reason are named;
// - a device lost mid-sweep on one rank (sim fault injection, AUTOBENCH_SIM_FAULT): the others finish,
//   rank 0 names the rank and reason, the file keeps what the rank finished, `merge` from the journals
//   alone names them too, and --resume completes the run;
// - an exception outside any campaign on one rank: the whole job ends at once (MPI_Abort), naming it;
// - only rank 0 asks SLURM (squeue) for the time budget.
#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <stdexcept>
#include <string>

#include <nlohmann/json.hpp>

#include "suite/campaign/plan.hpp"
#include "suite/campaign/run_settings.hpp"
#include "suite/mpi/mpi_session.hpp"
#include "suite/result_file/result_reader.hpp"
#include "tests/support/mpirun.hpp"

namespace ab = autobench;
namespace fs = std::filesystem;

namespace {

constexpr int kTimeoutS = 120;  // every command ends well within this, or the test fails (never hangs)

struct Result {
  int code = -1;
  std::string out, err;
};

// Runs `command` under `timeout`; stdout and stderr kept apart.
Result run(const std::string& command, const fs::path& scratch) {
  const auto out = scratch / "stdout", err = scratch / "stderr";
  const int status = std::system(("timeout -k 5 " + std::to_string(kTimeoutS) + " " + command + " >" + out.string() +
                                  " 2>" + err.string())
                                     .c_str());
  Result r;
  r.code = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
  std::ifstream o(out), e(err);
  std::stringstream so, se;
  so << o.rdbuf();
  se << e.rdbuf();
  r.out = so.str();
  r.err = se.str();
  return r;
}

class RankFailure : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() / ("autobench-rank-failure-" + std::to_string(getpid()));
    fs::remove_all(dir_);
    fs::create_directories(dir_);
  }
  void TearDown() override { fs::remove_all(dir_); }

  // The quick suite on 4 sim ranks, with `fault` (AUTOBENCH_SIM_FAULT) on every rank's environment.
  Result run_quick(const std::string& fault) {
    setenv("AUTOBENCH_SIM_FAULT", fault.c_str(), 1);
    const auto r = run(ab::testing::mpirun(4) + " --suite quick --backend sim -q --output " + (dir_ / "out").string(),
                       dir_);
    unsetenv("AUTOBENCH_SIM_FAULT");
    return r;
  }
  fs::path run_dir() const {
    for (const auto& e : fs::directory_iterator(dir_ / "out"))
      if (e.is_directory()) return e.path();
    return {};
  }
  // Campaigns of one rank's plan in the quick suite.
  static std::size_t plan_size() {
    ab::campaign::RunSettings s;
    s.suite = "quick";
    std::size_t n = 0;
    for (const auto& sweep : ab::campaign::make_plan(s).sweeps) n += sweep.detectors.size();
    return n;
  }

  fs::path dir_;
};

TEST_F(RankFailure, ADeviceThatFailsAtStartIsNamedAndTheOthersFinish) {
  const auto r = run_quick("2:start");
  ASSERT_NE(r.code, 124) << "timed out: a rank waited forever\n" << r.err;
  EXPECT_EQ(r.code, 1) << r.err;
  EXPECT_NE(r.err.find("autobench-mpi: rank 2 ("), std::string::npos) << r.err;
  EXPECT_NE(r.err.find(") could not start: sim fault injection (AUTOBENCH_SIM_FAULT): the device failed to open"),
            std::string::npos)
      << r.err;
  const auto f = ab::result_file::read_results((run_dir() / "autobench.h5").string());
  ASSERT_EQ(f.ranks.size(), 4u);
  for (const auto& rank : f.ranks) {
    if (rank.rank == 2) {
      EXPECT_NE(rank.start_error.find("the device failed to open"), std::string::npos);
      EXPECT_TRUE(rank.campaigns.empty());
      continue;
    }
    EXPECT_TRUE(rank.start_error.empty());
    EXPECT_EQ(rank.campaigns.size(), plan_size()) << "rank " << rank.rank << " finished its whole plan";
  }
}

TEST_F(RankFailure, ADeviceLostMidSweepIsNamedTheOthersFinishAndResumeCompletesTheRun) {
  const auto r = run_quick("1:after:110");
  ASSERT_NE(r.code, 124) << "timed out: a rank waited forever\n" << r.err;
  EXPECT_EQ(r.code, 1) << r.err;
  const std::string reason = "sim fault injection (AUTOBENCH_SIM_FAULT): device lost after 110 allocations";
  EXPECT_NE(r.err.find("autobench-mpi: rank 1 ("), std::string::npos) << r.err;
  EXPECT_NE(r.err.find(") failed: " + reason), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("autobench-mpi --resume " + run_dir().string()), std::string::npos) << r.err;

  const auto f = ab::result_file::read_results((run_dir() / "autobench.h5").string());
  EXPECT_FALSE(f.info.complete) << "rank 1's plan is unfinished";
  ASSERT_EQ(f.ranks.size(), 4u);
  EXPECT_EQ(f.ranks[1].error, reason);
  EXPECT_LT(f.ranks[1].campaigns.size(), plan_size());
  EXPECT_GT(f.ranks[1].campaigns.size(), 0u) << "what rank 1 finished before the loss is kept";
  for (const auto& c : f.ranks[1].campaigns) EXPECT_TRUE(c.complete);
  for (int rank : {0, 2, 3}) {
    EXPECT_TRUE(f.ranks[rank].error.empty());
    EXPECT_EQ(f.ranks[rank].campaigns.size(), plan_size()) << "rank " << rank << " finished its whole plan";
  }

  // As if rank 0 had never written the file: merge rebuilds it from the journals, and names the failed
  // rank and its reason in the file, summary.json and on stderr as the end of the run did.
  fs::rename(run_dir() / "autobench.h5", dir_ / "gathered.h5");
  const auto merged = run(std::string(AUTOBENCH_BINARY) + " merge " + run_dir().string(), dir_);
  ASSERT_EQ(merged.code, 0) << merged.err;
  EXPECT_NE(merged.err.find("autobench-mpi: rank 1 ("), std::string::npos) << merged.err;
  EXPECT_NE(merged.err.find(") failed: " + reason), std::string::npos) << merged.err;
  const auto m = ab::result_file::read_results((run_dir() / "autobench.h5").string());
  EXPECT_FALSE(m.info.complete);
  ASSERT_EQ(m.ranks.size(), 4u);
  EXPECT_EQ(m.ranks[1].error, reason);
  for (int rank : {0, 2, 3}) EXPECT_TRUE(m.ranks[rank].error.empty());
  std::ifstream summary_file(run_dir() / "summary.json");
  const auto summary = nlohmann::json::parse(summary_file);
  EXPECT_EQ(summary.at("devices").at(1).at("error"), reason);

  const auto resumed = run(ab::testing::mpirun(4) + " -q --resume " + run_dir().string(), dir_);
  ASSERT_EQ(resumed.code, 0) << resumed.err;
  const auto done = ab::result_file::read_results((run_dir() / "autobench.h5").string());
  EXPECT_TRUE(done.info.complete);
  for (const auto& rank : done.ranks) {
    EXPECT_TRUE(rank.error.empty());
    EXPECT_EQ(rank.campaigns.size(), plan_size());
  }
}

// Started by the next test under mpirun: rank 2 throws while the others wait in a collective.
TEST(RankFailureChild, DISABLED_Rank2ThrowsOutsideItsCampaigns) {
  int argc = 0;
  char** argv = nullptr;
  ab::mpi::Session mpi(argc, argv);
  mpi.or_abort([&] {
    if (mpi.rank() == 2) throw std::runtime_error("cannot parse the gathered results");
    MPI_Barrier(mpi.comm());
    return 0;
  });
  FAIL() << "rank " << mpi.rank() << " passed the barrier";
}

TEST_F(RankFailure, AnErrorOutsideTheCampaignsEndsTheWholeJobNamingTheRank) {
  const std::string self = fs::read_symlink("/proc/self/exe").string();
  const auto r = run(ab::testing::mpirun(4, "", self) +
                         " --gtest_also_run_disabled_tests --gtest_filter=RankFailureChild.*",
                     dir_);
  ASSERT_NE(r.code, 124) << "timed out: the other ranks waited forever\n" << r.err;
  EXPECT_EQ(r.code, 1) << r.err;
  EXPECT_NE(r.err.find("autobench-mpi: error: rank 2 ("), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("): cannot parse the gathered results; aborting all 4 ranks"), std::string::npos) << r.err;
  EXPECT_EQ(r.out.find("passed the barrier"), std::string::npos) << r.out;
}

TEST_F(RankFailure, OnlyRank0AsksSlurmForTheTimeBudget) {
  const fs::path bin = dir_ / "bin", log = dir_ / "squeue.log";
  fs::create_directories(bin);
  {
    std::ofstream squeue(bin / "squeue");
    squeue << "#!/bin/sh\necho \"rank $OMPI_COMM_WORLD_RANK\" >>" << log.string() << "\necho 10:00\n";
  }
  fs::permissions(bin / "squeue", fs::perms::owner_all);
  const std::string path = bin.string() + ":" + std::getenv("PATH");
  const auto r = run(ab::testing::mpirun(4, "-x SLURM_JOB_ID=4242 -x PATH=" + path) +
                         " --suite quick --backend sim -q --output " + (dir_ / "out").string(),
                     dir_);
  ASSERT_EQ(r.code, 0) << r.err;
  std::ifstream in(log);
  std::stringstream calls;
  calls << in.rdbuf();
  EXPECT_EQ(calls.str(), "rank 0\n") << "squeue is asked once, by rank 0";
}

}  // namespace
