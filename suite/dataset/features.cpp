// Dataset features and rows (see features.hpp).
#include "suite/dataset/features.hpp"

#include <cmath>
#include <stdexcept>

#include "record/bounded_json.hpp"
#include "suite/dataset/prompt.hpp"

namespace autobench::dataset {

nlohmann::json to_json(const Features& f) {
  return {{"bytes", f.bytes},
          {"flops", f.flops},
          {"workgroups", f.workgroups},
          {"block_threads", f.block_threads},
          {"regime", kRegimeNames.name(f.regime)},
          {"sm_count", f.occupancy.sm_count},
          {"max_threads_per_sm", f.occupancy.max_threads_per_sm},
          {"max_blocks_per_sm", f.occupancy.max_blocks_per_sm},
          {"bandwidth_gbs", f.bandwidth_gbs},
          {"gflops", f.gflops}};
}

Features features_from_json(const nlohmann::json& j) {
  Features f;
  f.bytes = j.at("bytes").get<double>();
  f.flops = j.at("flops").get<double>();
  f.workgroups = j.at("workgroups").get<double>();
  f.block_threads = j.at("block_threads").get<double>();
  f.regime = kRegimeNames.value(j.at("regime").get<std::string>());
  f.occupancy.sm_count = j.at("sm_count").get<int>();
  f.occupancy.max_threads_per_sm = j.at("max_threads_per_sm").get<int>();
  f.occupancy.max_blocks_per_sm = j.at("max_blocks_per_sm").get<int>();
  f.bandwidth_gbs = j.at("bandwidth_gbs").get<double>();
  f.gflops = j.at("gflops").get<double>();
  return f;
}

Row row_from_jsonl(const std::string& line, std::size_t number) {
  const std::string where = "line " + std::to_string(number) + ": ";
  nlohmann::json j;
  try {
    j = record::parse_json(line);
  } catch (const std::exception&) {
    throw std::invalid_argument(where + "not a JSON object");
  }
  if (!j.is_object()) throw std::invalid_argument(where + "not a JSON object");
  if (!j.contains("schema_version") || j["schema_version"] != kSchemaVersion)
    throw std::invalid_argument(where + "schema_version " + (j.contains("schema_version") ? j["schema_version"].dump() : "missing") +
                                " is not supported (this build reads version " + std::to_string(kSchemaVersion) + ")");
  Row r;
  try {
    r.kernel = j.at("kernel").get<std::string>();
    r.time_us = j.at("time_us").get<double>();
    r.test = j.at("random_split").get<std::string>() == "test";
    r.features = features_from_json(j.at("features"));
  } catch (const std::exception& e) {
    throw std::invalid_argument(where + "missing or malformed field (" + e.what() + ")");
  }
  if (!std::isfinite(r.time_us) || r.time_us <= 0)
    throw std::invalid_argument(where + "time_us " + std::to_string(r.time_us) + " is not a finite time > 0");
  return r;
}

}  // namespace autobench::dataset
