// The HDF5 wrapper (see hdf5_file.hpp).
#include "suite/hdf5/hdf5_file.hpp"

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <vector>
#include <stdexcept>
#include <string_view>
#include <type_traits>
#include <utility>

#include <hdf5_hl.h>

#include "suite/files/atomic_file.hpp"
#include "suite/files/input_file.hpp"

namespace autobench::hdf5 {
namespace {

// HDF5 reports through exceptions here, not by printing its error stack.
void silence_error_printing() {
  static const bool silenced = (H5Eset_auto2(H5E_DEFAULT, nullptr, nullptr), true);
  (void)silenced;
}

// The innermost description on HDF5's error stack (where the failure was detected); clears the stack.
std::string hdf5_reason() {
  std::string reason;
  H5Ewalk2(
      H5E_DEFAULT, H5E_WALK_UPWARD,
      [](unsigned n, const H5E_error2_t* e, void* out) -> herr_t {
        if (n == 0 && e->desc != nullptr) *static_cast<std::string*>(out) = e->desc;
        return 0;
      },
      &reason);
  H5Eclear2(H5E_DEFAULT);
  return reason;
}

std::string with_reason(const std::string& message) {
  const std::string reason = hdf5_reason();
  return reason.empty() ? message : message + " (" + reason + ")";
}

template <class T>
struct Numeric;
template <>
struct Numeric<double> {
  static hid_t memory() { return H5T_NATIVE_DOUBLE; }
  static hid_t file() { return H5T_IEEE_F64LE; }
  static constexpr H5T_class_t kClass = H5T_FLOAT;
};
template <>
struct Numeric<float> {
  static hid_t memory() { return H5T_NATIVE_FLOAT; }
  static hid_t file() { return H5T_IEEE_F32LE; }
  static constexpr H5T_class_t kClass = H5T_FLOAT;
};
template <>
struct Numeric<std::int64_t> {
  static hid_t memory() { return H5T_NATIVE_INT64; }
  static hid_t file() { return H5T_STD_I64LE; }
  static constexpr H5T_class_t kClass = H5T_INTEGER;
};
template <>
struct Numeric<std::uint64_t> {
  static hid_t memory() { return H5T_NATIVE_UINT64; }
  static hid_t file() { return H5T_STD_U64LE; }
  static constexpr H5T_class_t kClass = H5T_INTEGER;
};
template <>
struct Numeric<std::uint8_t> {
  static hid_t memory() { return H5T_NATIVE_UINT8; }
  static hid_t file() { return H5T_STD_U8LE; }
  static constexpr H5T_class_t kClass = H5T_INTEGER;
};

// Variable-length UTF-8 strings, in memory and in the file.
H5Handle string_type() {
  H5Handle t(H5Tcopy(H5T_C_S1), H5Tclose);
  H5Tset_size(t.get(), H5T_VARIABLE);
  H5Tset_cset(t.get(), H5T_CSET_UTF8);
  return t;
}

template <class T>
bool type_fits(hid_t type) {
  if constexpr (std::is_same_v<T, std::string>) {
    return H5Tget_class(type) == H5T_STRING && H5Tis_variable_str(type) > 0;
  } else {
    return H5Tget_class(type) == Numeric<T>::kClass;
  }
}

template <class T>
const char* type_name() {
  if constexpr (std::is_same_v<T, std::string>) {
    return "variable-length string";
  } else {
    return Numeric<T>::kClass == H5T_FLOAT ? "floating-point number" : "integer";
  }
}

std::string child_path(const std::string& parent, const std::string& name) {
  return parent == "/" ? "/" + name : parent + "/" + name;
}

// Copies library-allocated strings out and frees them.
std::string take_string(char* p) {
  std::string s = p != nullptr ? p : "";
  H5free_memory(p);
  return s;
}

// The kind of link `name` is in `parent`, for a message ("a soft link"); empty for a hard link or none.
std::string link_kind(hid_t parent, const std::string& name) {
  H5L_info_t info;
  if (H5Lget_info(parent, name.c_str(), &info, H5P_DEFAULT) < 0) {
    H5Eclear2(H5E_DEFAULT);
    return {};
  }
  switch (info.type) {
    case H5L_TYPE_HARD: return {};
    case H5L_TYPE_SOFT: return "a soft link";
    case H5L_TYPE_EXTERNAL: return "an external link";
    default: return "a user-defined link";
  }
}

// The name of the file that `object` lies in, as HDF5 opened it.
std::string file_of(hid_t object) {
  const ssize_t length = H5Fget_name(object, nullptr, 0);
  if (length < 0) return {};
  std::string name(static_cast<std::size_t>(length), '\0');
  H5Fget_name(object, name.data(), name.size() + 1);
  return name;
}

// Why the external link `name` in `parent` (a group of the file `root`, at `path`) is not one to follow
// into the folder `followed` ("" when it is): see H5File::open.
std::string external_refusal(hid_t parent, const std::string& name, const std::string& root, const std::string& path,
                             const std::string& followed) {
  if (followed.empty()) return "an external link (links are not followed)";
  if (file_of(parent) != root) return "an external link inside a linked file (not followed)";
  H5L_info_t info;
  if (H5Lget_info(parent, name.c_str(), &info, H5P_DEFAULT) < 0 || info.u.val_size == 0 || info.u.val_size > 4096)
    return "an unreadable external link";
  std::vector<char> value(info.u.val_size);
  const char* file = nullptr;
  const char* object = nullptr;
  unsigned flags = 0;
  if (H5Lget_val(parent, name.c_str(), value.data(), value.size(), H5P_DEFAULT) < 0 ||
      H5Lunpack_elink_val(value.data(), value.size(), &flags, &file, &object) < 0 || !file || !object)
    return "an unreadable external link";
  const std::string target(file);
  const std::string rest = target.rfind(followed, 0) == 0 ? target.substr(followed.size()) : "";
  if (rest.empty() || rest.find('/') != std::string::npos || rest.find('\\') != std::string::npos ||
      rest == "." || rest == ".." || rest.size() < 4 || rest.compare(rest.size() - 3, 3, ".h5") != 0)
    return "an external link to '" + target + "' (only files directly in " + followed + " are followed)";
  if (std::string(object) != child_path(path, name))
    return "an external link to object '" + std::string(object) + "' of " + target + " (only its own path is followed)";
  // Looked at before HDF5 opens it: a FIFO would block, a device never end (a missing file is said on opening).
  std::error_code error;
  const auto status = std::filesystem::status(std::filesystem::path(root).parent_path() / target, error);
  if (!error && status.type() != std::filesystem::file_type::regular)
    return "an external link to '" + target + "', which is not a regular file";
  return {};
}

// Whether `parent` (at `path` of the file `root`) has a child `name` (not a path) that is an object of
// `type`. Only hard links are followed, and the external links H5File::open allows with `followed`: a soft
// or other external link (to another file, a FIFO, a device) is refused by what it is.
bool has_child(hid_t parent, const std::string& name, H5I_type_t type, const std::string& root, const std::string& path,
               const std::string& followed) {
  const std::string where = root + ": " + child_path(path, name);
  if (name.empty() || name.find('/') != std::string::npos || name == "." || H5Lexists(parent, name.c_str(), H5P_DEFAULT) <= 0) {
    H5Eclear2(H5E_DEFAULT);
    return false;
  }
  const std::string kind = link_kind(parent, name);
  const bool external = kind == "an external link";
  if (!kind.empty() && !external) throw std::runtime_error(where + " is " + kind + " (links are not followed)");
  if (external)
    if (const std::string refused = external_refusal(parent, name, root, path, followed); !refused.empty())
      throw std::runtime_error(where + " is " + refused);
  H5Handle object(H5Oopen(parent, name.c_str(), H5P_DEFAULT), H5Oclose);
  const bool found = object.get() >= 0 && H5Iget_type(object.get()) == type;
  H5Eclear2(H5E_DEFAULT);
  if (external && object.get() < 0)
    throw std::runtime_error(where + " is an external link to a file in " + followed +
                             " that cannot be opened (a run's parts must stay beside its root file)");
  if (found && external) {  // found beside the root file, not through HDF5_EXT_PREFIX or a link prefix
    namespace fs = std::filesystem;
    std::error_code e1, e2;
    const std::string opened = file_of(object.get());
    const fs::path folder = fs::weakly_canonical(fs::path(root).parent_path() / followed, e1);
    if (e1 || fs::weakly_canonical(opened, e2).parent_path() != folder || e2)
      throw std::runtime_error(where + " is an external link that HDF5 resolved to " + opened + ", outside " +
                               (fs::path(root).parent_path() / followed).string());
  }
  return found;
}

// How a numeric dataset of n elements is stored: from kCompressFromBytes on in chunks of up to
// kChunkElements, shuffled and deflated (when the library has deflate), which shrinks launch times and
// long curves; smaller ones contiguous, where a chunk index would cost more than compression saves.
// Deflate level 1: on a 4 x H100 full suite's file it wrote 15 % faster than level 6 for 0.1 % more bytes.
constexpr std::size_t kCompressFromBytes = 2048;
constexpr hsize_t kChunkElements = 1 << 18;

// The most a dataset's stored bytes may expand when read (deflate's limit is 1032:1).
constexpr double kMaxExpansion = 1100;

H5Handle dataset_creation(hsize_t n, std::size_t element_bytes) {
  H5Handle dcpl(H5Pcreate(H5P_DATASET_CREATE), H5Pclose);
  if (n * element_bytes >= kCompressFromBytes && H5Zfilter_avail(H5Z_FILTER_DEFLATE) > 0) {
    const hsize_t chunk = std::min(n, kChunkElements);
    H5Pset_chunk(dcpl.get(), 1, &chunk);
    H5Pset_shuffle(dcpl.get());
    H5Pset_deflate(dcpl.get(), 1);
  }
  return dcpl;
}

}  // namespace

H5Handle::H5Handle(H5Handle&& other) noexcept
    : id_(std::exchange(other.id_, H5I_INVALID_HID)), closer_(other.closer_) {}

H5Handle& H5Handle::operator=(H5Handle&& other) noexcept {
  if (this != &other) {
    close();
    id_ = std::exchange(other.id_, H5I_INVALID_HID);
    closer_ = other.closer_;
  }
  return *this;
}

H5Handle::~H5Handle() { close(); }

bool H5Handle::close() {
  if (id_ < 0) return true;
  const bool ok = closer_(id_) >= 0;
  id_ = H5I_INVALID_HID;
  return ok;
}

H5Group::H5Group(H5Handle handle, std::string file, std::string path, std::string followed)
    : handle_(std::move(handle)), file_(std::move(file)), path_(std::move(path)), followed_(std::move(followed)) {}

void H5Group::fail(const std::string& what) const { throw std::runtime_error(with_reason(file_ + ": " + what)); }

H5Group H5Group::create_group(const std::string& name) const {
  H5Handle gcpl(H5Pcreate(H5P_GROUP_CREATE), H5Pclose);
  H5Pset_link_creation_order(gcpl.get(), H5P_CRT_ORDER_TRACKED | H5P_CRT_ORDER_INDEXED);
  H5Handle g(H5Gcreate2(id(), name.c_str(), H5P_DEFAULT, gcpl.get(), H5P_DEFAULT), H5Gclose);
  if (g.get() < 0) fail("cannot create group " + child_path(path_, name));
  return H5Group(std::move(g), file_, child_path(path_, name));
}

void H5Group::create_external_link(const std::string& name, const std::string& file) const {
  const std::string target = child_path(path_, name);
  if (H5Lcreate_external(file.c_str(), target.c_str(), id(), name.c_str(), H5P_DEFAULT, H5P_DEFAULT) < 0)
    fail("cannot link " + target + " to " + file);
}

H5Group H5Group::open_group(const std::string& name) const {
  if (!has_group(name)) fail("no group " + child_path(path_, name));
  H5Handle g(H5Gopen2(id(), name.c_str(), H5P_DEFAULT), H5Gclose);
  if (g.get() < 0) fail("cannot open group " + child_path(path_, name));
  return H5Group(std::move(g), file_, child_path(path_, name), followed_);
}

void H5Group::create_hard_link(const std::string& name, const std::string& target) const {
  if (H5Lcreate_hard(id(), target.c_str(), id(), name.c_str(), H5P_DEFAULT, H5P_DEFAULT) < 0)
    fail("cannot link " + child_path(path_, name) + " to " + target);
}

bool H5Group::has_group(const std::string& name) const {
  return has_child(id(), name, H5I_GROUP, file_, path_, followed_);
}

bool H5Group::has_dataset(const std::string& name) const {
  return has_child(id(), name, H5I_DATASET, file_, path_, followed_);
}

std::vector<std::string> H5Group::child_groups() const { return children(H5I_GROUP); }

std::vector<std::string> H5Group::child_datasets() const { return children(H5I_DATASET); }

std::vector<std::string> H5Group::children(H5I_type_t type) const {
  H5G_info_t info;
  if (H5Gget_info(id(), &info) < 0) fail("cannot list group " + path_);
  H5Handle gcpl(H5Gget_create_plist(id()), H5Pclose);
  unsigned order_flags = 0;
  if (gcpl.get() < 0 || H5Pget_link_creation_order(gcpl.get(), &order_flags) < 0) fail("cannot list group " + path_);
  const H5_index_t index = (order_flags & H5P_CRT_ORDER_TRACKED) ? H5_INDEX_CRT_ORDER : H5_INDEX_NAME;

  std::vector<std::string> names;
  for (hsize_t i = 0; i < info.nlinks; ++i) {
    const ssize_t length = H5Lget_name_by_idx(id(), ".", index, H5_ITER_INC, i, nullptr, 0, H5P_DEFAULT);
    if (length < 0) fail("cannot list group " + path_);
    std::string name(static_cast<std::size_t>(length), '\0');
    H5Lget_name_by_idx(id(), ".", index, H5_ITER_INC, i, name.data(), name.size() + 1, H5P_DEFAULT);
    if (has_child(id(), name, type, file_, path_, followed_)) names.push_back(std::move(name));
  }
  return names;
}

bool H5Group::has_attribute(const std::string& name) const {
  const bool exists = H5Aexists(id(), name.c_str()) > 0;
  H5Eclear2(H5E_DEFAULT);
  return exists;
}

namespace {

// Writes a scalar attribute of any HDF5 object; false when HDF5 fails.
template <class T>
bool write_scalar_attribute(hid_t object, const std::string& name, const T& value) {
  H5Handle space(H5Screate(H5S_SCALAR), H5Sclose);
  if constexpr (std::is_same_v<T, std::string>) {
    const H5Handle type = string_type();
    H5Handle attr(H5Acreate2(object, name.c_str(), type.get(), space.get(), H5P_DEFAULT, H5P_DEFAULT), H5Aclose);
    const char* text = value.c_str();
    return attr.get() >= 0 && H5Awrite(attr.get(), type.get(), &text) >= 0;
  } else {
    H5Handle attr(H5Acreate2(object, name.c_str(), Numeric<T>::file(), space.get(), H5P_DEFAULT, H5P_DEFAULT),
                  H5Aclose);
    return attr.get() >= 0 && H5Awrite(attr.get(), Numeric<T>::memory(), &value) >= 0;
  }
}

}  // namespace

template <class T>
void H5Group::write_attribute(const std::string& name, const T& value) const {
  if (!write_scalar_attribute(id(), name, value)) fail("cannot write attribute '" + name + "' of " + path_);
}

template <class T>
T H5Group::read_attribute(const std::string& name) const {
  if (!has_attribute(name)) fail("no attribute '" + name + "' on " + path_);
  H5Handle attr(H5Aopen(id(), name.c_str(), H5P_DEFAULT), H5Aclose);
  if (attr.get() < 0) fail("cannot open attribute '" + name + "' of " + path_);
  const H5Handle type(H5Aget_type(attr.get()), H5Tclose);
  const H5Handle space(H5Aget_space(attr.get()), H5Sclose);
  if (!type_fits<T>(type.get()) || H5Sget_simple_extent_npoints(space.get()) != 1) {
    fail("attribute '" + name + "' of " + path_ + " is not a single " + type_name<T>());
  }
  T value{};
  bool ok = false;
  if constexpr (std::is_same_v<T, std::string>) {
    char* text = nullptr;
    const H5Handle memory = string_type();
    ok = H5Aread(attr.get(), memory.get(), &text) >= 0;
    value = take_string(text);
  } else {
    ok = H5Aread(attr.get(), Numeric<T>::memory(), &value) >= 0;
  }
  if (!ok) fail("cannot read attribute '" + name + "' of " + path_);
  return value;
}

template <class T>
void H5Group::write_dataset(const std::string& name, const std::vector<T>& values, const std::string& units) const {
  const hsize_t n = values.size();
  H5Handle space(H5Screate_simple(1, &n, nullptr), H5Sclose);
  bool ok = false;
  H5Handle set;
  if constexpr (std::is_same_v<T, std::string>) {
    const H5Handle type = string_type();
    set = H5Handle(H5Dcreate2(id(), name.c_str(), type.get(), space.get(), H5P_DEFAULT, H5P_DEFAULT, H5P_DEFAULT),
                   H5Dclose);
    std::vector<const char*> texts;
    for (const auto& v : values) texts.push_back(v.c_str());
    ok =
        set.get() >= 0 && (n == 0 || H5Dwrite(set.get(), type.get(), H5S_ALL, H5S_ALL, H5P_DEFAULT, texts.data()) >= 0);
  } else {
    const H5Handle dcpl = dataset_creation(n, sizeof(T));
    set = H5Handle(
        H5Dcreate2(id(), name.c_str(), Numeric<T>::file(), space.get(), H5P_DEFAULT, dcpl.get(), H5P_DEFAULT), H5Dclose);
    ok = set.get() >= 0 &&
         (n == 0 || H5Dwrite(set.get(), Numeric<T>::memory(), H5S_ALL, H5S_ALL, H5P_DEFAULT, values.data()) >= 0);
  }
  if (!ok) fail("cannot write dataset " + child_path(path_, name));
  if (!units.empty() && !write_scalar_attribute(set.get(), "units", units))
    fail("cannot write the units of " + child_path(path_, name));
}

H5Handle H5Group::open_dataset(const std::string& name, hsize_t& n) const {
  const std::string where = child_path(path_, name);
  if (!has_dataset(name)) fail("no dataset " + where);
  H5Handle set(H5Dopen2(id(), name.c_str(), H5P_DEFAULT), H5Dclose);
  if (set.get() < 0) fail("cannot open dataset " + where);
  const H5Handle space(H5Dget_space(set.get()), H5Sclose);
  if (H5Sget_simple_extent_ndims(space.get()) != 1) fail("dataset " + where + " is not 1-D");
  H5Sget_simple_extent_dims(space.get(), &n, nullptr);
  // What the dataset declares against what the file holds: a dataset can be declared with 10^9 entries
  // and never written (its reads would be fill values, at the cost of gigabytes), or claim storage past
  // the end of the file. No filter a results file uses expands its bytes more than deflate's 1032:1.
  const H5Handle type(H5Dget_type(set.get()), H5Tclose);
  const hsize_t stored = H5Dget_storage_size(set.get());
  const H5Handle file(H5Iget_file_id(set.get()), H5Fclose);
  hsize_t file_size = 0;
  H5Fget_filesize(file.get(), &file_size);
  const double declared = static_cast<double>(n) * static_cast<double>(std::max<std::size_t>(H5Tget_size(type.get()), 1));
  if (n > 0 && (stored == 0 || stored > file_size || declared > kMaxExpansion * static_cast<double>(stored)))
    fail("dataset " + where + " declares " + std::to_string(n) + " entries but the file stores " + std::to_string(stored) +
         " bytes of them");
  return set;
}

std::size_t H5Group::dataset_length(const std::string& name) const {
  hsize_t n = 0;
  open_dataset(name, n);
  return static_cast<std::size_t>(n);
}

template <class T>
std::vector<T> H5Group::read_dataset(const std::string& name) const {
  const std::string where = child_path(path_, name);
  hsize_t n = 0;
  const H5Handle set = open_dataset(name, n);
  const H5Handle type(H5Dget_type(set.get()), H5Tclose);
  if (!type_fits<T>(type.get())) fail("dataset " + where + " is not a 1-D dataset of type " + type_name<T>());
  std::vector<T> values(n);
  bool ok = true;
  if constexpr (std::is_same_v<T, std::string>) {
    std::vector<char*> texts(n, nullptr);
    const H5Handle memory = string_type();
    ok = n == 0 || H5Dread(set.get(), memory.get(), H5S_ALL, H5S_ALL, H5P_DEFAULT, texts.data()) >= 0;
    for (hsize_t i = 0; i < n; ++i) values[i] = take_string(texts[i]);
  } else {
    ok = n == 0 || H5Dread(set.get(), Numeric<T>::memory(), H5S_ALL, H5S_ALL, H5P_DEFAULT, values.data()) >= 0;
  }
  if (!ok) fail("cannot read dataset " + where);
  return values;
}

void H5Group::attach_scale(const std::string& scale, const std::vector<std::string>& datasets) const {
  attach_scale(scale, datasets, scale);
}

void H5Group::add_row_dimension(const std::string& name) const {
  const std::vector<std::string> columns = child_datasets();
  std::vector<std::int64_t> rows(columns.empty() ? 0 : dataset_length(columns.front()));
  for (std::size_t i = 0; i < rows.size(); ++i) rows[i] = static_cast<std::int64_t>(i);
  write_dataset(name, rows);
  // netCDF-C's mark of a dimension without a variable (libhdf5: DIM_WITHOUT_VARIABLE and its length).
  char mark[80];
  std::snprintf(mark, sizeof mark, "This is a netCDF dimension but not a netCDF variable.%10zu", rows.size());
  attach_scale(name, columns, mark);
}

void H5Group::attach_scale(const std::string& scale, const std::vector<std::string>& datasets,
                           const std::string& dimension_name) const {
  const std::string where = child_path(path_, scale);
  H5Handle set(H5Dopen2(id(), scale.c_str(), H5P_DEFAULT), H5Dclose);
  if (set.get() < 0) fail("cannot open dataset " + where);
  if (H5DSset_scale(set.get(), dimension_name.c_str()) < 0) fail("cannot make " + where + " a dimension scale");
  if (datasets.empty()) return;
  // The layout of the HDF5 dimension-scale specification, written once for all datasets instead of
  // H5DSattach_scale's rewrite of the scale's list per dataset: each dataset's DIMENSION_LIST holds, per
  // dimension, a variable-length list of references to its scales; the scale's REFERENCE_LIST one
  // (dataset reference, dimension) entry per dataset attached to it.
  struct Attached {
    hobj_ref_t dataset;
    unsigned int dimension;
  };
  hobj_ref_t to_scale{};
  if (H5Rcreate(&to_scale, set.get(), ".", H5R_OBJECT, -1) < 0) fail("cannot refer to " + where);
  hvl_t dimension_list{1, &to_scale};
  const H5Handle list_type(H5Tvlen_create(H5T_STD_REF_OBJ), H5Tclose);
  const hsize_t one = 1;
  const H5Handle one_entry(H5Screate_simple(1, &one, nullptr), H5Sclose);
  std::vector<Attached> attached;
  for (const auto& name : datasets) {
    Attached entry{};
    H5Handle list(H5Acreate_by_name(id(), name.c_str(), "DIMENSION_LIST", list_type.get(), one_entry.get(),
                                    H5P_DEFAULT, H5P_DEFAULT, H5P_DEFAULT),
                  H5Aclose);
    if (list.get() < 0 || H5Awrite(list.get(), list_type.get(), &dimension_list) < 0 ||
        H5Rcreate(&entry.dataset, id(), name.c_str(), H5R_OBJECT, -1) < 0) {
      fail("cannot attach " + where + " to " + child_path(path_, name) + " as its dimension scale");
    }
    attached.push_back(entry);
  }
  const H5Handle entry_type(H5Tcreate(H5T_COMPOUND, sizeof(Attached)), H5Tclose);
  H5Tinsert(entry_type.get(), "dataset", HOFFSET(Attached, dataset), H5T_STD_REF_OBJ);
  H5Tinsert(entry_type.get(), "dimension", HOFFSET(Attached, dimension), H5T_NATIVE_INT);
  const hsize_t n = attached.size();
  const H5Handle entries(H5Screate_simple(1, &n, nullptr), H5Sclose);
  H5Handle references(
      H5Acreate2(set.get(), "REFERENCE_LIST", entry_type.get(), entries.get(), H5P_DEFAULT, H5P_DEFAULT), H5Aclose);
  if (references.get() < 0 || H5Awrite(references.get(), entry_type.get(), attached.data()) < 0)
    fail("cannot list the datasets " + where + " is the dimension scale of");
}

template void H5Group::write_attribute(const std::string&, const std::string&) const;
template void H5Group::write_attribute(const std::string&, const std::int64_t&) const;
template void H5Group::write_attribute(const std::string&, const std::uint64_t&) const;
template void H5Group::write_attribute(const std::string&, const double&) const;
template std::string H5Group::read_attribute(const std::string&) const;
template std::int64_t H5Group::read_attribute(const std::string&) const;
template std::uint64_t H5Group::read_attribute(const std::string&) const;
template double H5Group::read_attribute(const std::string&) const;

template void H5Group::write_dataset(const std::string&, const std::vector<double>&, const std::string&) const;
template void H5Group::write_dataset(const std::string&, const std::vector<float>&, const std::string&) const;
template void H5Group::write_dataset(const std::string&, const std::vector<std::int64_t>&, const std::string&) const;
template void H5Group::write_dataset(const std::string&, const std::vector<std::uint64_t>&, const std::string&) const;
template void H5Group::write_dataset(const std::string&, const std::vector<std::uint8_t>&, const std::string&) const;
template void H5Group::write_dataset(const std::string&, const std::vector<std::string>&, const std::string&) const;
template std::vector<double> H5Group::read_dataset(const std::string&) const;
template std::vector<float> H5Group::read_dataset(const std::string&) const;
template std::vector<std::int64_t> H5Group::read_dataset(const std::string&) const;
template std::vector<std::uint64_t> H5Group::read_dataset(const std::string&) const;
template std::vector<std::uint8_t> H5Group::read_dataset(const std::string&) const;
template std::vector<std::string> H5Group::read_dataset(const std::string&) const;

H5File H5File::create(const std::string& path) {
  silence_error_printing();
  H5Handle fcpl(H5Pcreate(H5P_FILE_CREATE), H5Pclose);
  H5Pset_link_creation_order(fcpl.get(), H5P_CRT_ORDER_TRACKED | H5P_CRT_ORDER_INDEXED);
  H5Handle fapl(H5Pcreate(H5P_FILE_ACCESS), H5Pclose);
  H5Pset_fapl_core(fapl.get(), 1 << 20, false);  // in memory only: close() writes the image out
  H5Handle file(H5Fcreate(path.c_str(), H5F_ACC_TRUNC, fcpl.get(), fapl.get()), H5Fclose);
  if (file.get() < 0) throw std::runtime_error(with_reason(path + ": cannot create HDF5 file"));
  return H5File(std::move(file), path);
}

H5File H5File::open(const std::string& path, const std::string& followed_folder) {
  silence_error_printing();
  files::check_regular_file(path);  // a FIFO would block the library's open, a device never end
  H5Handle file(H5Fopen(path.c_str(), H5F_ACC_RDONLY, H5P_DEFAULT), H5Fclose);
  if (file.get() < 0) throw std::runtime_error(with_reason(path + ": cannot open as an HDF5 file"));
  return H5File(std::move(file), path, followed_folder);
}

H5File::H5File(H5Handle file, std::string path, std::string followed)
    : H5Group(H5Handle(H5Gopen2(file.get(), "/", H5P_DEFAULT), H5Gclose), std::move(path), "/", std::move(followed)),
      file_handle_(std::move(file)) {}

void H5File::close() {
  std::vector<char> image;
  const bool flushed = H5Fflush(file_handle_.get(), H5F_SCOPE_GLOBAL) >= 0;
  const ssize_t size = flushed ? H5Fget_file_image(file_handle_.get(), nullptr, 0) : -1;
  if (size > 0) image.resize(static_cast<std::size_t>(size));
  const bool imaged = size > 0 && H5Fget_file_image(file_handle_.get(), image.data(), image.size()) == size;
  const bool root_closed = handle_.close();
  const bool file_closed = file_handle_.close();
  if (!imaged || !root_closed || !file_closed) throw std::runtime_error(with_reason(file_name() + ": cannot close the file"));
  files::write_file_atomically(file_name(), std::string_view(image.data(), image.size()));
}

}  // namespace autobench::hdf5
