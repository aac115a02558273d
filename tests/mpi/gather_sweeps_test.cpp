// Real MPI (2 ranks): the results gathered on rank 0 and the file written from them hold each sweep
// once, so neither grows with the number of detectors that ran on a sweep beyond the detectors' own
// results; rank 0 gets every campaign back exactly.
#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "suite/mpi/gather.hpp"
#include "suite/mpi/mpi_session.hpp"
#include "suite/result_file/result_reader.hpp"
#include "suite/results/result_json.hpp"
#include "suite/stats/stability.hpp"
#include "suite/result_file/file_content.hpp"
#include "suite/result_file/result_writer.hpp"
#include "suite/writing/rank_message.hpp"
#include "tests/results/sample_results.hpp"
#include "tests/support/mpirun.hpp"

namespace ab = autobench;
namespace fs = std::filesystem;

namespace {

constexpr const char* kDetectors[] = {"kneedle", "triangle", "slope", "lmethod", "menger", "multiknee", "dfdt", "hybrid"};

// One rank's results: two repeats of one kernel, each a 100-point sweep (64 launch times per point)
// that `detectors` detectors ran on, each stopping at its own point.
ab::results::RankResult rank_results(int rank, int detectors) {
  ab::results::RankResult r;
  r.rank = rank;
  r.device = ab::testing::sample_device(rank);
  for (int repeat = 0; repeat < 2; ++repeat) {
    std::vector<ab::results::Point> sweep;
    for (int i = 0; i < 100; ++i) {
      auto p = ab::testing::sample_point(1000ULL + 97ULL * static_cast<unsigned>(i), 1e-5 * (i + 1) + 1e-7 * repeat, false);
      p.launch_times_s.assign(64, static_cast<float>(1e-5 * (i + 1)));
      sweep.push_back(p);
    }
    for (int d = 0; d < detectors; ++d) {
      auto c = ab::testing::sample_campaign(rank, "vecadd", kDetectors[d], repeat, 3);
      c.points.assign(sweep.begin(), sweep.end() - d);
      c.knee_index = 40 + d;
      c.knee_size = c.points[static_cast<std::size_t>(c.knee_index)].size;
      r.campaigns.push_back(c);
    }
  }
  return r;
}

// The bytes rank 0 gathers, and the file it writes, with `detectors` detectors per sweep on each rank.
struct Gathered {
  std::size_t bytes = 0;
  std::uintmax_t file_bytes = 0;
};

Gathered gather_and_write(const ab::mpi::Session& mpi, int detectors, const fs::path& dir) {
  const auto mine = rank_results(mpi.rank(), detectors);
  const auto texts = ab::mpi::gather_to_root(mpi.comm(), ab::writing::pack_rank(mine));
  Gathered g;
  if (!mpi.root()) return g;
  std::vector<ab::results::RankResult> ranks;
  for (const auto& t : texts) {
    g.bytes += t.size();
    ranks.push_back(ab::writing::unpack_rank(t));
  }
  for (std::size_t r = 0; r < ranks.size(); ++r) ab::testing::expect_same(rank_results(static_cast<int>(r), detectors), ranks[r]);
  auto info = ab::testing::sample_run_info();
  info.ranks = mpi.size();
  const fs::path path = dir / ("d" + std::to_string(detectors) + ".h5");
  ab::result_file::write_results(path.string(), ab::result_file::file_content(info, ranks, ab::stats::stability_of_complete(ranks), "{}"));
  g.file_bytes = fs::file_size(path);
  const auto file = ab::result_file::read_results(path.string());  // the file gives the campaigns back too
  for (std::size_t r = 0; r < ranks.size(); ++r) {  // the reader lists a rank's campaigns in the file's order
    EXPECT_EQ(file.ranks[r].campaigns.size(), ranks[r].campaigns.size());
    for (const auto& c : ranks[r].campaigns)
      for (const auto& read : file.ranks[r].campaigns)
        if (read.detector == c.detector && read.repeat == c.repeat) ab::testing::expect_same(c, read);
  }
  return g;
}

}  // namespace

// Started by the next test under mpirun.
TEST(GatherSweepsChild, DISABLED_OneAndEightDetectorsPerSweep) {
  int argc = 0;
  char** argv = nullptr;
  ab::mpi::Session mpi(argc, argv);
  const fs::path dir = std::getenv("GATHER_SWEEPS_DIR");
  const Gathered one = gather_and_write(mpi, 1, dir), eight = gather_and_write(mpi, 8, dir);
  if (!mpi.root()) return;
  // What one more detector adds at most: its campaign's own fields (knee, stop, parameters) and its
  // reference to the sweep, on each rank and repeat.
  auto campaign = rank_results(0, 1).campaigns.front();
  const std::size_t with_points = nlohmann::json(campaign).dump().size();
  campaign.points.clear();
  const std::size_t own = nlohmann::json(campaign).dump().size() + 64;
  const std::size_t added = 7 * 2 * static_cast<std::size_t>(mpi.size());  // campaigns added: 7 detectors × 2 repeats × ranks
  ASSERT_GT(with_points, 20 * own);  // sending the points again per detector would break the bound below
  EXPECT_LE(eight.bytes - one.bytes, added * own) << "gathered " << one.bytes << " B with 1 detector, " << eight.bytes
                                                  << " B with 8";
  // In the file a further campaign costs its group's ~35 attributes and its detector's stability row
  // (~4.6 kB here); one of the 4 sweeps (2 ranks × 2 repeats) costs over ten times that.
  constexpr std::uintmax_t kPerCampaign = 6144;
  ASSERT_GT(one.file_bytes, 4 * 10 * kPerCampaign);
  EXPECT_LE(eight.file_bytes - one.file_bytes, added * kPerCampaign) << one.file_bytes << " B, then " << eight.file_bytes << " B";
  std::printf("gathered %zu B (1 detector per sweep), %zu B (8); file %ju B, %ju B\n", one.bytes, eight.bytes,
              one.file_bytes, eight.file_bytes);
}

TEST(GatherSweeps, GatheredBytesAndFileDoNotGrowWithTheDetectorsPerSweep) {
  const fs::path dir = fs::temp_directory_path() / ("autobench-gather-sweeps-" + std::to_string(getpid()));
  fs::create_directories(dir);
  const std::string self = fs::read_symlink("/proc/self/exe").string();
  const std::string command = ab::testing::mpirun(2, "-x GATHER_SWEEPS_DIR=" + dir.string(), self) +
                              " --gtest_color=no --gtest_also_run_disabled_tests --gtest_filter=GatherSweepsChild.* 2>&1";
  std::string out;
  FILE* pipe = popen(("timeout -k 5 120 " + command).c_str(), "r");
  char buf[4096];
  while (std::size_t n = fread(buf, 1, sizeof buf, pipe)) out.append(buf, n);
  const int status = pclose(pipe);
  fs::remove_all(dir);
  EXPECT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 0) << out;
  EXPECT_NE(out.find("[  PASSED  ] 1 test"), std::string::npos) << out;
  EXPECT_NE(out.find("gathered "), std::string::npos) << out;
}
