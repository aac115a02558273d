// Prompt records: tunables as #defines, one line per argument, launch sizes, and the JSONL escaping of
// sources with quotes, backslashes, newlines and control characters (round trip through a parser).
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "suite/dataset/features.hpp"
#include "suite/dataset/prompt.hpp"

namespace ds = autobench::dataset;

namespace {

ds::PromptRecord record() {
  ds::PromptRecord r;
  r.device = "NVIDIA H100 80GB HBM3";
  r.source = "// say \"hi\" \\ back\\slash\n\textern \"C\" __global__ void k(float* y) { printf(\"%d\\n\", 1); }\x01\n";
  r.defines = {{"BLOCK_SIZE", 256}, {"VW", 4}};
  r.arguments = {{0, "y", "global", "float*", "size=1024"}, {1, "n", "value", "unsigned long long", "value=1024"}};
  r.global_size = 1024;
  r.local_size = 256;
  r.workgroups = 4;
  r.time_us = 12.5;
  return r;
}

}  // namespace

TEST(Prompt, InputHasDefinesArgumentsAndLaunchSizes) {
  const std::string in = ds::input(record());
  EXPECT_EQ(in.rfind("### Code\n#define BLOCK_SIZE 256\n#define VW 4\n// say", 0), 0u) << in;
  EXPECT_NE(in.find("### Arguments\n0 y global float* size=1024\n1 n value unsigned long long value=1024\n"),
            std::string::npos) << in;
  EXPECT_NE(in.find("### Launch\nglobal size 1024, local size 256, workgroups 4\n"), std::string::npos) << in;
  EXPECT_NE(ds::instruction(record()).find("NVIDIA H100 80GB HBM3"), std::string::npos);
}

TEST(Prompt, JsonlLineRoundTripsQuotesBackslashesAndNewlines) {
  const nlohmann::json j = ds::alpaca(record());
  const std::string line = ds::jsonl_line(j);
  EXPECT_EQ(line.find('\n'), std::string::npos);
  EXPECT_EQ(line.find('\t'), std::string::npos);
  EXPECT_EQ(line.find('\x01'), std::string::npos);
  EXPECT_NE(line.find("\\\"hi\\\""), std::string::npos) << line;
  EXPECT_NE(line.find("back\\\\slash"), std::string::npos) << line;  // one backslash becomes two
  const auto back = nlohmann::json::parse(line);
  EXPECT_EQ(back, j);
  EXPECT_EQ(back["input"].get<std::string>(), ds::input(record()));
  EXPECT_EQ(back["output"], "12.5");
  EXPECT_DOUBLE_EQ(back["log2_time_us"].get<double>(), std::log2(12.5));
  EXPECT_THROW(ds::jsonl_line(nlohmann::json{{"input", std::string("bad \xff utf-8")}}), std::invalid_argument);
}

TEST(Prompt, RowsAreReadBackAndOtherSchemasRejected) {
  ds::Features f;
  f.bytes = 4096;
  f.flops = 1024;
  f.workgroups = 4;
  f.block_threads = 256;
  f.regime = ds::Regime::idle;
  f.occupancy = autobench::backend::occupancy_for(132, 9, 0);
  f.bandwidth_gbs = 3000;
  f.gflops = 50000;
  nlohmann::json j = ds::alpaca(record());
  j["schema_version"] = ds::kSchemaVersion;
  j["kernel"] = "k";
  j["random_split"] = "test";
  j["features"] = ds::to_json(f);
  const ds::Row r = ds::row_from_jsonl(ds::jsonl_line(j), 1);
  EXPECT_EQ(r.kernel, "k");
  EXPECT_TRUE(r.test);
  EXPECT_DOUBLE_EQ(r.time_us, 12.5);
  EXPECT_EQ(r.features.occupancy.sm_count, 132);
  EXPECT_EQ(r.features.regime, ds::Regime::idle);
  j["schema_version"] = 2;
  try {
    ds::row_from_jsonl(j.dump(), 7);
    FAIL() << "schema 2 accepted";
  } catch (const std::invalid_argument& e) {
    EXPECT_NE(std::string(e.what()).find("line 7: schema_version 2 is not supported"), std::string::npos) << e.what();
  }
  EXPECT_THROW(ds::row_from_jsonl("{not json", 1), std::invalid_argument);
  j["schema_version"] = ds::kSchemaVersion;
  j["time_us"] = -1;
  EXPECT_THROW(ds::row_from_jsonl(j.dump(), 1), std::invalid_argument);
}
