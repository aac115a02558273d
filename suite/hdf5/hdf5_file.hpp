// A thin RAII wrapper over the HDF5 C API: files and groups, scalar attributes (string, int64,
// uint64, double) and 1-D datasets (double, int64, uint64, uint8, string) with units and dimension scales. Strings are variable-length
// UTF-8; groups track the creation order of their children. Every failure throws std::runtime_error
// naming the file, the object and HDF5's own reason. A file being written lives in memory until
// close() writes it out whole (files/atomic_file.hpp): a failure or a full disk leaves no partial file.
#pragma once

#include <hdf5.h>

#include <cstdint>
#include <string>
#include <vector>

namespace autobench::hdf5 {

// Owns one HDF5 identifier and closes it with the matching H5?close.
class H5Handle {
 public:
  using Closer = herr_t (*)(hid_t);
  H5Handle() = default;
  H5Handle(hid_t id, Closer closer) : id_(id), closer_(closer) {}
  H5Handle(H5Handle&& other) noexcept;
  H5Handle& operator=(H5Handle&& other) noexcept;
  H5Handle(const H5Handle&) = delete;
  H5Handle& operator=(const H5Handle&) = delete;
  ~H5Handle();

  hid_t get() const { return id_; }
  // Closes now; returns false when HDF5 reports a failure (e.g. a file that could not be flushed).
  bool close();

 private:
  hid_t id_ = H5I_INVALID_HID;
  Closer closer_ = nullptr;
};

class H5Group {
 public:
  H5Group create_group(const std::string& name) const;
  H5Group open_group(const std::string& name) const;
  // An external link `name` to the object of the same path (this group's path / name) in `file`, a path
  // relative to this file's directory (HDF5 resolves it there).
  void create_external_link(const std::string& name, const std::string& file) const;
  // A second name `name` here for the object at `target` (a path in this file): a hard link.
  void create_hard_link(const std::string& name, const std::string& target) const;
  bool has_group(const std::string& name) const;
  bool has_dataset(const std::string& name) const;
  // Names of the child groups, in creation order (by name when the file does not track the order).
  std::vector<std::string> child_groups() const;
  // Names of the child datasets, in the same order.
  std::vector<std::string> child_datasets() const;

  bool has_attribute(const std::string& name) const;
  // T: std::string, std::int64_t, std::uint64_t or double.
  template <class T>
  void write_attribute(const std::string& name, const T& value) const;
  template <class T>
  T read_attribute(const std::string& name) const;

  // T: double, float, std::int64_t, std::uint64_t, std::uint8_t or std::string. Numeric datasets of
  // 2 KiB and more are chunked, shuffled and deflated; smaller ones and strings are stored as they are.
  // `units`, for netCDF readers such as xarray: a string attribute `units` (none when empty).
  template <class T>
  void write_dataset(const std::string& name, const std::vector<T>& values, const std::string& units = {}) const;
  // A dataset whose declared size the file cannot hold (never written, storage past its end, or more than
  // deflate can expand) is refused before anything is allocated, as is a soft or external link anywhere.
  template <class T>
  std::vector<T> read_dataset(const std::string& name) const;
  // The number of entries of a 1-D dataset, checked as read_dataset checks it, without reading it.
  std::size_t dataset_length(const std::string& name) const;
  // For netCDF readers such as xarray: makes the group's 1-D dataset `scale` a dimension scale (HDF5
  // dimension scales, as netCDF-4 writes them) and attaches it as their dimension to the group's 1-D
  // `datasets`, none of which has a scale yet; with no datasets, `scale` is a dimension of its own.
  void attach_scale(const std::string& scale, const std::vector<std::string>& datasets) const;
  // For netCDF readers, a table's rows: a dataset `name` of row numbers 0..n-1 that netCDF reads as a
  // dimension and no variable (netCDF-4's own form of one), attached as their dimension to all the group's
  // datasets (1-D, n entries each, no scale yet).
  void add_row_dimension(const std::string& name) const;

  const std::string& path() const { return path_; }  // "/campaigns/vecadd", for messages
  const std::string& file_name() const { return file_; }

 protected:
  H5Group(H5Handle handle, std::string file, std::string path, std::string followed = {});
  hid_t id() const { return handle_.get(); }
  H5Handle handle_;

 private:
  [[noreturn]] void fail(const std::string& what) const;
  std::vector<std::string> children(H5I_type_t type) const;
  // attach_scale, the scale's NAME attribute (its dimension's name for netCDF) given.
  void attach_scale(const std::string& scale, const std::vector<std::string>& datasets,
                    const std::string& dimension_name) const;
  // The 1-D dataset `name`, its size in n, refused as read_dataset refuses it (type aside).
  H5Handle open_dataset(const std::string& name, hsize_t& n) const;
  std::string file_;
  std::string path_;
  // The folder (relative to the file's directory, e.g. "parts/") whose files external links may name
  // ("": none is followed); see H5File::open.
  std::string followed_;
};

// The root group of an open file.
class H5File : public H5Group {
 public:
  // Creates a file for writing, in memory: nothing reaches `path` before close().
  static H5File create(const std::string& path);
  // Opens an existing file read-only. Soft and external links are refused wherever they are met, except,
  // when `followed_folder` is given (e.g. "parts/"), the external links of this file (not of the files
  // they lead to) to a file directly in that folder, with no "..", whose target object has the link's
  // own path, and that HDF5 found beside this file (not through HDF5_EXT_PREFIX or another prefix).
  static H5File open(const std::string& path, const std::string& followed_folder = {});
  // Closes a created file and writes it to its path whole (temporary file, renamed), replacing what was
  // there; throws WriteError (naming the file and the system's reason) when that fails, leaving the
  // path as it was. Every group opened from the file must be destroyed before. A created file destroyed
  // without close() (an exception while writing) is discarded. Not for files opened with open().
  void close();

 private:
  H5File(H5Handle file, std::string path, std::string followed = {});
  H5Handle file_handle_;
};

}  // namespace autobench::hdf5
