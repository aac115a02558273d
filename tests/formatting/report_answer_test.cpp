// `report` answers first: GPU health, then the consensus knee per kernel and device model, lines of at
// most 120 characters, the rest behind --details, and --kernel/--detector/--rank filters; the GPUs a consensus
// left out are named, with why.
#include <gtest/gtest.h>

#include <sstream>
#include <stdexcept>

#include "suite/formatting/report_answer.hpp"
#include "suite/formatting/report_filter.hpp"
#include "suite/formatting/report_table.hpp"
#include "suite/stats/consensus.hpp"
#include "suite/stats/stability.hpp"
#include "tests/support/error_text.hpp"
#include "tests/support/knee_curve.hpp"

namespace autobench::formatting {
namespace {

using testing::contains;

// vecadd: two ranks of one model, two repeats each, every sweep with a consensus at 16000; chase: only
// edges and misses (no answer).
results::ResultFile file() {
  std::vector<results::Campaign> r0, r1;
  for (int repeat = 0; repeat < 2; ++repeat) {
    for (auto& c : testing::knee_curve_sweep(0, repeat)) r0.push_back(c);
    for (auto& c : testing::knee_curve_sweep(1, repeat)) r1.push_back(c);
    r0.push_back(testing::knee_curve_campaign(0, repeat, "c", 0, true, "chase"));
    r0.push_back(testing::knee_curve_campaign(0, repeat, "d", 0, false, "chase"));
  }
  results::ResultFile f;
  f.info.backend = "sim";
  f.info.ranks = 2;
  f.ranks = {testing::knee_curve_rank(0, r0), testing::knee_curve_rank(1, r1)};
  f.stability = stats::compute_stability(f.ranks);
  f.consensus = stats::compute_consensus(f.ranks);
  return f;
}

std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> out;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) out.push_back(line);
  return out;
}

TEST(ReportAnswer, TheFirstTableAfterGpuHealthIsTheConsensusPerKernelAndModel) {
  const auto text = report_document(file(), "f.h5").text();
  const auto answer = text.find("\nAnswer: consensus knee");
  ASSERT_NE(answer, std::string::npos) << text;
  const auto health = text.find("\nGPU health: ");
  ASSERT_LT(health, answer) << "GPU health comes first (docs/health.md)";
  EXPECT_EQ(text.find("---", text.find("\n\n", health + 1)), text.find("---", answer))
      << "no table between the health section and the answer";
  const auto lines = lines_of(text.substr(answer + 1));
  ASSERT_GE(lines.size(), 5u);
  EXPECT_TRUE(contains(lines[0], "on sim: H100")) << lines[0];  // a table per model, named in its title
  EXPECT_TRUE(contains(lines[1], "kernel  regime")) << lines[1];
  // chase first (kernel order): no answer, 0 of 2 sweeps; vecadd: 16000 in 4 of 4 sweeps.
  EXPECT_TRUE(contains(lines[3], "chase")) << lines[3];
  EXPECT_TRUE(contains(lines[3], "none")) << lines[3];
  EXPECT_TRUE(contains(lines[3], "0/2")) << lines[3];
  EXPECT_TRUE(contains(lines[4], "vecadd  single  16000  11.3k-45.3k    100.0  GB/s")) << lines[4];
  EXPECT_TRUE(contains(lines[4], "100.0%")) << lines[4];  // of the ceiling
  EXPECT_TRUE(contains(lines[4], "4/4")) << lines[4];
  EXPECT_TRUE(contains(text, "chase on sim: H100: no consensus knee")) << text;
}

// Triad on an H100 with an L2 hump: a row per regime with its timing; the cache regime has no knee in any
// sweep (the throughput still rises at the peak) and says so; the regimes section gives peak and fall-out.
TEST(ReportAnswer, AHumpedKernelAnswersPerRegime) {
  results::ResultFile f;
  f.info.backend = "cuda";
  auto row = [](std::string scope, std::string regime) {
    results::ConsensusRow r;
    r.kernel = "triad";
    r.scope = std::move(scope);
    r.model = r.group = "H100";
    r.metric_unit = "GB/s";
    r.regime = std::move(regime);
    r.timing = "warm";
    r.voters = 8;
    return r;
  };
  auto cache = row("model", "cache"), memory = row("model", "memory"), sweep = row("sweep", "cache");
  cache.regime_first_size = memory.regime_first_size = 4096;
  cache.regime_last_size = 2769920;
  cache.ceiling = 3406.3;
  memory.regime_first_size = 4056320;
  memory.found = true;
  memory.knees_found = memory.agreeing = 8;
  memory.knee_size = 33029376;
  memory.knee_low_size = 30e6, memory.knee_high_size = 36e6;
  memory.plateau = 3099.2;
  f.consensus = {cache, memory, sweep};
  const auto text = report_document(f, "f.h5").text();
  EXPECT_TRUE(contains(text, "triad   cache/warm       none")) << text;
  EXPECT_TRUE(contains(text, "triad   memory/warm  33029376")) << text;
  EXPECT_TRUE(contains(text, "triad on H100, cache regime: no knee in any sweep: it rises up to its L2 peak (2.77M)"))
      << text;
  EXPECT_TRUE(contains(text, "triad on H100 (warm): cache-resident up to its peak at 2.77M (3406.3 GB/s), knee none;\n"
                             "    memory-bound from the fall-out point at 4.06M, knee 33M, plateau 3099.2 GB/s"))
      << text;
  for (const auto& line : lines_of(text)) EXPECT_LE(line.size(), 120u) << line;
  f.consensus[2].knees_found = 3;  // a sweep whose detectors found knees that did not agree
  EXPECT_TRUE(contains(report_document(f, "f.h5").text(),
                       "triad on H100, cache regime: no consensus knee: no sweep has a consensus knee"));
}

TEST(ReportAnswer, TheDefaultReportIsShortAndNarrow) {
  const auto text = report_document(file(), "f.h5").text();
  for (const auto& line : lines_of(text)) EXPECT_LE(line.size(), 120u) << line;
  EXPECT_FALSE(contains(text, "Campaigns ("));
  EXPECT_FALSE(contains(text, "Knee stability"));
  const auto details = report_document(file(), "f.h5", true).text();
  EXPECT_TRUE(contains(details, "Campaigns of vecadd ("));
  EXPECT_TRUE(contains(details, "Knee stability"));
  EXPECT_TRUE(contains(details, "Consensus per sweep"));
  EXPECT_LT(details.find("Answer: consensus"), details.find("Campaigns of"));
}

// A full suite as a real 4 x H100 run writes it (the widest values of /work/realdata/h100x4-healthy.h5: the
// model's name, UUIDs, 9-digit sizes, the eight detectors, knees and max_size stops mixed): every line of
// `report --details` fits 120 columns (issue 43; the tables were up to 207 wide).
TEST(ReportAnswer, TheDetailedReportFitsIn120ColumnsAtRealScale) {
  results::ResultFile f;
  f.info.backend = "cuda";
  f.info.ranks = 4;
  const std::vector<std::string> detectors{"dfdt", "fitted", "hybrid", "kneedle", "lmethod", "menger", "multiknee", "triangle"};
  for (int r = 0; r < 4; ++r) {
    std::vector<results::Campaign> campaigns;
    for (const std::string kernel : {"histogram", "transpose"})
      for (int repeat = 0; repeat < 5; ++repeat)
        for (std::size_t d = 0; d < detectors.size(); ++d) {
          auto c = testing::knee_curve_campaign(r, repeat, detectors[d], 4 + (d % 3 == 2), d != 6, kernel);
          for (auto& p : c.points) {
            p.size *= 10000;
            p.throughput *= 645.128;
            p.power_w *= 10;
            p.energy_counter_j = 1.32 * (p.energy_instant_j = 0.01);
          }
          c.knee_size = c.points[static_cast<std::size_t>(c.knee_index)].size;
          c.knee_low_size = 0.87 * static_cast<double>(c.knee_size);
          c.knee_high_size = 1.09 * static_cast<double>(c.knee_size);
          c.timing_mode = "warm";
          c.elapsed_s = 12.34;
          campaigns.push_back(c);
        }
    auto rank = testing::knee_curve_rank(r, campaigns, "NVIDIA H100 80GB HBM3");
    rank.device.hostname = "gpu-node-0042";
    rank.device.uuid = "GPU-e22d3f62-bf02-5cb6-0ada-e07612fc6c0" + std::to_string(r);
    rank.device.pci_bus_id = "0000:00:0" + std::to_string(6 + r) + ".0";
    rank.device.driver_version = "580.159.04 (CUDA 13.0)";
    rank.device.power_sensor = "nvml";
    f.ranks.push_back(std::move(rank));
  }
  f.stability = stats::compute_stability(f.ranks);
  f.consensus = stats::compute_consensus(f.ranks);
  const auto text = report_document(f, "results/20261127-143012/autobench.h5", true).text();
  for (const auto& section : {"Their cards", "Consensus per sweep of histogram", "Campaigns of transpose",
                              "Knee stability of histogram", "Detector agreement"})
    EXPECT_TRUE(contains(text, section)) << section;
  EXPECT_TRUE(contains(text, "GPU-e22d3f62-bf02-5cb6-0ada-e07612fc6c03"));
  for (const auto& line : lines_of(text)) EXPECT_LE(line.size(), 120u) << line;
}

TEST(ReportAnswer, StabilityShowsKneesFoundAndListsTheRest) {
  const auto details = report_document(file(), "f.h5", true).text();
  EXPECT_TRUE(contains(details, "chase/c: found 0/2; edge: rank0 repeat 0,1")) << details;
  EXPECT_TRUE(contains(details, "vecadd/d: found 0/4; none: rank0 repeat 0,1 rank1 repeat 0,1")) << details;
  EXPECT_TRUE(contains(details, "Knee stability of vecadd")) << details;
  EXPECT_TRUE(contains(details, "\na         all      4/4")) << details;
}

TEST(ReportFilter, NarrowsAndRecomputes) {
  const auto only = filter_results(file(), {.kernel = "vecadd", .detector = "a", .rank = 1});
  ASSERT_EQ(only.ranks.size(), 1u);
  EXPECT_EQ(only.ranks[0].campaigns.size(), 2u);
  for (const auto& r : only.stability) EXPECT_EQ(r.detector, "a");
  ASSERT_FALSE(only.consensus.empty());
  EXPECT_EQ(only.consensus[0].voters, 2);  // rank 1's two sweeps
  EXPECT_EQ(filter_results(file(), {}).consensus.size(), file().consensus.size());
}

TEST(ReportFilter, UnknownValuesNameWhatTheFileHolds) {
  EXPECT_THROW(
      {
        try {
          filter_results(file(), {.kernel = "gemm"});
        } catch (const std::invalid_argument& e) {
          EXPECT_STREQ(e.what(), "--kernel 'gemm' is not in this file (kernels: chase, vecadd)");
          throw;
        }
      },
      std::invalid_argument);
  EXPECT_THROW(filter_results(file(), {.detector = "x"}), std::invalid_argument);
  EXPECT_THROW(filter_results(file(), {.rank = 7}), std::invalid_argument);
}

}  // namespace
}  // namespace autobench::formatting

namespace autobench::formatting {

TEST(ReportAnswer, NamesTheGpusAConsensusLeftOutAndWhy) {
  results::ResultFile f;
  auto row = [](const std::string& scope, int rank, int repeat, bool found) {
    results::ConsensusRow r;
    r.kernel = "gemm";
    r.scope = scope;
    r.model = r.group = "H100";
    r.rank = rank;
    r.repeat = repeat;
    r.found = found;
    return r;
  };
  auto model = row("model", -1, -1, true);
  model.members = "rank0/repeat0,rank0/repeat1,rank12/repeat0";  // rank 12: no member of rank 2
  f.consensus = {model, row("sweep", 0, 0, true), row("sweep", 0, 1, true), row("sweep", 1, 0, false),
                 row("sweep", 1, 1, false), row("sweep", 2, 0, true), row("sweep", 2, 1, true)};
  const auto list = answer_sections(f.consensus).back().list;
  ASSERT_EQ(list.size(), 2u) << (list.empty() ? "" : list[0]);
  EXPECT_EQ(list[0], "gemm on H100: rank 1 left out (no consensus knee in its 2 sweeps; see GPU health)");
  EXPECT_EQ(list[1], "gemm on H100: rank 2 left out (its 2 knees disagree with the others'; see GPU health)");
}

}  // namespace autobench::formatting
