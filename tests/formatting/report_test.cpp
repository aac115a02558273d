// The report's JSON structure (the documented keys, NaN as null) and its table form (backend
// labelled, aligned columns, failures listed).
#include <gtest/gtest.h>

#include <set>
#include <sstream>

#include "suite/formatting/report_json.hpp"
#include "suite/formatting/report_table.hpp"
#include "tests/support/error_text.hpp"
#include "tests/support/sample_result_file.hpp"

namespace autobench::formatting {
namespace {

using testing::contains;

results::ResultFile sample_file() {
  results::ResultFile f = testing::sample_result_file();
  f.stability.back().throughput_cv = results::kNaN;
  f.settings_json = R"({"suite":"quick"})";
  return f;
}

std::set<std::string> keys(const nlohmann::json& j) {
  std::set<std::string> out;
  for (const auto& [k, v] : j.items()) out.insert(k);
  return out;
}

TEST(ReportJson, TopLevelStructure) {
  const auto j = report_json(sample_file(), "run/autobench.h5");
  EXPECT_EQ(keys(j), (std::set<std::string>{"file", "schema_version", "backend", "ranks", "complete",
                                            "autobench_version", "git_commit", "command_line", "suite", "start_time",
                                            "end_time", "settings", "consensus", "devices", "campaigns", "stability",
                                            "detector_agreement", "gpu_health", "outliers", "time_split"}));
  EXPECT_EQ(j["file"], "run/autobench.h5");
  EXPECT_EQ(j["schema_version"], 2);  // the file's: a file read back says its own
  EXPECT_EQ(j["backend"], "sim");
  EXPECT_EQ(j["ranks"], 3);
  EXPECT_EQ(j["complete"], false);
  EXPECT_EQ(j["settings"]["suite"], "quick");
  EXPECT_EQ(j["end_time"], "2024-05-01T10:05:30Z");
}

TEST(ReportJson, DevicesCarryEveryDeviceFieldWithNaNAsNull) {
  const auto j = report_json(sample_file(), "f.h5");
  ASSERT_EQ(j["devices"].size(), 3u);
  const auto& d = j["devices"][1];
  EXPECT_EQ(keys(d), (std::set<std::string>{"rank",
                                            "start_error",
                                            "error",
                                            "backend",
                                            "name",
                                            "model",
                                            "uuid",
                                            "serial",
                                            "pci_bus_id",
                                            "hostname",
                                            "cc_major",
                                            "cc_minor",
                                            "sm_count",
                                            "memory_total_bytes",
                                            "l2_bytes",
                                            "sm_clock_max_mhz",
                                            "sm_clock_current_mhz",
                                            "mem_clock_max_mhz",
                                            "mem_clock_current_mhz",
                                            "power_limit_w",
                                            "driver_version",
                                            "runtime_version",
                                            "power_sensor",
                                            "calibration"}));
  EXPECT_EQ(d["rank"], 1);
  EXPECT_EQ(d["model"], "sim-5000");
  EXPECT_TRUE(d["mem_clock_current_mhz"].is_null());
  EXPECT_EQ(j["devices"][2]["start_error"], "cudaSetDevice failed: no CUDA-capable device");
}

TEST(ReportJson, CampaignsSummariseTheKnee) {
  const auto file = sample_file();
  const auto j = report_json(file, "f.h5");
  ASSERT_EQ(j["campaigns"].size(), 8u);
  const auto& c = j["campaigns"][7];  // rank 1, gemm, repeat 1: no knee, interrupted
  EXPECT_EQ(keys(c), (std::set<std::string>{"rank", "device", "device_model", "backend", "kernel", "detector", "repeat",
                                            "points", "knee_detected", "knee_status", "knee_index", "knee_size", "stop_reason",
                                            "error", "throughput_at_knee", "metric_unit", "elapsed_s", "complete",
                                            "power_at_knee_w", "efficiency_at_knee", "efficiency_corrected_at_knee",
                                            "efficiency_unit", "knee_quality", "plateau", "knee_position", "x_scale",
                                            "refinement_points", "knee_low_size", "knee_high_size",
                                            "knee_found_fraction", "timing_mode", "estimator", "throttled_points",
                                            "regime", "regime_peak_size", "regime_fallout_size"}));
  const auto& source = file.ranks[1].campaigns[3];
  EXPECT_EQ(c["rank"], 1);
  EXPECT_EQ(c["device"], file.ranks[1].device.name);
  EXPECT_EQ(c["device_model"], "sim-5000");
  EXPECT_EQ(c["backend"], "sim");
  EXPECT_EQ(c["kernel"], "gemm");
  EXPECT_EQ(c["repeat"], 1);
  EXPECT_EQ(c["points"], 7);
  EXPECT_EQ(c["knee_detected"], false);
  EXPECT_EQ(c["knee_status"], "none");
  EXPECT_EQ(c["knee_index"], 6);
  EXPECT_EQ(c["knee_size"], source.points[6].size);
  EXPECT_EQ(c["stop_reason"], "interrupted");
  EXPECT_EQ(c["throughput_at_knee"].get<double>(), source.points[6].throughput);
  EXPECT_NE(source.points[6].throughput, source.points[5].throughput);
  EXPECT_EQ(c["metric_unit"], "GB/s");
  EXPECT_EQ(c["complete"], false);
  EXPECT_TRUE(c["power_at_knee_w"].is_null());          // the sample's power_w is NaN
  EXPECT_EQ(c["efficiency_at_knee"], "inf");              // and its efficiency infinite
  EXPECT_EQ(c["efficiency_corrected_at_knee"].get<double>(), source.points[6].efficiency_corrected);
  EXPECT_EQ(c["efficiency_unit"], "GB/J");
}

TEST(ReportJson, StabilityRowsCarryEveryColumn) {
  const auto file = sample_file();
  const auto j = report_json(file, "f.h5");
  ASSERT_EQ(j["stability"].size(), file.stability.size());
  const auto& first = j["stability"][0];
  EXPECT_EQ(keys(first), (std::set<std::string>{"kernel", "detector", "scope", "group", "campaigns", "knee_index_mode",
                                                "knee_index_mean", "knee_index_stddev", "knee_size_median",
                                                "knee_size_iqr", "within1_fraction", "throughput_cv",
                                                "knee_size_cv", "intervals_overlapping", "knees_found",
                                                "knee_edges"}));
  EXPECT_EQ(first["kernel"], file.stability[0].kernel);
  EXPECT_EQ(first["group"], file.stability[0].group);
  EXPECT_EQ(first["knee_index_mean"].get<double>(), file.stability[0].knee_index_mean);
  EXPECT_TRUE(j["stability"].back()["throughput_cv"].is_null());
}

TEST(ReportJson, SurvivesTextRoundTrip) {
  const auto j = report_json(sample_file(), "f.h5");
  EXPECT_EQ(nlohmann::json::parse(j.dump(2)), j);
}

TEST(ReportTable, StatesTheBackendAtTheTop) {
  auto file = sample_file();
  const auto sim = report_document(file, "f.h5", true).text();
  EXPECT_EQ(sim.substr(0, sim.find('\n', sim.find('\n') + 1) + 1),
            "autobench-mpi results: f.h5\nbackend: sim (simulated devices, not GPU measurements)\n");
  file.info.backend = "cuda";
  EXPECT_TRUE(contains(report_document(file, "f.h5", true).text(), "\nbackend: cuda\n"));
}

TEST(ReportTable, ListsIncompleteRunsFailedRanksAndErrors) {
  const auto text = report_document(sample_file(), "f.h5", true).text();
  EXPECT_TRUE(contains(text, "status: incomplete"));
  EXPECT_TRUE(contains(text, "rank 2 (node2.cluster) could not start: cudaSetDevice failed"));
  EXPECT_TRUE(contains(text, "\n  rank 1 gemm/kneedle repeat 1: line one\n    line \"two\" \u00e9\n"));
  EXPECT_TRUE(contains(text, "interrupted (incomplete)"));
}

// The lines of the table that starts with a line beginning with `first_header`.
std::vector<std::string> table_lines(const std::string& text, const std::string& first_header) {
  std::istringstream in(text);
  std::vector<std::string> lines;
  bool inside = false;
  for (std::string line; std::getline(in, line);) {
    if (line.rfind(first_header, 0) == 0) inside = true;
    if (inside && (line.empty() || line.rfind("Errors:", 0) == 0 || line.rfind("Knees not found", 0) == 0)) break;
    if (inside) lines.push_back(line);
  }
  return lines;
}

TEST(ReportTable, DevicesTableNamesEachStartedRanksDevice) {
  const auto file = sample_file();
  const auto text = report_document(file, "f.h5", true).text();
  const auto lines = table_lines(text.substr(text.find("\nDevices (")), "rank  host");  // not GPU health's
  const auto cards = table_lines(text.substr(text.find("\nTheir cards")), "rank  pci_bus");
  ASSERT_EQ(lines.size(), 2u + 2u);  // header, rule, ranks 0 and 1 (rank 2 could not start)
  ASSERT_EQ(cards.size(), 2u + 2u);
  for (int r = 0; r < 2; ++r) {
    const auto& row = lines[2 + r];
    const auto& d = file.ranks[r].device;
    for (const auto& line : {row, cards[2 + r]}) {
      std::istringstream words(line);
      int rank = -1;
      words >> rank;
      EXPECT_EQ(rank, r) << line;
    }
    EXPECT_TRUE(contains(row, d.hostname)) << row;
    for (const std::string& field : {d.uuid, d.pci_bus_id, d.driver_version})
      EXPECT_TRUE(contains(cards[2 + r], field)) << field << " missing in " << cards[2 + r];
    EXPECT_TRUE(contains(row, " 20.0 ")) << row;  // memory in GiB
    EXPECT_TRUE(contains(row, r == 0 ? "  nvml" : "  unavailable")) << row;
  }
}

TEST(ReportTable, CampaignColumnsAreAligned) {
  const auto lines = table_lines(report_document(sample_file(), "f.h5", true).text(), "rank  detector");
  ASSERT_EQ(lines.size(), 2u + 4u);  // header, rule, gemm's 4 campaigns
  const auto detector_column = lines[0].find("detector");
  for (std::size_t i = 2; i < lines.size(); ++i) EXPECT_EQ(lines[i].substr(detector_column, 7), "kneedle") << lines[i];
  const auto elapsed_end = lines[0].find("time") + std::string("time").size();
  for (std::size_t i = 2; i < lines.size(); ++i) EXPECT_EQ(lines[i].size(), elapsed_end) << lines[i];
}

TEST(ReportTable, StabilityTableShowsEveryRowWithMissingValuesAsDashes) {
  const auto file = sample_file();
  const auto text = report_document(file, "f.h5", true).text();
  const auto lines = table_lines(text.substr(text.rfind("\nKnee stability of")), "detector  group");
  ASSERT_EQ(lines.size(), 2u + file.stability.size() / 2);  // vecadd's rows, the last kernel's
  const auto cv_end = lines[0].find("tput_cv") + std::string("tput_cv").size();  // right-aligned
  EXPECT_EQ(lines.back().substr(cv_end - 1, 1), "-");
}

}  // namespace
}  // namespace autobench::formatting
