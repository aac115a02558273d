// `merge` and `--resume` never destroy data: with the journals gone, a complete results file is kept
// byte for byte (exit 2, one line naming it); on an intact run `merge` and `--resume` leave the file,
// and so its provenance (end_time), unchanged; a file holding less than the journals is replaced.
#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include "suite/result_file/result_reader.hpp"
#include "suite/result_file/file_content.hpp"
#include "suite/result_file/result_writer.hpp"

namespace ab = autobench;
namespace fs = std::filesystem;

namespace {

struct Result {
  int code = -1;
  std::string out, err;
};

std::string slurp(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

class ResultsKept : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() / ("autobench-kept-" + std::to_string(getpid()));
    fs::remove_all(dir_);
    fs::create_directories(dir_);
    const auto r = run("--suite quick --backend sim -q --output " + (dir_ / "out").string());
    ASSERT_EQ(r.code, 0) << r.err;
    for (const auto& e : fs::directory_iterator(dir_ / "out")) run_dir_ = e.path();
    h5_ = run_dir_ / "autobench.h5";
    original_ = slurp(h5_);
    ASSERT_FALSE(original_.empty());
  }
  void TearDown() override { fs::remove_all(dir_); }

  // The binary (one rank) with `args`, under a timeout.
  Result run(const std::string& args) {
    const auto out = dir_ / "stdout", err = dir_ / "stderr";
    const int status = std::system(("timeout 120 " AUTOBENCH_BINARY " " + args + " >" + out.string() + " 2>" +
                                    err.string())
                                       .c_str());
    return {WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status), slurp(out), slurp(err)};
  }

  fs::path dir_, run_dir_, h5_;
  std::string original_;
};

TEST_F(ResultsKept, MergeKeepsACompleteFileWhoseJournalsAreMissing) {
  fs::remove_all(run_dir_ / "journal");
  const auto r = run("merge " + run_dir_.string());
  EXPECT_EQ(r.code, 2) << r.err;
  EXPECT_EQ(r.err.rfind("autobench-mpi: error: merge: " + h5_.string() +
                           " holds 4 campaign(s) and 1 device description(s) (e.g. rank 0 ",
                       0),
            0u)
      << r.err;
  EXPECT_NE(r.err.find(") that the journals do not (journal/ missing or damaged?); not replacing it\n"),
            std::string::npos)
      << r.err;
  EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
  EXPECT_EQ(slurp(h5_), original_) << "the file is untouched";
}

TEST_F(ResultsKept, ResumeKeepsACompleteFileWhoseJournalsAreMissing) {
  fs::remove_all(run_dir_ / "journal");
  const auto r = run("--resume " + run_dir_.string());
  EXPECT_EQ(r.code, 2) << r.err;
  EXPECT_NE(r.err.find("autobench-mpi: error: --resume " + run_dir_.string() + ": " + h5_.string() + " holds 4 "),
            std::string::npos)
      << r.err;
  EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
  EXPECT_EQ(slurp(h5_), original_);
  EXPECT_FALSE(fs::exists(run_dir_ / "journal")) << "nothing was measured again";
}

TEST_F(ResultsKept, MergeAndResumeOfAnIntactRunLeaveItsFileAndProvenanceUnchanged) {
  const auto end_time = ab::result_file::read_results(h5_.string()).info.end_time;
  const auto before = fs::last_write_time(h5_);
  sleep(1);  // a rewrite would give a later end_time
  const auto merged = run("merge " + run_dir_.string());
  EXPECT_EQ(merged.code, 0) << merged.err;
  EXPECT_NE(merged.out.find("left unchanged"), std::string::npos) << merged.out;
  const auto resumed = run("--resume " + run_dir_.string());
  EXPECT_EQ(resumed.code, 0) << resumed.err;
  EXPECT_NE(resumed.out.find("nothing to resume"), std::string::npos) << resumed.out;
  EXPECT_EQ(slurp(h5_), original_);
  EXPECT_EQ(fs::last_write_time(h5_), before);
  EXPECT_EQ(ab::result_file::read_results(h5_.string()).info.end_time, end_time);
}

TEST_F(ResultsKept, MergeReplacesAFileHoldingLessThanTheJournals) {
  auto partial = ab::result_file::read_results(h5_.string());  // as if written when the run was stopped early
  partial.ranks[0].campaigns.resize(3);
  partial.info.complete = false;
  ab::result_file::write_results(h5_.string(), ab::result_file::file_content(partial.info, partial.ranks, {}, "{}"));
  const auto r = run("merge " + run_dir_.string());
  ASSERT_EQ(r.code, 0) << r.err;
  EXPECT_NE(r.out.find("merged 4 campaigns from 1 rank journals"), std::string::npos) << r.out;
  const auto rebuilt = ab::result_file::read_results(h5_.string());
  EXPECT_TRUE(rebuilt.info.complete);
  ASSERT_EQ(rebuilt.ranks.size(), 1u);
  EXPECT_EQ(rebuilt.ranks[0].campaigns.size(), 4u);  // quick: 2 kernels x 2 detectors x 1 repeat
}

TEST_F(ResultsKept, MergeRefusesAnUnreadableFile) {
  std::ofstream(h5_, std::ios::trunc) << "not HDF5\n";
  const auto r = run("merge " + run_dir_.string());
  EXPECT_EQ(r.code, 2) << r.err;
  EXPECT_NE(r.err.find(h5_.string() + " cannot be read ("), std::string::npos) << r.err;
  EXPECT_EQ(slurp(h5_), "not HDF5\n");
}

}  // namespace
