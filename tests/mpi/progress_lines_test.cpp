// Progress of a real 2-rank sim run as a SLURM log sees it (stdout a pipe): one plain line per campaign with
// its rank's count and time left, overall lines on rank 0, gather and write announced with their size.
#include <gtest/gtest.h>

#include <cstdio>
#include <filesystem>
#include <regex>
#include <string>
#include <unistd.h>

#include "tests/support/mpirun.hpp"
#include "tests/support/shell.hpp"

namespace fs = std::filesystem;

namespace {

// Runs a shell command and returns its stdout; fails the test on a non-zero exit.
std::string run(const std::string& command) { return autobench::testing::checked_stdout(command); }

TEST(ProgressLines, EveryRankCountsItsCampaignsAndRankZeroTheWholeRun) {
  const fs::path out = fs::temp_directory_path() / ("autobench-progress-test-" + std::to_string(getpid()));
  fs::remove_all(out);
  // quick suite: 2 kernels x 2 detectors x 2 repeats = 8 campaigns per rank.
  const std::string log = run(autobench::testing::mpirun(2) + " --suite quick --backend sim --repeats 2 --output " +
                              out.string() + " 2>&1");
  EXPECT_EQ(log.find('\r'), std::string::npos) << "no carriage returns in a log";
  for (int rank = 0; rank < 2; ++rank) {
    const std::regex line("\\n\\[ *[0-9.]+ s\\] rank " + std::to_string(rank) +
                          " .* repeat [01]: .*\\[rank " + std::to_string(rank) + ": ([0-9]+)/([0-9]+) campaigns, ");
    std::smatch m;
    ASSERT_TRUE(std::regex_search(log, m, line)) << log;
    EXPECT_EQ(m[2], "8") << log;
    EXPECT_NE(log.find("[rank " + std::to_string(rank) + ": 8/8 campaigns"), std::string::npos) << log;
  }
  EXPECT_NE(log.find(" left]"), std::string::npos) << "an estimate of the time left:\n" << log;
  EXPECT_NE(log.find("\noverall: 16/16 campaigns, "), std::string::npos) << log;
  EXPECT_NE(log.find("\ngathering the results of 2 rank(s) on rank 0\n"), std::string::npos) << log;
  EXPECT_TRUE(std::regex_search(log, std::regex("\\ngathered [0-9.]+ (B|KiB|MiB) \\([0-9]+ B, at most [0-9]+ B per rank\\) of results in .*; writing .*autobench.h5\\n")))
      << log;
  EXPECT_TRUE(std::regex_search(log, std::regex("results: .*autobench.h5 \\([0-9.]+ (KiB|MiB)\\)\\n"))) << log;
  fs::remove_all(out);
}

}  // namespace
