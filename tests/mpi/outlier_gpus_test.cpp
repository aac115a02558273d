// Outlier GPUs end to end with real MPI: 4 oversubscribed ranks drive the same sim device model. With
// AUTOBENCH_SIM_FAULT=2:slow:0.8 (rank 2 at 80% of its model's speed) `report` names exactly rank 2,
// with its host, PCI bus and UUID, in the table and the JSON; without the fault it names none.
#include <gtest/gtest.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <set>
#include <string>

#include <nlohmann/json.hpp>

#include "tests/support/mpirun.hpp"
#include "tests/support/shell.hpp"

namespace ab = autobench;
namespace fs = std::filesystem;

namespace {

// Runs a shell command and returns its stdout; fails the test on a non-zero exit.
std::string run(const std::string& command) { return autobench::testing::checked_stdout(command); }

// The results file of a quick run (2 repeats) of 4 RTX 4000 Ada sim ranks, with `fault` in the environment.
std::string quick_run(const fs::path& out, const std::string& fault) {
  if (fault.empty()) {
    unsetenv("AUTOBENCH_SIM_FAULT");
  } else {
    setenv("AUTOBENCH_SIM_FAULT", fault.c_str(), 1);
  }
  std::string path = run("timeout -k 5 300 " + ab::testing::mpirun(4) +
                         " --suite quick --repeats 2 --backend sim --sim-device 'RTX 4000 Ada' -q --output " + out.string());
  unsetenv("AUTOBENCH_SIM_FAULT");
  while (!path.empty() && (path.back() == '\n' || path.back() == ' ')) path.pop_back();
  return path;
}

class OutlierGpus : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() / ("autobench-outliers-" + std::to_string(getpid()));
    fs::remove_all(dir_);
  }
  void TearDown() override { fs::remove_all(dir_); }
  fs::path dir_;
};

TEST_F(OutlierGpus, ASlowRankIsNamedAndNoneWithoutTheFault) {
  const std::string slow = quick_run(dir_ / "slow", "2:slow:0.8");
  ASSERT_TRUE(fs::exists(slow)) << slow;
  const auto report = nlohmann::json::parse(run(AUTOBENCH_BINARY " report --format json " + slow));
  const auto& outliers = report.at("outliers");
  EXPECT_EQ(outliers.at("models"), nlohmann::json::array({"sim: RTX 4000 Ada (4 ranks)"}));
  std::set<int> ranks;
  std::set<std::string> metrics;
  for (const auto& f : outliers.at("flags")) {
    ranks.insert(f.at("rank").get<int>());
    metrics.insert(f.at("metric").get<std::string>());
    if (f.at("metric") == "plateau") {
      EXPECT_NEAR(f.at("deviation").get<double>(), -0.2, 0.03) << f.dump();
    }
  }
  EXPECT_EQ(ranks, std::set<int>{2}) << outliers.dump(2);
  EXPECT_TRUE(metrics.count("plateau")) << outliers.dump(2);
  std::string uuid;
  for (const auto& d : report.at("devices")) {
    if (d.at("rank") == 2) uuid = d.at("uuid").get<std::string>();
  }
  ASSERT_FALSE(uuid.empty());
  const auto& first = outliers.at("flags").at(0);
  EXPECT_EQ(first.at("uuid"), uuid);
  EXPECT_EQ(first.at("pci_bus_id"), "sim");
  EXPECT_FALSE(first.at("hostname").get<std::string>().empty());

  const std::string table = run(AUTOBENCH_BINARY " report " + slow);
  EXPECT_NE(table.find("Outlier GPUs among sim: RTX 4000 Ada (4 ranks)"), std::string::npos) << table;
  EXPECT_NE(table.find(uuid), std::string::npos);

  const std::string clean = quick_run(dir_ / "clean", "");
  ASSERT_TRUE(fs::exists(clean)) << clean;
  const auto clean_report = nlohmann::json::parse(run(AUTOBENCH_BINARY " report --format json " + clean));
  EXPECT_TRUE(clean_report.at("outliers").at("flags").empty()) << clean_report.at("outliers").dump(2);
  EXPECT_NE(run(AUTOBENCH_BINARY " report " + clean).find("Outlier GPUs: none among sim: RTX 4000 Ada (4 ranks)"),
            std::string::npos);
}

}  // namespace
