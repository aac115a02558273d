// JSON forms of device and result records, for the MPI gather (rank -> rank 0), per-rank journals
// (one line each) and reports: their field lists (suite/results/result_fields.hpp) through record/json.hpp, so
// doubles follow its NaN rule (null, "inf", "-inf") and round-trip exactly. Reading requires every key.
#pragma once

#include <nlohmann/json.hpp>

#include "record/json.hpp"
#include "suite/results/result_fields.hpp"
#include "suite/results/results.hpp"
#include "suite/results/time_split.hpp"

namespace autobench::results {

void to_json(nlohmann::json& j, const DeviceInfo& d);
void from_json(const nlohmann::json& j, DeviceInfo& d);

// StopReason by name ("max_size", ...).
void to_json(nlohmann::json& j, StopReason r);
void from_json(const nlohmann::json& j, StopReason& r);

void to_json(nlohmann::json& j, const Point& p);
void from_json(const nlohmann::json& j, Point& p);
void to_json(nlohmann::json& j, const Campaign& c);
void from_json(const nlohmann::json& j, Campaign& c);
void to_json(nlohmann::json& j, const RankResult& r);
void from_json(const nlohmann::json& j, RankResult& r);
void to_json(nlohmann::json& j, const RunInfo& r);
void from_json(const nlohmann::json& j, RunInfo& r);
void to_json(nlohmann::json& j, const RankTimeSplit& s);
void from_json(const nlohmann::json& j, RankTimeSplit& s);

}  // namespace autobench::results
