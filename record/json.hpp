// Records as JSON through their field lists (record/fields.hpp), with the project's one rule for numbers
// JSON lacks: NaN is written as null and the infinities as the strings "inf" and "-inf", so doubles
// round-trip exactly. Other field types use nlohmann's conversions (to_json/from_json found by ADL).
#pragma once

#include <cmath>
#include <limits>
#include <stdexcept>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "record/fields.hpp"

namespace autobench::record {

// A double as JSON: a number, null for NaN, "inf" / "-inf" for the infinities.
inline nlohmann::json number_to_json(double v) {
  if (std::isnan(v)) return nullptr;
  if (std::isinf(v)) return v > 0 ? "inf" : "-inf";
  return v;
}

// The inverse of number_to_json; throws std::invalid_argument on any other value.
inline double number_from_json(const nlohmann::json& j) {
  if (j.is_null()) return std::numeric_limits<double>::quiet_NaN();
  if (j.is_number()) return j.get<double>();
  if (j == "inf") return std::numeric_limits<double>::infinity();
  if (j == "-inf") return -std::numeric_limits<double>::infinity();
  throw std::invalid_argument("expected a number, null, \"inf\" or \"-inf\", got " + j.dump());
}

// A list of doubles as a JSON array, each element by number_to_json; and back.
inline nlohmann::json numbers_to_json(const std::vector<double>& v) {
  nlohmann::json a = nlohmann::json::array();
  for (double x : v) a.push_back(number_to_json(x));
  return a;
}
inline std::vector<double> numbers_from_json(const nlohmann::json& j) {
  std::vector<double> v;
  for (const auto& x : j) v.push_back(number_from_json(x));
  return v;
}

namespace json_detail {
template <class T>
nlohmann::json encode(const T& v) {
  return v;
}
inline nlohmann::json encode(double v) { return number_to_json(v); }
inline nlohmann::json encode(const std::vector<double>& v) { return numbers_to_json(v); }
template <class T>
void decode(const nlohmann::json& j, T& v) {
  j.get_to(v);
}
inline void decode(const nlohmann::json& j, double& v) { v = number_from_json(j); }
inline void decode(const nlohmann::json& j, std::vector<double>& v) { v = numbers_from_json(j); }
}  // namespace json_detail

// Every field of a record into the object j (made an object first when it is not one).
template <class Record, class Fields>
void fields_to_json(nlohmann::json& j, const Record& record, const Fields& fields) {
  if (!j.is_object()) j = nlohmann::json::object();
  for_each_field(fields, [&](const auto& f) { j[f.name] = json_detail::encode(record.*f.member); });
}

// The inverse: every field must be there (nlohmann::json::out_of_range otherwise).
template <class Record, class Fields>
void read_fields(const nlohmann::json& j, Record& record, const Fields& fields) {
  for_each_field(fields, [&](const auto& f) { json_detail::decode(j.at(f.name), record.*f.member); });
}

// The inverse for files whose older versions lack some fields: a field j does not have keeps its value.
template <class Record, class Fields>
void read_present_fields(const nlohmann::json& j, Record& record, const Fields& fields) {
  for_each_field(fields, [&](const auto& f) {
    if (const auto it = j.find(f.name); it != j.end()) json_detail::decode(*it, record.*f.member);
  });
}

// Records as columns: one array per field, one entry per record (a list of records sent whole, whose
// field names are then said once instead of once per record).
template <class Record, class Fields>
nlohmann::json columns_to_json(const std::vector<Record>& records, const Fields& fields) {
  nlohmann::json j = nlohmann::json::object();
  for_each_field(fields, [&](const auto& f) {
    auto& column = j[f.name] = nlohmann::json::array();
    for (const auto& r : records) column.push_back(json_detail::encode(r.*f.member));
  });
  return j;
}

// The inverse: every column must be there and hold one entry per record (std::runtime_error naming the
// column otherwise), the count being the first column's.
template <class Record, class Fields>
std::vector<Record> columns_from_json(const nlohmann::json& j, const Fields& fields) {
  std::vector<Record> records;
  bool first = true;
  for_each_field(fields, [&](const auto& f) {
    const auto& column = j.at(f.name);
    if (first) records.resize(column.size());
    first = false;
    if (!column.is_array() || column.size() != records.size())
      throw std::runtime_error(std::string("column ") + f.name + " does not have one entry per record");
    for (std::size_t i = 0; i < records.size(); ++i) json_detail::decode(column[i], records[i].*f.member);
  });
  return records;
}

}  // namespace autobench::record
