// End to end with real MPI on the sim backend: 2 ranks generate a small dataset with the IQR refinement;
// the HDF5 file and the JSONL export are read back (regime quota per rank and kernel, both ranks' work,
// the refinement's histograms and reasons), `evaluate` scores it, bad predictions and another schema
// version exit 2, a run stopped by its time budget is finished by --resume, and where the measuring time
// went is stored per configuration and per kernel and printed.
#include <gtest/gtest.h>
#include <sys/wait.h>

#include <cmath>
#include <filesystem>
#include <fstream>
#include <map>
#include <set>

#include <nlohmann/json.hpp>

#include "kernels/kernel.hpp"
#include "suite/dataset/regime.hpp"
#include "suite/dataset/launch_sampler.hpp"
#include "suite/hdf5/hdf5_file.hpp"
#include "tests/support/scratch.hpp"
#include "tests/support/shell.hpp"
#include "tests/support/mpirun.hpp"

namespace ab = autobench;
namespace ds = autobench::dataset;
namespace fs = std::filesystem;

namespace {

using autobench::testing::last_line;
using autobench::testing::run_shell;

std::vector<nlohmann::json> read_jsonl(const std::string& path) {
  std::ifstream in(path);
  std::vector<nlohmann::json> out;
  std::string line;
  while (std::getline(in, line)) out.push_back(nlohmann::json::parse(line));
  return out;
}

const std::string kDataset = " dataset --backend sim --sim-device 'H100 SXM' --per-kernel 40 --iterations 3 --quiet";

}  // namespace

TEST(DatasetRun, TwoRanksGenerateRefineExportAndEvaluate) {
  ab::testing::ScratchDir scratch;
  const auto run = run_shell(ab::testing::mpirun(2) + kDataset + " --balance iqr --output " + scratch.path("out"));
  ASSERT_EQ(run.status, 0) << run.out;
  const std::string jsonl = last_line(run.out);
  ASSERT_TRUE(fs::exists(jsonl)) << run.out;
  const std::string h5 = (fs::path(jsonl).parent_path() / "dataset.h5").string();
  EXPECT_FALSE(fs::exists(h5 + ".tmp"));

  auto file = ab::hdf5::H5File::open(h5);
  EXPECT_EQ(file.read_attribute<std::int64_t>("schema_version"), 1);
  EXPECT_EQ(file.read_attribute<std::int64_t>("ranks"), 2);
  EXPECT_EQ(file.read_attribute<std::int64_t>("complete"), 1);
  EXPECT_EQ(file.read_attribute<std::string>("backend"), "sim");
  const auto g = file.open_group("samples");
  const auto kernel = g.read_dataset<std::string>("kernel");
  const auto regime = g.read_dataset<std::string>("regime");
  const auto origin = g.read_dataset<std::string>("origin");
  const auto reason = g.read_dataset<std::string>("reason");
  const auto rank = g.read_dataset<std::int64_t>("rank");
  const auto verified = g.read_dataset<std::uint8_t>("verified");
  const auto time = g.read_dataset<double>("time_median_s");
  const auto workgroups = g.read_dataset<std::uint64_t>("workgroups");
  const auto block = g.read_dataset<std::int64_t>("block_threads");

  // Sampled rows: the 2:5:3 quota for every (rank, kernel), each classified from its launch on 132 SMs.
  std::map<std::pair<std::int64_t, std::string>, std::array<std::size_t, 3>> quota;
  std::size_t added = 0;
  const autobench::backend::Occupancy h100 = autobench::backend::occupancy_for(132, 9, 0);
  for (std::size_t i = 0; i < kernel.size(); ++i) {
    EXPECT_EQ(verified[i], 1u);
    EXPECT_GT(time[i], 0);
    EXPECT_EQ(block[i] % 32, 0);
    EXPECT_EQ(regime[i], ds::kRegimeNames.name(ds::classify(workgroups[i], h100, static_cast<int>(block[i]))));
    if (origin[i] == "iqr") {
      ++added;
      EXPECT_NE(reason[i].find("samples < target"), std::string::npos) << reason[i];
      continue;
    }
    ++quota[{rank[i], kernel[i]}][static_cast<std::size_t>(ds::kRegimeNames.value(regime[i]))];
  }
  ASSERT_EQ(quota.size(), 2 * ab::kernels::names().size());  // 2 ranks x every registered kernel
  for (const auto& [key, counts] : quota) EXPECT_EQ(counts, (std::array<std::size_t, 3>{8, 20, 12})) << key.second;
  EXPECT_GT(added, 0u);
  const auto balance = file.open_group("balance");
  const auto before = balance.read_dataset<std::uint64_t>("counts_before");
  const auto after = balance.read_dataset<std::uint64_t>("counts_after");
  ASSERT_EQ(before.size(), after.size());
  std::uint64_t sum_before = 0, sum_after = 0;
  for (std::size_t i = 0; i < before.size(); ++i) {
    EXPECT_GE(after[i], before[i]);
    sum_before += before[i];
    sum_after += after[i];
  }
  EXPECT_EQ(sum_before, 80 * ab::kernels::names().size());  // 40 per kernel on each of 2 ranks
  EXPECT_LE(sum_after, kernel.size());

  // Where the time went: per kernel, the step seconds of its configurations on both ranks, equal to the
  // sums of the per-configuration steps in /samples/steps.
  const auto steps = g.open_group("steps");
  const auto verify_each = steps.read_dataset<double>("verify_s");
  const auto time_each = steps.read_dataset<double>("time_s");
  ASSERT_EQ(verify_each.size(), kernel.size());
  std::map<std::string, std::pair<std::uint64_t, double>> per_kernel;  // configurations, time_s summed
  for (std::size_t i = 0; i < kernel.size(); ++i) {
    EXPECT_GE(verify_each[i], 0);
    EXPECT_GT(time_each[i], 0) << kernel[i];
    ++per_kernel[kernel[i]].first;
    per_kernel[kernel[i]].second += time_each[i];
  }
  const auto split = file.open_group("time_split");
  const auto split_kernel = split.read_dataset<std::string>("kernel");
  const auto split_count = split.read_dataset<std::uint64_t>("configurations");
  const auto split_time = split.read_dataset<double>("time_s");
  ASSERT_EQ(split_kernel.size(), ab::kernels::names().size());
  for (const char* column : {"prepare_s", "verify_s", "destroy_s"})
    EXPECT_EQ(split.read_dataset<double>(column).size(), split_kernel.size()) << column;
  for (std::size_t k = 0; k < split_kernel.size(); ++k) {
    EXPECT_EQ(split_count[k], per_kernel[split_kernel[k]].first) << split_kernel[k];
    EXPECT_NEAR(split_time[k], per_kernel[split_kernel[k]].second, 1e-9) << split_kernel[k];
  }

  // The JSONL export: one line per verified configuration, in the HDF5 id order, prompt included.
  const auto lines = read_jsonl(jsonl);
  ASSERT_EQ(lines.size(), kernel.size());
  for (std::size_t i = 0; i < lines.size(); ++i) {
    EXPECT_EQ(lines[i]["schema_version"], 1);
    EXPECT_EQ(lines[i]["kernel"], kernel[i]);
    EXPECT_NEAR(lines[i]["time_us"].get<double>(), time[i] * 1e6, 1e-9 * time[i] * 1e6);
    const std::string input = lines[i]["input"];
    EXPECT_EQ(input.rfind("### Code\n#define ", 0), 0u);
    EXPECT_NE(input.find("extern \"C\" __global__"), std::string::npos);
    EXPECT_NE(input.find("### Arguments\n0 "), std::string::npos);
  }

  // evaluate: the baselines on both splits; an external predictor 10 % high scores exactly 10 %.
  const std::string predictions = scratch.path("pred.txt");
  {
    std::ofstream p(predictions);
    for (const auto& l : lines) p << l["time_us"].get<double>() * 1.1 << "\n";
  }
  const std::string report = scratch.path("report.json");
  const auto eval = run_shell(std::string(AUTOBENCH_BINARY) + " evaluate --dataset " + jsonl + " --predictions " + predictions +
                       " --json " + report);
  ASSERT_EQ(eval.status, 0) << eval.out;
  std::ifstream rin(report);
  const auto rep = nlohmann::json::parse(rin);
  ASSERT_EQ(rep["results"].size(), 8u);  // external, analytic, regression, stargazer x random, leave-one-kernel-out
  for (const auto& r : rep["results"]) {
    EXPECT_TRUE(std::isfinite(r["overall"]["mape"].get<double>())) << r.dump();
    EXPECT_EQ(r["per_kernel"].size(), ab::kernels::names().size());
    if (r["predictor"] == "external") {
      EXPECT_NEAR(r["overall"]["mape"].get<double>(), 10.0, 1e-3);
    }
  }
  EXPECT_NE(eval.out.find("leave-one-kernel-out"), std::string::npos);

  // Bad input: one line, exit 2.
  auto bad = [&](const std::string& name, const std::string& text, const std::string& dataset) {
    std::ofstream(scratch.path(name)) << text;
    return run_shell(std::string(AUTOBENCH_BINARY) + " evaluate --dataset " + dataset + " --predictions " + scratch.path(name));
  };
  const auto short_file = bad("short.txt", "1\n2\n", jsonl);
  EXPECT_EQ(short_file.status, 2) << short_file.out;
  EXPECT_NE(short_file.out.find("has 2 lines; the dataset has"), std::string::npos) << short_file.out;
  std::string nan_text, neg_text;
  for (std::size_t i = 0; i < lines.size(); ++i) {
    nan_text += i == 3 ? "nan\n" : "1\n";
    neg_text += i == 5 ? "-2.5\n" : "1\n";
  }
  const auto nan = bad("nan.txt", nan_text, jsonl);
  EXPECT_EQ(nan.status, 2) << nan.out;
  EXPECT_NE(nan.out.find("line 4: nan is not allowed"), std::string::npos) << nan.out;
  const auto neg = bad("neg.txt", neg_text, jsonl);
  EXPECT_EQ(neg.status, 2) << neg.out;
  EXPECT_NE(neg.out.find("line 6: -2.5 is not allowed"), std::string::npos) << neg.out;
  {
    std::ofstream other(scratch.path("v2.jsonl"));
    auto l = lines[0];
    l["schema_version"] = 2;
    other << l.dump() << "\n";
  }
  const auto v2 = bad("one.txt", "1\n", scratch.path("v2.jsonl"));
  EXPECT_EQ(v2.status, 2) << v2.out;
  EXPECT_NE(v2.out.find("schema_version 2 is not supported"), std::string::npos) << v2.out;
  for (const auto* r : {&short_file, &nan, &neg, &v2}) EXPECT_EQ(std::count(r->out.begin(), r->out.end(), '\n'), 1) << r->out;
}

TEST(DatasetRun, ATimeBudgetStopIsFinishedByResume) {
  ab::testing::ScratchDir scratch;
  const auto stopped = run_shell(ab::testing::mpirun(2) + kDataset + " --time-budget 1e-6 --output " + scratch.path("out"));
  EXPECT_NE(stopped.status, 0) << stopped.out;
  ASSERT_NE(stopped.out.find("--resume "), std::string::npos) << stopped.out;
  std::string dir = stopped.out.substr(stopped.out.find("--resume ") + 9);
  dir = dir.substr(0, dir.find('\n'));
  {
    auto file = ab::hdf5::H5File::open((fs::path(dir) / "dataset.h5").string());
    EXPECT_EQ(file.read_attribute<std::int64_t>("complete"), 0);
  }
  const auto resumed = run_shell(ab::testing::mpirun(2) + " dataset --quiet --resume " + dir);
  ASSERT_EQ(resumed.status, 0) << resumed.out;
  auto file = ab::hdf5::H5File::open((fs::path(dir) / "dataset.h5").string());
  EXPECT_EQ(file.read_attribute<std::int64_t>("complete"), 1);
  EXPECT_EQ(file.open_group("samples").read_dataset<std::string>("kernel").size(), 80 * ab::kernels::names().size());
  EXPECT_EQ(read_jsonl((fs::path(dir) / "dataset.jsonl").string()).size(), 80 * ab::kernels::names().size());
}

TEST(DatasetRun, PrintsWhereTheTimeWentBeforeItsSummary) {
  ab::testing::ScratchDir scratch;
  const auto run = run_shell(std::string(AUTOBENCH_BINARY) +
                             " dataset --backend sim --kernels vecadd,gemm --per-kernel 4 --output " + scratch.path("out"));
  ASSERT_EQ(run.status, 0) << run.out;
  const auto table = run.out.find("where the time went");
  ASSERT_NE(table, std::string::npos) << run.out;
  const auto header = run.out.find("kernel  configurations  prepare_s  verify_s  time_s  destroy_s  total_s  ms_each", table);
  EXPECT_NE(header, std::string::npos) << run.out;
  for (const char* row : {"\ngemm ", "\nvecadd ", "\nall ", "\nshare "}) EXPECT_NE(run.out.find(row, header), std::string::npos) << row;
  EXPECT_LT(table, run.out.find("verified configurations")) << run.out;
}

TEST(DatasetRun, BadOptionsAreOneLineUsageErrors) {
  for (const std::string args : {"--ratio 2:5", "--per-kernel 0", "--max-waves nan", "--balance fancy",
                                 "--kernels nosuch", "--test-fraction 1", "--memory-fraction inf"}) {
    const auto r = run_shell(std::string(AUTOBENCH_BINARY) + " dataset --backend sim " + args);
    EXPECT_EQ(r.status, 2) << args << ": " << r.out;
    EXPECT_EQ(std::count(r.out.begin(), r.out.end(), '\n'), 1) << r.out;
  }
}
