// JSON forms of device and result records, for the MPI gather (rank -> rank 0), per-rank journals
// (one line each) and reports. Doubles round-trip exactly; NaN is written as null and the infinities
// as the strings "inf" and "-inf" (JSON has neither). Reading requires every key.
#pragma once

#include <nlohmann/json.hpp>

#include "suite/results/results.hpp"

namespace autobench::backend {

// Declared in the namespace of the type so that nlohmann finds them by argument-dependent lookup.
void to_json(nlohmann::json& j, const DeviceInfo& d);
void from_json(const nlohmann::json& j, DeviceInfo& d);

}  // namespace autobench::backend

namespace autobench::results {

// A double as JSON: a number, null for NaN, "inf" / "-inf" for the infinities.
nlohmann::json number_to_json(double v);
// The inverse of number_to_json; throws std::invalid_argument on any other value.
double number_from_json(const nlohmann::json& j);

void to_json(nlohmann::json& j, const Point& p);
void from_json(const nlohmann::json& j, Point& p);
void to_json(nlohmann::json& j, const Campaign& c);
void from_json(const nlohmann::json& j, Campaign& c);
void to_json(nlohmann::json& j, const RankResult& r);
void from_json(const nlohmann::json& j, RankResult& r);
void to_json(nlohmann::json& j, const RunInfo& r);
void from_json(const nlohmann::json& j, RunInfo& r);

}  // namespace autobench::results
