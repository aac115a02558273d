// JSON forms of device and result records, for the MPI gather (rank -> rank 0), per-rank journals
// (one line each) and reports. Doubles round-trip exactly; NaN is written as null and the infinities
// as the strings "inf" and "-inf" (JSON has neither). Reading requires every key.
#pragma once

#include <nlohmann/json.hpp>

#include "suite/results/fields.hpp"
#include "suite/results/results.hpp"

namespace autobench::results {

void to_json(nlohmann::json& j, const DeviceInfo& d);
void from_json(const nlohmann::json& j, DeviceInfo& d);

// A double as JSON: a number, null for NaN, "inf" / "-inf" for the infinities.
nlohmann::json number_to_json(double v);
// The inverse of number_to_json; throws std::invalid_argument on any other value.
double number_from_json(const nlohmann::json& j);

// Every field of a record, walking a list of fields (suite/results/fields.hpp), into the object j;
// doubles by number_to_json, so every record written this way has the same NaN rule.
template <class Record, class Fields>
void fields_to_json(nlohmann::json& j, const Record& record, const Fields& fields);
// The inverse: every field must be there (nlohmann::json::out_of_range otherwise).
template <class Record, class Fields>
void read_fields(const nlohmann::json& j, Record& record, const Fields& fields);

void to_json(nlohmann::json& j, const Point& p);
void from_json(const nlohmann::json& j, Point& p);
void to_json(nlohmann::json& j, const Campaign& c);
void from_json(const nlohmann::json& j, Campaign& c);
void to_json(nlohmann::json& j, const RankResult& r);
void from_json(const nlohmann::json& j, RankResult& r);
void to_json(nlohmann::json& j, const RunInfo& r);
void from_json(const nlohmann::json& j, RunInfo& r);

namespace json_detail {
template <class T>
nlohmann::json encode(const T& v) {
  return v;
}
inline nlohmann::json encode(double v) { return number_to_json(v); }
inline nlohmann::json encode(StopReason r) { return to_string(r); }
template <class T>
void decode(const nlohmann::json& j, T& v) {
  j.get_to(v);
}
inline void decode(const nlohmann::json& j, double& v) { v = number_from_json(j); }
inline void decode(const nlohmann::json& j, StopReason& r) { r = stop_reason_from_string(j.get<std::string>()); }
}  // namespace json_detail

template <class Record, class Fields>
void fields_to_json(nlohmann::json& j, const Record& record, const Fields& fields) {
  if (!j.is_object()) j = nlohmann::json::object();
  for_each_field(fields, [&](const auto& f) { j[f.name] = json_detail::encode(record.*f.member); });
}

template <class Record, class Fields>
void read_fields(const nlohmann::json& j, Record& record, const Fields& fields) {
  for_each_field(fields, [&](const auto& f) { json_detail::decode(j.at(f.name), record.*f.member); });
}

}  // namespace autobench::results
