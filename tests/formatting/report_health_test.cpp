// GPU health as text and JSON: the section has one row per GPU in the verdicts' order, no line over 120
// columns (long summaries cut), from 64 GPUs one row per GPU not healthy and one line for the healthy;
// the per-kernel rows cover the GPUs not healthy only; the JSON has the contract's keys (null for what is
// unknown); the gate's line names every GPU at least that bad; rank ranges are compact.
#include <gtest/gtest.h>

#include <sstream>
#include <string>

#include "suite/formatting/report_health.hpp"

namespace ab = autobench;
using ab::stats::GpuVerdict;
using ab::stats::Health;

namespace {

GpuVerdict verdict(int rank, Health h, const std::string& summary = "fine") {
  GpuVerdict v;
  v.rank = rank;
  v.host = "node" + std::to_string(rank / 4);
  v.pci_bus = "00000000:0" + std::to_string(rank % 4) + ":00.0";
  v.uuid = "GPU-" + std::to_string(rank);
  v.model = "H100";
  v.verdict = h;
  v.summary = summary;
  v.reference = "median of 3 same-model GPUs of this run";
  ab::stats::KernelDeficit d;
  d.kernel = "gemm";
  d.deficit = h == Health::healthy ? 0.01 : 0.5;
  d.low = d.deficit - 0.03;
  d.high = d.deficit + 0.03;
  d.sweeps = 5;
  d.plateau = 100;
  d.reference = 200;
  d.unit = "GFLOP/s";
  d.short_of = h != Health::healthy;
  v.deficits.push_back(d);
  return v;
}

std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> out;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) out.push_back(line);
  return out;
}

}  // namespace

TEST(ReportHealth, OneRowPerGpuWorstFirstWithin120Columns) {
  const std::vector<GpuVerdict> v{verdict(3, Health::throttling, std::string(200, 'x')), verdict(0, Health::healthy),
                                  verdict(1, Health::healthy), verdict(2, Health::healthy)};
  const ab::formatting::TextDocument doc{"t", {}, {ab::formatting::health_section(v)}};
  const auto lines = lines_of(doc.text());
  ASSERT_GE(lines.size(), 8u) << doc.text();
  EXPECT_EQ(lines[2], "GPU health: 1 throttling, 3 healthy (against: median of 3 same-model GPUs of this run)");
  EXPECT_EQ(lines[3].substr(0, 38), "rank  host   pci_bus           verdict");
  EXPECT_NE(lines[5].find("   3  node0  00000000:03:00.0  throttling  xxx"), std::string::npos) << lines[5];
  EXPECT_EQ(lines[5].substr(lines[5].size() - 4), "x...");
  for (const auto& line : lines) EXPECT_LE(line.size(), 120u) << line;
  EXPECT_NE(lines[6].find("healthy"), std::string::npos);
}

TEST(ReportHealth, From64GpusTheHealthyShareOneLine) {
  std::vector<GpuVerdict> v{verdict(17, Health::throttling, "hot"), verdict(5, Health::slow, "slow")};
  for (int r = 0; r < 64; ++r)
    if (r != 5 && r != 17) v.push_back(verdict(r, Health::healthy));
  const ab::formatting::TextDocument doc{"t", {}, {ab::formatting::health_section(v)}};
  const auto text = doc.text();
  EXPECT_NE(text.find("GPU health: 1 throttling, 1 slow, 62 healthy"), std::string::npos) << text;
  EXPECT_NE(text.find("\nHealthy:\n  62 GPUs, ranks 0-4, 6-16, 18-63\n"), std::string::npos) << text;
  EXPECT_EQ(lines_of(text).size(), 9u) << text;  // title, blank, section title, header, rule, 2 rows, list
}

TEST(ReportHealth, PerKernelRowsOnlyForGpusNotHealthy) {
  EXPECT_FALSE(ab::formatting::health_kernels_section({verdict(0, Health::healthy)}).has_value());
  const auto section = ab::formatting::health_kernels_section({verdict(3, Health::slow), verdict(0, Health::healthy)});
  ASSERT_TRUE(section.has_value());
  const std::string table = section->table->str();
  EXPECT_EQ(lines_of(table).size(), 3u) << table;
  EXPECT_NE(table.find("gemm *"), std::string::npos);
  EXPECT_NE(table.find("-50.0%"), std::string::npos);
  EXPECT_NE(table.find("-53.0% to -47.0%"), std::string::npos) << table;
}

TEST(ReportHealth, JsonFollowsTheContract) {
  auto v = verdict(3, Health::throttling, "hot");
  v.serial = "";
  v.temperature_median_c = 87;
  v.throttle_reasons = {"sw_thermal_slowdown"};
  const auto j = ab::formatting::gpu_health_json({v}).at(0);
  for (const char* key : {"rank", "host", "pci_bus", "uuid", "serial", "model", "verdict", "summary", "evidence"})
    EXPECT_TRUE(j.contains(key)) << key;
  EXPECT_TRUE(j.at("serial").is_null());
  EXPECT_EQ(j.at("verdict"), "throttling");
  const auto& e = j.at("evidence");
  EXPECT_EQ(e.at("reference"), "median of 3 same-model GPUs of this run");
  EXPECT_EQ(e.at("deficits").at(0).at("deficit"), 0.5);
  EXPECT_EQ(e.at("deficits").at(0).at("sweeps"), 5);
  EXPECT_EQ(e.at("temperature_c").at("median"), 87.0);
  EXPECT_TRUE(e.at("temperature_c").at("max").is_null());
  EXPECT_EQ(e.at("throttle_reasons"), nlohmann::json::array({"sw_thermal_slowdown"}));
  EXPECT_TRUE(e.at("errors").is_array());
}

TEST(ReportHealth, TheGateLineNamesEveryGpuAtLeastThatBad) {
  const std::vector<GpuVerdict> v{verdict(2, Health::throttling), verdict(1, Health::slow), verdict(0, Health::healthy)};
  EXPECT_EQ(ab::formatting::gate_failure(v, Health::slow),
            "--fail-on slow: ranks 1-2 of 3 GPUs are slow or worse: rank 2 (node0, 00000000:02:00.0) throttling, "
            "rank 1 (node0, 00000000:01:00.0) slow");
  EXPECT_EQ(ab::formatting::gate_failure(v, Health::faulty), "");
  EXPECT_EQ(ab::formatting::rank_ranges({7}), "rank 7");
  EXPECT_EQ(ab::formatting::rank_ranges({3, 0, 1, 2, 9, 5, 6}), "ranks 0-3, 5-6, 9");
  const auto lines = ab::formatting::health_lines(v);
  ASSERT_EQ(lines.size(), 2u);
  EXPECT_EQ(lines[0], "GPU health: rank 2 (node0, 00000000:02:00.0) throttling: fine");
}
