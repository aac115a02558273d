// compare_models: medians, ratios to the baseline and their spread, worked out by hand; which
// campaigns count; the baseline choice and its errors; provenance; the printed forms.
#include <gtest/gtest.h>

#include <cmath>
#include <stdexcept>

#include "suite/stats/compare_figures.hpp"
#include "suite/stats/compare_models.hpp"
#include "suite/formatting/compare_print.hpp"
#include "tests/support/report_data.hpp"

namespace autobench::stats {
namespace {

using testing::report_campaign;
using testing::report_file;
using testing::report_rank;

// File 1: model "Alpha" (rank 0, node2) knees at 400 and at its last size (an edge: no knee found); model
// "Beta" (rank 1, node1) knee at 200, with energy. File 2: "Alpha" knee at 200, plus an unfinished and an
// error campaign that must not count.
std::vector<NamedResultFile> two_files() {
  auto unfinished = report_campaign(0, "vecadd", 3, 2, {1, 2, 1000});
  unfinished.complete = false;
  auto failed = report_campaign(0, "vecadd", 4, 2, {1, 2, 1000});
  failed.stop_reason = results::StopReason::error;
  return {
      {"first.h5", report_file("2026-01-01T00:00:00Z",
                               {report_rank(0, "cuda", "Alpha", "node2",
                                            {report_campaign(0, "vecadd", 0, 2, {10, 20, 30, 30}),
                                             report_campaign(0, "vecadd", 1, 2, {10, 40, 20})}),
                                report_rank(1, "cuda", "Beta", "node1",
                                            {report_campaign(1, "vecadd", 0, 1, {30, 90, 60}, 0.5)})})},
      {"second.h5", report_file("2026-01-02T00:00:00Z",
                                {report_rank(0, "cuda", "Alpha", "node2",
                                             {report_campaign(0, "vecadd", 2, 1, {10, 50, 50}), unfinished,
                                              failed})})},
  };
}

// The comparison of one detector (every kernel also has a "consensus" comparison, first).
const KernelComparison& of(const Comparison& c, const std::string& detector) {
  for (const auto& k : c.kernels)
    if (k.detector == detector) return k;
  throw std::logic_error("no comparison of " + detector);
}

TEST(CompareModels, MediansRatiosAndSpreadsByHand) {
  const auto c = compare_models(two_files(), "");
  ASSERT_EQ(c.kernels.size(), 2u);
  EXPECT_EQ(c.kernels[0].detector, "consensus");
  const auto& k = c.kernels[1];
  EXPECT_EQ(k.kernel, "vecadd");
  EXPECT_EQ(k.detector, "kneedle");
  EXPECT_EQ(k.metric_unit, "GB/s");
  EXPECT_EQ(k.baseline, "Alpha");  // first alphabetically
  ASSERT_EQ(k.models.size(), 2u);

  const auto& alpha = k.models[0];
  EXPECT_EQ(alpha.model, "Alpha");
  EXPECT_EQ(alpha.campaigns, 3);  // the unfinished and the failed campaign do not count
  EXPECT_EQ(alpha.knees_found, 2);  // the knee at the last size is an edge
  EXPECT_EQ(alpha.files, 2);
  EXPECT_DOUBLE_EQ(alpha.knee_size.median, 300.0);  // knees 400, 200
  EXPECT_DOUBLE_EQ(alpha.knee_size.ratio, 1.0);
  EXPECT_DOUBLE_EQ(alpha.knee_size.ratio_min, 200.0 / 400.0);
  EXPECT_DOUBLE_EQ(alpha.knee_size.ratio_max, 400.0 / 200.0);
  EXPECT_DOUBLE_EQ(alpha.peak_throughput.median, 40.0);  // peaks 30, 40, 50
  EXPECT_TRUE(std::isnan(alpha.energy_efficiency.median));
  EXPECT_TRUE(std::isnan(alpha.energy_efficiency.ratio));

  const auto& beta = k.models[1];
  EXPECT_EQ(beta.model, "Beta");
  EXPECT_EQ(beta.campaigns, 1);
  EXPECT_EQ(beta.files, 1);
  EXPECT_EQ(beta.knees_found, 1);
  EXPECT_DOUBLE_EQ(beta.knee_size.median, 200.0);
  EXPECT_DOUBLE_EQ(beta.knee_size.ratio, 200.0 / 300.0);
  EXPECT_DOUBLE_EQ(beta.knee_size.ratio_min, 200.0 / 400.0);
  EXPECT_DOUBLE_EQ(beta.knee_size.ratio_max, 200.0 / 200.0);
  EXPECT_DOUBLE_EQ(beta.peak_throughput.median, 90.0);
  EXPECT_DOUBLE_EQ(beta.peak_throughput.ratio, 90.0 / 40.0);
  EXPECT_DOUBLE_EQ(beta.peak_throughput.ratio_min, 90.0 / 50.0);
  EXPECT_DOUBLE_EQ(beta.peak_throughput.ratio_max, 90.0 / 30.0);
  // Best work per joule: throughput x time / energy = 90 GB/s x 2 ms / 0.5 J (point 1) = 0.36 GB/J.
  EXPECT_DOUBLE_EQ(beta.energy_efficiency.median, 90.0 * 2e-3 / 0.5);
  EXPECT_TRUE(std::isnan(beta.energy_efficiency.ratio));  // the baseline has no energy
}

TEST(CompareModels, NamedBaselineAndUnknownBaseline) {
  const auto c = compare_models(two_files(), "Beta");
  const auto& k = of(c, "kneedle");
  EXPECT_EQ(k.baseline, "Beta");
  EXPECT_DOUBLE_EQ(k.models[0].peak_throughput.ratio, 40.0 / 90.0);
  EXPECT_DOUBLE_EQ(k.models[0].peak_throughput.ratio_min, 30.0 / 90.0);
  EXPECT_DOUBLE_EQ(k.models[0].peak_throughput.ratio_max, 50.0 / 90.0);
  try {
    compare_models(two_files(), "Gamma");
    FAIL() << "an unknown baseline was accepted";
  } catch (const std::invalid_argument& e) {
    EXPECT_STREQ(e.what(), "unknown --baseline 'Gamma' (models in these files: Alpha, Beta)");
  }
}

TEST(CompareModels, SimModelsAreLabelledAndMatchWithOrWithoutPrefix) {
  std::vector<NamedResultFile> files{
      {"sim.h5", report_file("2026-01-03T00:00:00Z",
                             {report_rank(0, "sim", "Alpha", "n", {report_campaign(0, "vecadd", 0, 1, {1, 2, 3})})})},
      {"gpu.h5", report_file("2026-01-04T00:00:00Z",
                             {report_rank(0, "cuda", "Alpha", "n", {report_campaign(0, "vecadd", 0, 2, {1, 2, 6, 6})})})}};
  const auto c = compare_models(files, "sim: Alpha");
  const auto& k = of(c, "kneedle");
  ASSERT_EQ(k.models.size(), 2u);  // the simulated Alpha never mixes with the real one
  EXPECT_EQ(k.models[0].model, "Alpha");
  EXPECT_EQ(k.models[1].model, "sim: Alpha");
  EXPECT_EQ(k.baseline, "sim: Alpha");
  EXPECT_DOUBLE_EQ(k.models[0].knee_size.ratio, 400.0 / 200.0);
  EXPECT_EQ(of(compare_models(files, "Alpha"), "kneedle").baseline, "Alpha");  // the real one matches first
  EXPECT_DOUBLE_EQ(of(c, "consensus").models[0].knee_size.ratio, 400.0 / 200.0);  // one detector: its knee
}

TEST(CompareModels, NoKneeGivesNoKneeSizeRatio) {
  // Issue 34: lmethod found no knee, yet compare gave a knee-size ratio of the largest sizes measured.
  auto none = [](int rank, std::vector<double> throughputs) {
    auto c = report_campaign(rank, "chase", 0, static_cast<int>(throughputs.size()) - 1, throughputs);
    c.detector = "lmethod";
    c.knee_detected = false;
    return c;
  };
  std::vector<NamedResultFile> files{
      {"f.h5", report_file("2026-01-05T00:00:00Z", {report_rank(0, "cuda", "Alpha", "a", {none(0, {1, 2, 3})}),
                                                    report_rank(1, "cuda", "Beta", "b", {none(1, {1, 2, 3, 4})})})}};
  const auto c = compare_models(files, "");
  for (const auto& k : c.kernels) {
    for (const auto& m : k.models) {
      EXPECT_EQ(m.campaigns, 1);
      EXPECT_EQ(m.knees_found, 0);
      EXPECT_TRUE(std::isnan(m.knee_size.median)) << k.detector << " " << m.model;
      EXPECT_TRUE(std::isnan(m.knee_size.ratio)) << k.detector << " " << m.model;
    }
  }
  const auto text = formatting::comparison_table(c);
  EXPECT_NE(text.find("Beta     0/1      1        n/a    n/a"), std::string::npos) << text;
}

TEST(CompareModels, ProvenancePerFile) {
  const auto c = compare_models(two_files(), "");
  ASSERT_EQ(c.files.size(), 2u);
  EXPECT_EQ(c.files[0].path, "first.h5");
  EXPECT_EQ(c.files[0].start_time, "2026-01-01T00:00:00Z");
  EXPECT_EQ(c.files[0].backend, "cuda");
  EXPECT_EQ(c.files[0].git_commit, "c0ffee");
  EXPECT_EQ(c.files[0].hostnames, (std::vector<std::string>{"node1", "node2"}));
  EXPECT_EQ(c.files[1].hostnames, (std::vector<std::string>{"node2"}));
}

TEST(ComparePrint, JsonHoldsEveryFigureAndNullForMissing) {
  const auto j = formatting::comparison_json(compare_models(two_files(), ""));
  EXPECT_EQ(j["files"][1]["path"], "second.h5");
  const auto& k = j["comparisons"][1];
  EXPECT_EQ(j["comparisons"][0]["detector"], "consensus");
  EXPECT_EQ(k["models"][0]["knees_found"], 2);
  EXPECT_EQ(k["efficiency_unit"], "GB/J");
  EXPECT_EQ(k["baseline"], "Alpha");
  EXPECT_EQ(k["models"][1]["model"], "Beta");
  EXPECT_EQ(k["models"][1]["peak_throughput"]["ratio"].get<double>(), 90.0 / 40.0);
  EXPECT_EQ(k["models"][1]["peak_throughput"]["ratio_max"].get<double>(), 3.0);
  EXPECT_TRUE(k["models"][0]["energy_efficiency"]["median"].is_null());
}

TEST(ComparePrint, TableShowsProvenanceFiguresAndNa) {
  const auto text = formatting::comparison_table(compare_models(two_files(), ""));
  EXPECT_NE(text.find("first.h5"), std::string::npos) << text;
  EXPECT_NE(text.find("node1, node2"), std::string::npos) << text;
  EXPECT_NE(text.find("vecadd / kneedle"), std::string::npos) << text;
  EXPECT_NE(text.find("ratios to Alpha"), std::string::npos) << text;
  // Beta: knees 1/1, files 1, knee 200, ratio 0.667 (0.50-1.00), peak 90.00, ratio 2.250 (1.80-3.00),
  // efficiency 0.36, no ratio.
  EXPECT_NE(text.find("Beta     1/1      1        200  0.667  0.50-1.00"), std::string::npos) << text;
  EXPECT_NE(text.find("90.00  2.250  1.80-3.00"), std::string::npos) << text;
  EXPECT_NE(text.find("0.36    n/a"), std::string::npos) << text;
  std::size_t widest = 0;
  for (std::size_t at = 0, end = 0; at < text.size(); at = end + 1) {
    end = text.find('\n', at);
    widest = std::max(widest, end - at);
  }
  EXPECT_LE(widest, 120u) << text;
}

TEST(CompareFigures, EfficiencyUnit) {
  EXPECT_EQ(efficiency_unit("GB/s"), "GB/J");
  EXPECT_EQ(efficiency_unit("GFLOP/s"), "GFLOP/J");
}

}  // namespace
}  // namespace autobench::stats
