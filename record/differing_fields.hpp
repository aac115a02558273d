// Which fields of records that copy others (e.g. a campaign's points, copies of its sweep's) differ from
// the records they copy: what a writer or a message must still carry for them.
#pragma once

#include <bit>
#include <cstddef>
#include <cstdint>
#include <type_traits>
#include <vector>

#include "record/fields.hpp"

namespace autobench::record {

// Equal values, floating-point ones bit for bit (NaN equals NaN, 0.0 differs from -0.0).
template <class T>
bool same_value(const T& a, const T& b) {
  if constexpr (std::is_same_v<T, double>) {
    return std::bit_cast<std::uint64_t>(a) == std::bit_cast<std::uint64_t>(b);
  } else {
    return a == b;
  }
}

// Calls f(field) for each field of `fields` in which some records[i] differs from the record it copies,
// reference[index[i]] (records stored once elsewhere, e.g. a shared sweep's points).
template <class Record, class Fields, class F>
void for_each_differing_field(const std::vector<Record>& records, const std::vector<Record>& reference,
                              const std::vector<std::int64_t>& index, const Fields& fields, F&& f) {
  for_each_field(fields, [&](const auto& field) {
    for (std::size_t i = 0; i < records.size(); ++i)
      if (!same_value(records[i].*field.member, reference.at(static_cast<std::size_t>(index.at(i))).*field.member)) {
        f(field);
        return;
      }
  });
}

}  // namespace autobench::record
