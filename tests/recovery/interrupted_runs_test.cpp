// No measurement is lost: a rank killed with SIGKILL under mpirun is recovered with `merge`, and a run
// stopped with SIGUSR1 writes a partial file and completes with `--resume` to the matrix of a clean run.
#include <gtest/gtest.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <set>
#include <string>
#include <thread>
#include <tuple>

#include "suite/journal/journal.hpp"
#include "suite/journal/recovery.hpp"
#include "suite/result_file/result_reader.hpp"
#include "tests/support/mpirun.hpp"

namespace ab = autobench;
namespace fs = std::filesystem;
using namespace std::chrono_literals;

namespace {

pid_t spawn(const std::string& command) {
  const pid_t pid = fork();
  if (pid == 0) {
    setpgid(0, 0);
    execl("/bin/sh", "sh", "-c", command.c_str(), static_cast<char*>(nullptr));
    _exit(127);
  }
  return pid;
}

int wait_exit(pid_t pid) {
  int status = 0;
  waitpid(pid, &status, 0);
  return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
}

int run(const std::string& command) { return wait_exit(spawn(command)); }

fs::path fresh_dir(const std::string& name) {
  const fs::path d = fs::temp_directory_path() / (name + "-" + std::to_string(getpid()));
  fs::remove_all(d);
  fs::create_directories(d);
  return d;
}

// The single run directory under `out`, once it exists.
fs::path run_dir_in(const fs::path& out) {
  for (int i = 0; i < 600; ++i) {
    for (const auto& e : fs::directory_iterator(out))
      if (e.is_directory()) return e.path();
    std::this_thread::sleep_for(50ms);
  }
  return {};
}

int campaign_lines(const fs::path& journal) {
  std::ifstream in(journal);
  int n = 0;
  for (std::string line; std::getline(in, line);) n += line.find("\"type\":\"campaign\"") != std::string::npos;
  return n;
}

bool wait_for_campaigns(const fs::path& journal, int count) {
  for (int i = 0; i < 1200; ++i) {
    if (campaign_lines(journal) >= count) return true;
    std::this_thread::sleep_for(25ms);
  }
  return false;
}

// The pid of MPI rank `rank` whose command line mentions `marker` (found through /proc).
pid_t rank_pid(int rank, const std::string& marker) {
  for (const auto& e : fs::directory_iterator("/proc")) {
    const std::string name = e.path().filename();
    if (name.find_first_not_of("0123456789") != std::string::npos) continue;
    std::ifstream cmd(e.path() / "cmdline"), env(e.path() / "environ");
    std::string cmdline((std::istreambuf_iterator<char>(cmd)), {}), environ((std::istreambuf_iterator<char>(env)), {});
    if (cmdline.find("autobench-mpi") == std::string::npos || cmdline.find(marker) == std::string::npos) continue;
    if (cmdline.rfind("mpirun", 0) == 0 || cmdline.find("/mpirun") != std::string::npos) continue;
    if (environ.find(std::string("OMPI_COMM_WORLD_RANK=") + std::to_string(rank) + '\0') != std::string::npos)
      return static_cast<pid_t>(std::stol(name));
  }
  return -1;
}

using Key = std::tuple<int, std::string, std::string, int>;
std::set<Key> keys(const ab::results::ResultFile& f, bool complete_only) {
  std::set<Key> k;
  for (const auto& r : f.ranks)
    for (const auto& c : r.campaigns)
      if (!complete_only || c.complete) k.insert({c.rank, c.kernel, c.detector, c.repeat});
  return k;
}

const std::string kMpirun = ab::testing::mpirun(4);

}  // namespace

TEST(InterruptedRuns, KilledRankIsRecoveredWithMerge) {
  const fs::path out = fresh_dir("autobench-kill");
  const pid_t job = spawn(kMpirun + " --suite quick --repeats 3 --backend sim --sim-realtime 1 -q --output " + out.string() +
                          " >" + (out / "log").string() + " 2>&1");
  const fs::path run_dir = run_dir_in(out);
  ASSERT_FALSE(run_dir.empty());
  ASSERT_TRUE(wait_for_campaigns(run_dir / "journal" / "rank1.jsonl", 2)) << "rank 1 never finished 2 campaigns";
  const pid_t victim = rank_pid(1, out.string());
  ASSERT_GT(victim, 0);
  ASSERT_EQ(kill(victim, SIGKILL), 0);
  EXPECT_NE(wait_exit(job), 0) << "mpirun reports the killed rank";
  EXPECT_FALSE(fs::exists(run_dir / "autobench.h5")) << "the run could not write its file itself";

  ASSERT_EQ(run(std::string(AUTOBENCH_BINARY) + " merge " + run_dir.string()), 0);
  const auto f = ab::result_file::read_results((run_dir / "autobench.h5").string());
  EXPECT_FALSE(f.info.complete);
  ASSERT_EQ(f.ranks.size(), 4u);
  for (int r = 0; r < 4; ++r) {
    const fs::path journal = run_dir / "journal" / ("rank" + std::to_string(r) + ".jsonl");
    const auto j = ab::journal::read_file(journal.string());
    std::size_t complete = 0, journaled = 0;
    for (const auto& c : f.ranks[r].campaigns) complete += c.complete;
    for (const auto& c : j.rank.campaigns) journaled += ab::journal::finished(c);  // others were cut by mpirun's SIGTERM
    EXPECT_EQ(complete, journaled) << "every finished campaign journaled by rank " << r << " is complete in the file";
    EXPECT_GE(f.ranks[r].campaigns.size(), j.rank.campaigns.size()) << "and the cut ones are kept, marked incomplete";
    EXPECT_EQ(f.ranks[r].device.name, j.rank.device.name);
  }
  EXPECT_GE(f.ranks[1].campaigns.size(), 2u);
  fs::remove_all(out);
}

TEST(InterruptedRuns, SignalledRunResumesToTheMatrixOfACleanRun) {
  const fs::path out = fresh_dir("autobench-resume");
  const std::string matrix = " --backend sim --suite quick --repeats 3 -q";
  const pid_t job = spawn("exec " + kMpirun + matrix + " --sim-realtime 1 --output " + (out / "stopped").string() + " >" +
                          (out / "log").string() + " 2>&1");
  fs::create_directories(out / "stopped");
  const fs::path run_dir = run_dir_in(out / "stopped");
  ASSERT_FALSE(run_dir.empty());
  ASSERT_TRUE(wait_for_campaigns(run_dir / "journal" / "rank0.jsonl", 2));
  kill(job, SIGUSR1);  // the shell execs mpirun, which forwards SIGUSR1 to every rank
  EXPECT_EQ(wait_exit(job), 3) << "stopped early: exit code 3";
  const auto partial = ab::result_file::read_results((run_dir / "autobench.h5").string());
  EXPECT_FALSE(partial.info.complete);
  const std::size_t matrix_size = 4u * 2 * 2 * 3;
  EXPECT_LT(keys(partial, true).size(), matrix_size);

  ASSERT_EQ(run(kMpirun + " --resume " + run_dir.string() + " -q >>" + (out / "log").string() + " 2>&1"), 0);
  const auto resumed = ab::result_file::read_results((run_dir / "autobench.h5").string());
  EXPECT_TRUE(resumed.info.complete);

  ASSERT_EQ(run(kMpirun + matrix + " --output " + (out / "clean").string() + " >/dev/null"), 0);
  const auto clean = ab::result_file::read_results((run_dir_in(out / "clean") / "autobench.h5").string());
  EXPECT_EQ(keys(resumed, false), keys(clean, false)) << "same campaigns as an uninterrupted run";
  EXPECT_EQ(keys(resumed, true).size(), matrix_size);
  EXPECT_EQ(resumed.stability.size(), clean.stability.size());
  for (std::size_t r = 0; r < 4; ++r) EXPECT_EQ(resumed.ranks[r].device.model, clean.ranks[r].device.model);
  fs::remove_all(out);
}
