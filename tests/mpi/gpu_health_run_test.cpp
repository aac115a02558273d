// GPU health end to end with real MPI: 4 oversubscribed ranks drive the same sim device model. With
// AUTOBENCH_SIM_FAULT=2:slow:0.8,1:hot the run's last lines name rank 1 (throttling) and rank 2 (slow),
// `report` leads with them (worst first, host, PCI bus, UUID in the JSON), `report --fail-on slow` exits 5
// naming both and `--fail-on faulty` exits 0; without the fault every GPU is healthy and the gate passes.
#include <gtest/gtest.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <string>

#include <nlohmann/json.hpp>

#include "tests/support/mpirun.hpp"
#include "tests/support/shell.hpp"

namespace ab = autobench;
namespace fs = std::filesystem;

namespace {

// A quick run (2 repeats) of 4 RTX 4000 Ada sim ranks with `fault` in the environment: its output
// (stdout and stderr) and the results file (the line "results: PATH ...").
struct RunOutput {
  std::string out, path;
};
RunOutput quick_run(const fs::path& out, const std::string& fault) {
  const auto r = ab::testing::run_shell("AUTOBENCH_SIM_FAULT='" + fault + "' timeout -k 5 300 " + ab::testing::mpirun(4) +
                                        " --suite quick --repeats 2 --backend sim --sim-device 'RTX 4000 Ada' --output " +
                                        out.string());
  EXPECT_EQ(r.status, 0) << r.out;
  const auto at = r.out.find("results: ");
  if (at == std::string::npos) return {r.out, ""};
  return {r.out, r.out.substr(at + 9, r.out.find(' ', at + 9) - at - 9)};
}

class GpuHealthRun : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() / ("autobench-health-" + std::to_string(getpid()));
    fs::remove_all(dir_);
  }
  void TearDown() override { fs::remove_all(dir_); }
  fs::path dir_;
};

TEST_F(GpuHealthRun, AHotAndASlowRankAreNamedAndGatedAndNoneWithoutTheFaults) {
  const RunOutput faulty = quick_run(dir_ / "faulty", "2:slow:0.8,1:hot");
  ASSERT_TRUE(fs::exists(faulty.path)) << faulty.out;
  // The run itself ends with one line per GPU that is not healthy.
  EXPECT_NE(faulty.out.find("GPU health: rank 1 ("), std::string::npos) << faulty.out;
  EXPECT_NE(faulty.out.find(") throttling: 100% of points throttled (sw_thermal_slowdown)"), std::string::npos) << faulty.out;
  EXPECT_NE(faulty.out.find("GPU health: rank 2 ("), std::string::npos) << faulty.out;
  EXPECT_EQ(faulty.out.find("GPU health: rank 0"), std::string::npos) << faulty.out;

  const auto report = nlohmann::json::parse(ab::testing::checked_stdout(AUTOBENCH_BINARY " report --format json " + faulty.path));
  const auto& health = report.at("gpu_health");
  ASSERT_EQ(health.size(), 4u) << health.dump(2);
  EXPECT_EQ(health[0].at("rank"), 1);
  EXPECT_EQ(health[0].at("verdict"), "throttling");
  EXPECT_EQ(health[0].at("evidence").at("temperature_c").at("median"), 87.0);
  EXPECT_EQ(health[1].at("rank"), 2);
  EXPECT_EQ(health[1].at("verdict"), "slow");
  for (const auto& d : health[1].at("evidence").at("deficits")) {
    EXPECT_NEAR(d.at("deficit").get<double>(), 0.2, 0.03) << d.dump();
    EXPECT_EQ(d.at("sweeps"), 2) << "a sweep counts once, however many detectors ran on it";
  }
  EXPECT_EQ(health[1].at("evidence").at("reference"), "median of 3 same-model GPUs of this run");
  for (std::size_t i : {2, 3}) EXPECT_EQ(health[i].at("verdict"), "healthy") << health.dump(2);
  for (const auto& d : report.at("devices")) {
    if (d.at("rank") == 2) {
      EXPECT_EQ(health[1].at("uuid"), d.at("uuid"));
    }
  }

  const std::string table = ab::testing::checked_stdout(AUTOBENCH_BINARY " report " + faulty.path);
  const auto first = table.find("\n\nGPU health: 1 throttling, 1 slow, 2 healthy");
  EXPECT_NE(first, std::string::npos) << table;
  EXPECT_LT(first, table.find("Answer:")) << "health is the first section";

  const auto gate = ab::testing::read_command(AUTOBENCH_BINARY " report --fail-on slow " + faulty.path + " 2>&1 >/dev/null");
  EXPECT_EQ(gate.status, 5) << gate.out;
  EXPECT_NE(gate.out.find("--fail-on slow: ranks 1-2 of 4 GPUs are slow or worse: rank 1 ("), std::string::npos) << gate.out;
  EXPECT_EQ(ab::testing::run_shell(AUTOBENCH_BINARY " report --fail-on throttling " + faulty.path + " >/dev/null").status, 5);
  EXPECT_EQ(ab::testing::run_shell(AUTOBENCH_BINARY " report --fail-on faulty " + faulty.path + " >/dev/null").status, 0);

  const RunOutput clean = quick_run(dir_ / "clean", "");
  ASSERT_TRUE(fs::exists(clean.path)) << clean.out;
  EXPECT_EQ(clean.out.find("GPU health:"), std::string::npos) << clean.out;
  const auto clean_report = nlohmann::json::parse(ab::testing::checked_stdout(AUTOBENCH_BINARY " report --format json " + clean.path));
  for (const auto& v : clean_report.at("gpu_health")) EXPECT_EQ(v.at("verdict"), "healthy") << v.dump(2);
  EXPECT_EQ(ab::testing::run_shell(AUTOBENCH_BINARY " report --fail-on slow " + clean.path + " >/dev/null").status, 0);
}

}  // namespace
