// End to end with real MPI: 4 oversubscribed ranks run the full suite on the sim backend (every kernel and
// detector, 2 repeats instead of 5 to keep the test short); the HDF5 file, written in parts, is read back
// and checked (4 devices, the whole matrix, stability rows), and `report` agrees.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <filesystem>
#include <map>
#include <numeric>
#include <set>

#include <nlohmann/json.hpp>

#include "detect/detector.hpp"
#include "kernels/kernel.hpp"
#include "suite/result_file/result_reader.hpp"
#include "suite/results/knee_status.hpp"
#include "tests/support/mpirun.hpp"
#include "tests/support/shell.hpp"

namespace ab = autobench;
namespace fs = std::filesystem;

namespace {

// Runs a shell command and returns its stdout; fails the test on a non-zero exit.
std::string run(const std::string& command) { return autobench::testing::checked_stdout(command); }

std::string trim(std::string s) {
  while (!s.empty() && (s.back() == '\n' || s.back() == ' ')) s.pop_back();
  return s;
}

}  // namespace

TEST(FourRanks, FullSuiteOnSimWritesOneCompleteFile) {
  const fs::path out = fs::temp_directory_path() / ("autobench-mpi-test-" + std::to_string(getpid()));
  fs::remove_all(out);
  const std::string path = trim(run(ab::testing::mpirun(4) +
                                    " --suite full --repeats 2 --backend sim --quiet --output " + out.string()));
  ASSERT_TRUE(fs::exists(path)) << path;
  EXPECT_EQ(fs::path(path).parent_path().parent_path(), out);
  EXPECT_FALSE(fs::exists(path + ".tmp"));

  const auto file = ab::result_file::read_results(path);
  EXPECT_EQ(file.info.ranks, 4);
  EXPECT_EQ(file.info.backend, "sim");
  EXPECT_TRUE(file.info.complete);
  ASSERT_EQ(file.ranks.size(), 4u);

  std::set<std::string> models, uuids;
  std::map<std::pair<std::string, std::string>, std::vector<std::int64_t>> knees;  // (kernel, detector)
  const std::size_t kernels = ab::kernels::all().size();
  const std::size_t detectors = ab::detect::list().size();
  for (const auto& r : file.ranks) {
    EXPECT_TRUE(r.start_error.empty());
    EXPECT_EQ(r.device.backend, "sim");
    EXPECT_EQ(r.device.name.rfind("sim: ", 0), 0u) << "sim devices are labelled as such";
    models.insert(r.device.model);
    uuids.insert(r.device.uuid);
    EXPECT_EQ(r.campaigns.size(), kernels * detectors * 2);
    for (const auto& c : r.campaigns) {
      EXPECT_EQ(c.rank, r.rank);
      EXPECT_GE(c.points.size(), 5u);
      EXPECT_TRUE(c.complete);
      auto& k = knees[{c.kernel, c.detector}];  // the knees found; edges and misses are left out of /stability
      if (ab::results::knee_status(c) == ab::results::KneeStatus::found) k.push_back(c.knee_index);
    }
  }
  EXPECT_EQ(models, (std::set<std::string>{"RTX 4000 Ada", "RTX 5000 Ada"})) << "rank r uses model r mod 2";
  EXPECT_EQ(uuids.size(), 4u);

  // Per (kernel, detector): 4 device rows, 2 model rows, 1 overall row, consistent with the campaigns.
  ASSERT_EQ(knees.size(), kernels * detectors);
  for (const auto& [key, indices] : knees) {
    int device_rows = 0, model_rows = 0, all_rows = 0;
    for (const auto& row : file.stability) {
      if (row.kernel != key.first || row.detector != key.second) continue;
      device_rows += row.scope == "device";
      model_rows += row.scope == "model";
      if (row.scope == "all") {
        ++all_rows;
        EXPECT_EQ(row.campaigns, 8);
        EXPECT_EQ(row.knees_found, static_cast<int>(indices.size()));
        if (indices.empty()) {
          EXPECT_TRUE(std::isnan(row.knee_index_mean));
          continue;
        }
        const double mean = std::accumulate(indices.begin(), indices.end(), 0.0) / double(indices.size());
        EXPECT_NEAR(row.knee_index_mean, mean, 1e-9);
        EXPECT_GE(row.within1_fraction, 0.0);
        EXPECT_LE(row.within1_fraction, 1.0);
      }
    }
    EXPECT_EQ(device_rows, 4) << key.first << "/" << key.second;
    EXPECT_EQ(model_rows, 2);
    EXPECT_EQ(all_rows, 1);
  }

  const auto report = nlohmann::json::parse(run(AUTOBENCH_BINARY " report --format json " + path));
  EXPECT_EQ(report["ranks"], 4);
  EXPECT_EQ(report["backend"], "sim");
  EXPECT_EQ(report["campaigns"].size(), 4 * kernels * detectors * 2);
  std::set<std::string> report_models;
  for (const auto& d : report["devices"]) report_models.insert(d["model"].get<std::string>());
  EXPECT_EQ(report_models, models);
  EXPECT_EQ(report["stability"].size(), file.stability.size());

  // Consensus: per kernel, per sweep (4 ranks x 2 repeats) one row, or one per L2 regime (cache and memory)
  // where the sweep has a hump, and per model (2) one row per regime its sweeps have; stored and read back.
  std::map<std::string, std::map<std::string, std::set<std::string>>> sweep_regimes, model_regimes;
  std::map<std::string, int> model_rows;
  for (const auto& row : file.consensus) {
    if (row.scope == "model") {
      ++model_rows[row.kernel];
      EXPECT_TRUE(model_regimes[row.kernel][row.model].insert(row.regime).second) << row.kernel << " " << row.model;
      continue;
    }
    EXPECT_EQ(row.voters, static_cast<int>(detectors)) << row.kernel << " " << row.group;
    sweep_regimes[row.kernel][row.model + " " + row.group].insert(row.regime);
  }
  EXPECT_EQ(model_rows.size(), kernels);
  for (const auto& [kernel, by_sweep] : sweep_regimes) {
    EXPECT_EQ(by_sweep.size(), 8u) << kernel;
    std::map<std::string, std::set<std::string>> expected;  // model -> the regimes of its sweeps
    for (const auto& [sweep, regimes] : by_sweep) {
      const std::set<std::string> single = {"single"}, humped = {"cache", "memory"};
      EXPECT_TRUE(regimes == single || regimes == humped) << kernel << " " << sweep;
      expected[sweep.substr(0, sweep.find(" rank"))].insert(regimes.begin(), regimes.end());
    }
    EXPECT_EQ(model_regimes[kernel], expected) << kernel;
  }
  EXPECT_EQ(report["consensus"].size(), file.consensus.size());
  fs::remove_all(out);
}
