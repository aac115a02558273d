// How record fields are stored in HDF5, shared by the writer and the reader: a scalar field becomes an
// attribute (int and bool as int64, bool as 0/1, an enum with a names table by name), a list of records becomes one
// 1-D dataset per field (int as int64, bool as uint8), in full or only where it differs from records
// stored elsewhere.
#pragma once

#include <algorithm>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

#include "record/differing_fields.hpp"
#include "record/fields.hpp"
#include "record/names.hpp"
#include "suite/hdf5/hdf5_file.hpp"

namespace autobench::hdf5 {

// The attribute type a field of type T is stored as.
template <class T>
using StoredAttribute = std::conditional_t<std::is_same_v<T, int> || std::is_same_v<T, bool>, std::int64_t,
                                           std::conditional_t<record::StoredByName<T>, std::string, T>>;

// The dataset element type a field of type T is stored as.
template <class T>
using StoredColumn = std::conditional_t<std::is_same_v<T, bool>, std::uint8_t,
                                        std::conditional_t<std::is_same_v<T, int>, std::int64_t, T>>;

template <class T>
void write_attribute_of(const H5Group& g, const char* name, const T& value) {
  if constexpr (record::StoredByName<T>) {
    g.write_attribute<std::string>(name, names_of(value).name(value));
  } else {
    g.write_attribute<StoredAttribute<T>>(name, static_cast<StoredAttribute<T>>(value));
  }
}

// An enum's unknown name is the file's fault: std::runtime_error naming the file and the attribute.
template <class T>
void read_attribute_into(const H5Group& g, const char* name, T& value) {
  const auto stored = g.read_attribute<StoredAttribute<T>>(name);
  if constexpr (record::StoredByName<T>) {
    try {
      value = names_of(value).value(stored);
    } catch (const std::invalid_argument& e) {
      throw std::runtime_error(g.file_name() + ": attribute '" + name + "' of " + g.path() + ": " + e.what());
    }
  } else {
    value = static_cast<T>(stored);
  }
}

// Every field of a record as an attribute of g.
template <class Record, class Fields>
void write_attributes(const H5Group& g, const Record& record, const Fields& fields) {
  record::for_each_field(fields, [&](const auto& f) { write_attribute_of(g, f.name, record.*f.member); });
}

template <class Record, class Fields>
void read_attributes(const H5Group& g, Record& record, const Fields& fields) {
  record::for_each_field(fields, [&](const auto& f) { read_attribute_into(g, f.name, record.*f.member); });
}

// The fields of `fields` that g has as attributes (fields older files lack keep their values); whether g
// had all of them.
template <class Record, class Fields>
bool read_present_attributes(const H5Group& g, Record& record, const Fields& fields) {
  bool all = true;
  record::for_each_field(fields, [&](const auto& f) {
    if (g.has_attribute(f.name)) read_attribute_into(g, f.name, record.*f.member);
    else all = false;
  });
  return all;
}

// Columns without a `units` attribute.
inline std::string no_units(const char*) { return {}; }

// One field of records as a dataset, one entry per record, with the `units` that units(field name) gives.
template <class Record, class Field, class Units = decltype(&no_units)>
void write_column(const H5Group& g, const std::vector<Record>& records, const Field& f, Units units = &no_units) {
  using T = std::remove_cvref_t<decltype(records.front().*f.member)>;
  std::vector<StoredColumn<T>> column;
  column.reserve(records.size());
  for (const auto& r : records) column.push_back(static_cast<StoredColumn<T>>(r.*f.member));
  g.write_dataset(f.name, column, units(f.name));
}

// Records as columns: one dataset per field, one entry per record.
template <class Record, class Fields, class Units = decltype(&no_units)>
void write_columns(const H5Group& g, const std::vector<Record>& records, const Fields& fields,
                   Units units = &no_units) {
  record::for_each_field(fields, [&](const auto& f) { write_column(g, records, f, units); });
}

// The columns of `fields` in which some record differs from the one it copies, reference[index[i]]
// (records stored once elsewhere, e.g. a shared sweep's points): the others are left to the reference.
template <class Record, class Fields>
void write_differing_columns(const H5Group& g, const std::vector<Record>& records, const std::vector<Record>& reference,
                             const std::vector<std::int64_t>& index, const Fields& fields) {
  record::for_each_differing_field(records, reference, index, fields, [&](const auto& f) { write_column(g, records, f); });
}

// Throws naming the column when its length is not the records' count.
inline void check_column_length(const H5Group& g, const char* name, std::size_t length, std::size_t expected) {
  if (length != expected)
    throw std::runtime_error(g.file_name() + ": dataset " + g.path() + "/" + name + " has " + std::to_string(length) +
                             " entries, expected " + std::to_string(expected));
}

// Column names a reader leaves out: their fields keep their defaults, unread and unchecked.
using SkippedColumns = std::vector<std::string_view>;

inline bool skipped(const SkippedColumns& skip, const char* name) {
  return std::find(skip.begin(), skip.end(), name) != skip.end();
}

// Reads the columns of `fields` (but `skip`) into `records`, those g lacks too when `present_only` is false
// (then throws naming the missing one); throws when a column has another length than `records`.
template <class Record, class Fields>
void read_columns_into(const H5Group& g, std::vector<Record>& records, const Fields& fields, bool present_only,
                       const SkippedColumns& skip = {}) {
  record::for_each_field(fields, [&](const auto& f) {
    using T = std::remove_cvref_t<decltype(records.front().*f.member)>;
    if (skipped(skip, f.name) || (present_only && !g.has_dataset(f.name))) return;
    const auto column = g.read_dataset<StoredColumn<T>>(f.name);
    check_column_length(g, f.name, column.size(), records.size());
    for (std::size_t i = 0; i < records.size(); ++i) records[i].*f.member = static_cast<T>(column[i]);
  });
}

// Reads `count` records from columns; throws when one is missing or has another length (checked before
// `count` records are allocated: a count is a claim of the file, its columns' lengths are what it holds).
template <class Record, class Fields>
std::vector<Record> read_columns(const H5Group& g, std::size_t count, const Fields& fields,
                                 const SkippedColumns& skip = {}) {
  record::for_each_field(fields, [&](const auto& f) {
    if (!skipped(skip, f.name)) check_column_length(g, f.name, g.dataset_length(f.name), count);
  });
  std::vector<Record> records(count);
  read_columns_into(g, records, fields, false, skip);
  return records;
}

// Reads the columns of `fields` (but `skip`) that g has into `records` (fields older files lack keep their values).
template <class Record, class Fields>
void read_present_columns(const H5Group& g, std::vector<Record>& records, const Fields& fields,
                          const SkippedColumns& skip = {}) {
  read_columns_into(g, records, fields, true, skip);
}

}  // namespace autobench::hdf5
