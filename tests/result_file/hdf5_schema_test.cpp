// The written file, as h5dump sees it, against the documented schema (the "Output: the HDF5 file" block
// of docs/*.md or README.md, and the names docs/knees.md adds): every group of the schema holds exactly the
// attributes and datasets they list, with the documented types. Skipped when h5dump (hdf5-tools) is not
// installed.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <map>
#include <regex>
#include <set>
#include <sstream>

#include "suite/result_file/file_content.hpp"
#include "suite/result_file/result_writer.hpp"
#include "suite/stats/stability.hpp"
#include "tests/support/scratch.hpp"
#include "tests/results/sample_results.hpp"

namespace autobench::hdf5 {
namespace {

// What h5dump -H shows of one group: its attributes and datasets by name, with their types.
struct DumpedGroup {
  std::map<std::string, std::string> attributes;  // name -> DATATYPE (H5T_STRING, H5T_STD_I64LE, ...)
  std::map<std::string, std::string> datasets;    // name -> DATATYPE
  std::map<std::string, std::string> spaces;      // dataset name -> DATASPACE
};

std::string run(const std::string& command) {
  std::string out;
  FILE* pipe = popen(command.c_str(), "r");
  if (pipe == nullptr) return out;
  char buf[4096];
  for (std::size_t n; (n = fread(buf, 1, sizeof buf, pipe)) > 0;) out.append(buf, n);
  return pclose(pipe) == 0 ? out : "";
}

// Parses h5dump -H output into groups by path.
std::map<std::string, DumpedGroup> parse_dump(const std::string& dump) {
  std::map<std::string, DumpedGroup> groups;
  struct Open {
    std::string kind, name;
  };
  std::vector<Open> stack;
  std::vector<std::string> path;
  const std::regex opening(R"re(^\s*(GROUP|ATTRIBUTE|DATASET) "([^"]*)" \{$)re");
  const std::regex datatype(R"re(^\s*DATATYPE\s+(\S+)( \{)?$)re");
  const std::regex dataspace(R"re(^\s*DATASPACE\s+(.*)$)re");
  const std::regex hardlink(R"re(^\s*HARDLINK "([^"]*)"$)re");  // a second name of a dataset dumped before
  auto group_path = [&] {
    std::string p;
    for (const auto& part : path) p += part == "/" ? "" : "/" + part;
    return p.empty() ? "/" : p;
  };
  std::istringstream in(dump);
  std::smatch m;
  for (std::string line; std::getline(in, line);) {
    if (std::regex_match(line, m, opening)) {
      stack.push_back({m[1], m[2]});
      if (m[1] == "GROUP") path.push_back(m[2]);
    } else if (std::regex_match(line, m, datatype) && !stack.empty()) {
      const auto& top = stack.back();
      // A dataset's own attributes (units, its dimension scale's) are not the group's.
      const bool of_dataset = top.kind == "ATTRIBUTE" && stack.size() >= 2 && stack[stack.size() - 2].kind == "DATASET";
      auto& g = groups[group_path()];
      if (!of_dataset) (top.kind == "ATTRIBUTE" ? g.attributes : g.datasets)[top.name] = m[1];
      if (m[2].matched) stack.push_back({"DATATYPE", ""});
    } else if (std::regex_match(line, m, dataspace) && !stack.empty() && stack.back().kind == "DATASET") {
      groups[group_path()].spaces[stack.back().name] = m[1];
    } else if (std::regex_match(line, m, hardlink) && !stack.empty() && stack.back().kind == "DATASET") {
      groups[group_path()].datasets[stack.back().name] = "HARDLINK " + m[1].str();
    } else if (line.find_first_not_of(' ') != std::string::npos && line.substr(line.find_first_not_of(' ')) == "}") {
      if (!stack.empty() && stack.back().kind == "GROUP") path.pop_back();
      if (!stack.empty()) stack.pop_back();
    } else if (line.rfind("HDF5 \"", 0) == 0) {
      stack.push_back({"FILE", ""});
    }
  }
  return groups;
}

// The schema block of the documentation: path pattern -> (attribute names, dataset names).
constexpr const char* kSchemaSection = "## Output: the HDF5 file";
struct SchemaEntry {
  std::set<std::string> attributes, datasets;
};

std::set<std::string> names_in(const std::string& list) {
  std::set<std::string> names;
  std::istringstream in(list);
  for (std::string name; std::getline(in, name, ',');) {
    name = std::regex_replace(name, std::regex(R"re(^\s+|\s+$)re"), "");
    if (!name.empty()) names.insert(name);
  }
  return names;
}

// The text of the first of docs/*.md (by name), then README.md, that holds the schema's section.
std::string schema_document() {
  std::vector<std::filesystem::path> candidates;
  const std::filesystem::path source(AUTOBENCH_SOURCE_DIR);
  if (std::filesystem::is_directory(source / "docs"))
    for (const auto& entry : std::filesystem::directory_iterator(source / "docs"))
      if (entry.path().extension() == ".md") candidates.push_back(entry.path());
  std::sort(candidates.begin(), candidates.end());
  candidates.push_back(source / "README.md");
  for (const auto& path : candidates) {
    std::ifstream file(path);
    const std::string text((std::istreambuf_iterator<char>(file)), std::istreambuf_iterator<char>());
    if (text.find(kSchemaSection) != std::string::npos) return text;
  }
  return "";
}

// Adds the schema block (the first fenced block after `heading`) of `readme` to `schema`.
void add_schema_block(std::map<std::string, SchemaEntry>& schema, const std::string& readme, const std::string& heading) {
  const auto section = readme.find(heading);
  ASSERT_NE(section, std::string::npos) << "no section " << heading;
  const auto begin = readme.find("```\n", section) + 4;
  std::string block = readme.substr(begin, readme.find("```", begin) - begin);
  block = std::regex_replace(block, std::regex(R"re(\([^)]*\))re"), "");  // "(int)", "(1-D, ...)", ...

  const std::regex entry(R"re((^|\n)(/\S*)([^/]*?)(?=\n/|$))re");
  for (auto it = std::sregex_iterator(block.begin(), block.end(), entry); it != std::sregex_iterator(); ++it) {
    const std::string body = (*it)[3];
    const auto attributes = body.find("attributes:");
    const auto datasets = body.find("datasets");
    SchemaEntry e;
    const auto attributes_end = std::min(datasets, body.find("only where needed"));  // schema 2's optional part
    if (attributes != std::string::npos) {
      e.attributes = names_in(body.substr(
          attributes + 11, attributes_end == std::string::npos ? std::string::npos : attributes_end - attributes - 11));
    }
    if (datasets != std::string::npos) e.datasets = names_in(body.substr(body.find(':', datasets) + 1));
    schema[(*it)[2]].attributes.merge(e.attributes);
    schema[(*it)[2]].datasets.merge(e.datasets);
  }
}

std::map<std::string, SchemaEntry> readme_schema() {
  std::map<std::string, SchemaEntry> schema;
  add_schema_block(schema, schema_document(), kSchemaSection);
  std::ifstream knees(std::string(AUTOBENCH_SOURCE_DIR) + "/docs/knees.md");
  add_schema_block(schema, std::string(std::istreambuf_iterator<char>(knees), std::istreambuf_iterator<char>()),
                   "## Where it is stored");
  return schema;
}

// The schema's path patterns, with the names the sample uses.
std::string instantiate(std::string pattern) {
  for (const auto& [from, to] : std::map<std::string, std::string>{
           {"<R>", "0"}, {"<K>", "1"}, {"<kernel>", "vecadd"}, {"<detector>", "kneedle"}}) {
    pattern = std::regex_replace(pattern, std::regex(from), to);
  }
  return pattern;
}

template <class Map>
std::set<std::string> keys(const Map& m) {
  std::set<std::string> out;
  for (const auto& [k, v] : m) out.insert(k);
  return out;
}

class Hdf5Schema : public ::testing::Test {
 protected:
  void SetUp() override {
    if (run("h5dump --version 2>/dev/null").empty()) GTEST_SKIP() << "h5dump (hdf5-tools) is not installed";
    const auto ranks = testing::sample_ranks();
    std::vector<results::RankTimeSplit> splits(2);
    splits[1].rank = 1;
    result_file::write_results(path_, result_file::file_content(testing::sample_run_info(), ranks, stats::stability_of_complete(ranks), "{}", splits));
    const std::string dump = run("h5dump -H '" + path_ + "'");
    ASSERT_FALSE(dump.empty()) << "h5dump -H failed on " << path_;
    groups_ = parse_dump(dump);
  }
  testing::ScratchDir scratch_;
  std::string path_ = scratch_.path("autobench.h5");
  std::map<std::string, DumpedGroup> groups_;
};

TEST(ReadmeSchema, ListsTheEightKindsOfGroup) {
  const auto schema = readme_schema();
  EXPECT_EQ(keys(schema),
            (std::set<std::string>{"/", "/devices/rank<R>", "/sweeps/rank<R>/<kernel>_repeat<K>",
                                   "/sweeps_size/rank<R>/<kernel>_repeat<K>",
                                   "/campaigns/<kernel>/<detector>/rank<R>/repeat<K>", "/stability/<kernel>/<detector>",
                                   "/time_split", "/consensus/<kernel>"}));
  EXPECT_EQ(schema.at("/stability/<kernel>/<detector>").datasets.count("knees_found"), 1u);
  EXPECT_EQ(schema.at("/").attributes.count("schema_version"), 1u);
  EXPECT_EQ(schema.at("/stability/<kernel>/<detector>").datasets.count("throughput_cv"), 1u);
}

TEST_F(Hdf5Schema, EveryGroupHoldsExactlyWhatReadmeLists) {
  for (const auto& [pattern, expected] : readme_schema()) {
    SCOPED_TRACE(pattern);
    const auto path = instantiate(pattern);
    ASSERT_EQ(groups_.count(path), 1u) << "h5dump shows no group " << path;
    const auto& got = groups_.at(path);
    EXPECT_EQ(keys(got.attributes), expected.attributes);
    EXPECT_EQ(keys(got.datasets), expected.datasets);
  }
}

TEST_F(Hdf5Schema, TypesAreTheDocumentedOnes) {
  const std::string i64 = "H5T_STD_I64LE", u64 = "H5T_STD_U64LE", f64 = "H5T_IEEE_F64LE", str = "H5T_STRING";
  const auto& root = groups_.at("/").attributes;
  EXPECT_EQ(root.at("schema_version"), i64);
  EXPECT_EQ(root.at("ranks"), i64);
  EXPECT_EQ(root.at("status"), str);
  EXPECT_EQ(root.at("settings"), str);

  const auto& device = groups_.at("/devices/rank0").attributes;
  for (const char* name : {"rank", "cc_major", "cc_minor", "sm_count"}) EXPECT_EQ(device.at(name), i64) << name;
  for (const char* name : {"memory_total_bytes", "l2_bytes"}) EXPECT_EQ(device.at(name), u64) << name;
  for (const char* name : {"sm_clock_max_mhz", "power_limit_w"}) EXPECT_EQ(device.at(name), f64) << name;
  EXPECT_EQ(device.at("start_error"), str);

  const auto& campaign = groups_.at("/campaigns/vecadd/kneedle/rank0/repeat1");
  for (const char* name : {"rank", "repeat", "knee_detected", "knee_index", "points", "complete"}) {
    EXPECT_EQ(campaign.attributes.at(name), i64) << name;
  }
  for (const char* name : {"knee_size", "max_size"}) EXPECT_EQ(campaign.attributes.at(name), u64) << name;
  EXPECT_EQ(campaign.attributes.at("elapsed_s"), f64);
  EXPECT_EQ(campaign.attributes.at("stop_reason"), str);
  EXPECT_EQ(campaign.attributes.at("sweep"), str);
  const auto& sweep = groups_.at("/sweeps/rank0/vecadd_repeat1");  // the campaign's points (schema 2)
  // Its size once more, the same dataset (for xarray: docs/tidy.md).
  EXPECT_EQ(groups_.at("/sweeps_size/rank0/vecadd_repeat1").datasets,
            (std::map<std::string, std::string>{{"size", "HARDLINK /sweeps/rank0/vecadd_repeat1/size"}}));
  EXPECT_EQ(sweep.attributes.at("points"), i64);
  EXPECT_FALSE(sweep.datasets.empty());
  for (const auto& [name, type] : sweep.datasets) {
    const std::map<std::string, std::string> special{{"size", u64},
                                                     {"iterations", i64},
                                                     {"tunables", str},
                                                     {"clock_event_reasons", u64},
                                                     {"power_launches", i64},
                                                     {"power_samples", i64},
                                                     {"power_updates", i64},
                                                     {"refinement", "H5T_STD_U8LE"},
                                                     {"throttled", "H5T_STD_U8LE"},
                                                     {"converged", "H5T_STD_U8LE"},
                                                     {"launch_counts", i64},
                                                     {"power_reason", str},
                                                     {"tune_measured", i64},
                                                     {"tune_probes", str},
                                                     {"tune_resources", str},
                                                     {"throttle_reason", str},
                                                     {"launch_times_s", "H5T_IEEE_F32LE"}};
    EXPECT_EQ(type, special.count(name) ? special.at(name) : f64) << name;
    if (name == "launch_times_s") continue;  // one entry per launch, all points one after the other
    EXPECT_EQ(sweep.spaces.at(name), "SIMPLE { ( 7 ) / ( 7 ) }") << name;  // one entry per point
  }

  const auto& stability = groups_.at("/stability/vecadd/kneedle").datasets;
  for (const auto& [name, type] : stability) {
    const std::map<std::string, std::string> special{
        {"scope", str}, {"group", str}, {"campaigns", i64}, {"knee_index_mode", i64}, {"intervals_overlapping", i64},
        {"knees_found", i64}, {"knee_edges", i64}, {"row", i64}};
    EXPECT_EQ(type, special.count(name) ? special.at(name) : f64) << name;
  }
  EXPECT_EQ(campaign.attributes.at("knee_status"), str);

  const auto& consensus = groups_.at("/consensus/vecadd").datasets;
  for (const auto& [name, type] : consensus) {
    const std::map<std::string, std::string> special{
        {"scope", str},  {"group", str},       {"model", str},    {"metric_unit", str},
        {"members", str}, {"rank", i64},       {"repeat", i64},   {"voters", i64},
        {"knees_found", i64}, {"agreeing", i64}, {"found", "H5T_STD_U8LE"}, {"regime", str}, {"timing", str},
        {"row", i64}};
    EXPECT_EQ(type, special.count(name) ? special.at(name) : f64) << name;
  }
}

}  // namespace
}  // namespace autobench::hdf5
