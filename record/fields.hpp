// A record's fields as one list of (schema name, member pointer), which its JSON and HDF5 forms both walk.
#pragma once

#include <tuple>
#include <utility>

namespace autobench::record {

template <class Record, class T>
struct Field {
  const char* name;
  T Record::*member;
};

template <class Record, class T>
constexpr Field<Record, T> field(const char* name, T Record::*member) {
  return {name, member};
}

// Calls f(field) for every field of a list, in order.
template <class Fields, class F>
void for_each_field(const Fields& fields, F&& f) {
  std::apply([&](const auto&... each) { (f(each), ...); }, fields);
}

}  // namespace autobench::record
