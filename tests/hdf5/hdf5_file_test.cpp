// The HDF5 wrapper: every attribute and dataset type written and read back, group listing order,
// and failures that name the file and the object.
#include "suite/hdf5/hdf5_file.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>
#include <fstream>
#include <limits>

#include <hdf5_hl.h>
#include <sys/stat.h>

#include "tests/support/error_text.hpp"
#include "tests/support/scratch.hpp"

namespace autobench::hdf5 {
namespace {

using testing::contains;
namespace fs = std::filesystem;

template <class F>
std::string error_of(F&& f) {
  return testing::error_of<std::runtime_error>(f);
}

TEST(Hdf5File, AttributesOfEveryTypeRoundTrip) {
  testing::ScratchDir scratch;
  const auto path = scratch.path("a.h5");
  {
    auto file = H5File::create(path);
    {
      const auto g = file.create_group("g");
      g.write_attribute<std::string>("text", "caf\u00e9 \"quoted\"\nsecond line");
      g.write_attribute<std::string>("empty", "");
      g.write_attribute<std::int64_t>("negative", std::numeric_limits<std::int64_t>::min());
      g.write_attribute<std::uint64_t>("big", std::numeric_limits<std::uint64_t>::max());
      g.write_attribute<double>("third", 1.0 / 3.0);
      g.write_attribute<double>("nan", std::nan(""));
    }
    file.write_attribute<std::int64_t>("root", 7);
    file.close();
  }
  const auto file = H5File::open(path);
  const auto g = file.open_group("g");
  EXPECT_EQ(g.read_attribute<std::string>("text"), "caf\u00e9 \"quoted\"\nsecond line");
  EXPECT_EQ(g.read_attribute<std::string>("empty"), "");
  EXPECT_EQ(g.read_attribute<std::int64_t>("negative"), std::numeric_limits<std::int64_t>::min());
  EXPECT_EQ(g.read_attribute<std::uint64_t>("big"), std::numeric_limits<std::uint64_t>::max());
  EXPECT_EQ(g.read_attribute<double>("third"), 1.0 / 3.0);
  EXPECT_TRUE(std::isnan(g.read_attribute<double>("nan")));
  EXPECT_EQ(file.read_attribute<std::int64_t>("root"), 7);
  EXPECT_TRUE(g.has_attribute("big"));
  EXPECT_FALSE(g.has_attribute("small"));
}

TEST(Hdf5File, DatasetsOfEveryTypeRoundTripIncludingEmptyOnes) {
  testing::ScratchDir scratch;
  const auto path = scratch.path("d.h5");
  const std::vector<double> doubles{0.1, -0.0, std::numeric_limits<double>::infinity(), 5e-324};
  const std::vector<std::int64_t> ints{-1, 0, std::numeric_limits<std::int64_t>::max()};
  const std::vector<std::uint64_t> uints{0, 0x8000000000000001ULL};
  const std::vector<std::uint8_t> bytes{0, 1, 255};
  const std::vector<std::string> texts{"", "BLOCK_SIZE=256,VW=4", "\u00e9"};
  {
    auto file = H5File::create(path);
    file.write_dataset("doubles", doubles);
    file.write_dataset("ints", ints);
    file.write_dataset("uints", uints);
    file.write_dataset("bytes", bytes);
    file.write_dataset("texts", texts);
    file.write_dataset("no_doubles", std::vector<double>{});
    file.write_dataset("no_texts", std::vector<std::string>{});
    file.close();
  }
  const auto file = H5File::open(path);
  EXPECT_EQ(file.read_dataset<double>("doubles"), doubles);
  EXPECT_TRUE(std::signbit(file.read_dataset<double>("doubles")[1]));
  EXPECT_EQ(file.read_dataset<std::int64_t>("ints"), ints);
  EXPECT_EQ(file.read_dataset<std::uint64_t>("uints"), uints);
  EXPECT_EQ(file.read_dataset<std::uint8_t>("bytes"), bytes);
  EXPECT_EQ(file.read_dataset<std::string>("texts"), texts);
  EXPECT_TRUE(file.read_dataset<double>("no_doubles").empty());
  EXPECT_TRUE(file.read_dataset<std::string>("no_texts").empty());
}

TEST(Hdf5File, ChildGroupsAreListedInCreationOrderWithoutDatasets) {
  testing::ScratchDir scratch;
  const auto path = scratch.path("g.h5");
  {
    auto file = H5File::create(path);
    {
      const auto parent = file.create_group("parent");
      for (const char* name : {"rank10", "rank2", "b", "a"}) parent.create_group(name).create_group("inner");
      parent.write_dataset("data", std::vector<double>{1.0});
      EXPECT_EQ(parent.open_group("b").path(), "/parent/b");
    }
    file.close();
  }
  const auto file = H5File::open(path);
  const auto parent = file.open_group("parent");
  EXPECT_EQ(parent.child_groups(), (std::vector<std::string>{"rank10", "rank2", "b", "a"}));
  EXPECT_EQ(file.child_groups(), (std::vector<std::string>{"parent"}));
  EXPECT_TRUE(parent.has_group("a"));
  EXPECT_FALSE(parent.has_group("data"));
  EXPECT_FALSE(parent.has_group("c"));
  EXPECT_TRUE(parent.has_dataset("data"));
  EXPECT_FALSE(parent.has_dataset("a")) << "a group";
  EXPECT_FALSE(parent.has_dataset("c"));
}

TEST(Hdf5File, FailuresNameTheFileAndTheObject) {
  testing::ScratchDir scratch;
  const auto path = scratch.path("e.h5");
  auto file = H5File::create(path);
  const auto g = file.create_group("g");
  g.write_attribute<std::int64_t>("n", 1);
  g.write_dataset("values", std::vector<double>{1.0});

  EXPECT_TRUE(contains(error_of([&] { file.create_group("g"); }), path + ": cannot create group /g"));
  EXPECT_TRUE(contains(error_of([&] { g.write_attribute<std::int64_t>("n", 2); }),
                       path + ": cannot write attribute 'n' of /g"));
  EXPECT_TRUE(contains(error_of([&] { g.read_attribute<std::int64_t>("m"); }), path + ": no attribute 'm' on /g"));
  EXPECT_TRUE(contains(error_of([&] { g.read_attribute<std::string>("n"); }),
                       "attribute 'n' of /g is not a single variable-length string"));
  EXPECT_TRUE(contains(error_of([&] { g.read_attribute<double>("n"); }),
                       "attribute 'n' of /g is not a single floating-point number"));
  EXPECT_TRUE(contains(error_of([&] { g.read_dataset<std::int64_t>("values"); }),
                       "dataset /g/values is not a 1-D dataset of type integer"));
  EXPECT_TRUE(contains(error_of([&] { g.read_dataset<double>("missing"); }), path + ": no dataset /g/missing"));
  EXPECT_TRUE(contains(error_of([&] { file.open_group("h"); }), path + ": no group /h"));
}

TEST(Hdf5File, OpeningSomethingElseNamesTheFile) {
  testing::ScratchDir scratch;
  const auto text = scratch.path("notes.txt");
  std::ofstream(text) << "not HDF5\n";
  EXPECT_TRUE(contains(error_of([&] { H5File::open(text); }), text + ": cannot open as an HDF5 file"));
  const auto missing = scratch.path("missing.h5");
  EXPECT_EQ(error_of([&] { H5File::open(missing); }), missing + ": no such file");
  auto nowhere = H5File::create(scratch.path("no/such/dir.h5"));
  EXPECT_EQ(error_of([&] { nowhere.close(); }),
            "cannot write " + scratch.path("no/such/dir.h5") + ": No such file or directory");
}

TEST(Hdf5File, SpecialFilesAreRefusedByWhatTheyAreWithoutBlocking) {
  testing::ScratchDir scratch;
  const auto fifo = scratch.path("fifo");
  ASSERT_EQ(mkfifo(fifo.c_str(), 0600), 0);
  EXPECT_EQ(error_of([&] { H5File::open(fifo); }), fifo + ": is a FIFO, not a regular file");
  EXPECT_EQ(error_of([&] { H5File::open("/dev/zero"); }), "/dev/zero: is a character device, not a regular file");
  const auto dir = scratch.path("dir.h5");
  fs::create_directory(dir);
  EXPECT_EQ(error_of([&] { H5File::open(dir); }), dir + ": is a directory, not a regular file");
}

// A file written by another program: datasets declared but never written, and links.
TEST(Hdf5File, DeclaredSizesBeyondTheStoredBytesAndLinksAreRefused) {
  testing::ScratchDir scratch;
  const auto path = scratch.path("forged.h5");
  {
    auto file = H5File::create(path);
    file.write_dataset("real", std::vector<double>(1000, 1.0));
    file.close();
  }
  {
    const hid_t f = H5Fopen(path.c_str(), H5F_ACC_RDWR, H5P_DEFAULT);
    const hsize_t huge = 1'000'000'000;
    const hid_t space = H5Screate_simple(1, &huge, nullptr);
    H5Dclose(H5Dcreate2(f, "unwritten", H5T_IEEE_F64LE, space, H5P_DEFAULT, H5P_DEFAULT, H5P_DEFAULT));
    H5Sclose(space);
    H5Lcreate_soft("/real", f, "soft", H5P_DEFAULT, H5P_DEFAULT);
    H5Lcreate_external("/dev/zero", "/data", f, "external", H5P_DEFAULT, H5P_DEFAULT);
    H5Fclose(f);
  }
  const auto file = H5File::open(path);
  EXPECT_EQ(file.read_dataset<double>("real").size(), 1000u);
  EXPECT_EQ(error_of([&] { file.read_dataset<double>("unwritten"); }),
            path + ": dataset /unwritten declares 1000000000 entries but the file stores 0 bytes of them");
  EXPECT_EQ(error_of([&] { file.dataset_length("unwritten"); }),
            path + ": dataset /unwritten declares 1000000000 entries but the file stores 0 bytes of them");
  EXPECT_EQ(error_of([&] { file.read_dataset<double>("soft"); }), path + ": /soft is a soft link (links are not followed)");
  EXPECT_EQ(error_of([&] { file.has_dataset("external"); }),
            path + ": /external is an external link (links are not followed)");
}

TEST(Hdf5File, NothingReachesTheDiskBeforeCloseAndAFailedCloseKeepsTheOldFile) {
  testing::ScratchDir scratch;
  const auto path = scratch.path("kept.h5");
  {
    auto file = H5File::create(path);
    file.write_attribute<std::int64_t>("version", 1);
    file.close();
  }
  {
    auto abandoned = H5File::create(path);  // an exception while writing: destroyed without close()
    abandoned.write_attribute<std::int64_t>("version", 2);
    EXPECT_EQ(H5File::open(path).read_attribute<std::int64_t>("version"), 1) << "nothing written before close()";
  }
  EXPECT_EQ(H5File::open(path).read_attribute<std::int64_t>("version"), 1) << "discarded, not written";
  EXPECT_EQ(std::distance(fs::directory_iterator(scratch.path("")), fs::directory_iterator()), 1)
      << "no temporary file left";
}

// Raw HDF5 (the wrapper reads no dataset attributes): the `units` of /g/<name>, "" when it has none, and
// the name of the dimension scale attached to its dimension 0 ("" when none; itself when it is one), and
// whether the HDF5 library finds it attached from both sides (the scale's list of datasets too).
struct Described {
  std::string units, scale;
  bool is_scale = false;
  bool attached = false;
};

Described described(const std::string& path, const std::string& name) {
  Described d;
  const hid_t file = H5Fopen(path.c_str(), H5F_ACC_RDONLY, H5P_DEFAULT);
  const hid_t set = H5Dopen2(file, ("/g/" + name).c_str(), H5P_DEFAULT);
  if (H5Aexists(set, "units") > 0) {
    const hid_t attr = H5Aopen(set, "units", H5P_DEFAULT);
    const hid_t type = H5Aget_type(attr);
    char* text = nullptr;
    H5Aread(attr, type, &text);
    d.units = text;
    H5free_memory(text);
    H5Tclose(type);
    H5Aclose(attr);
  }
  d.is_scale = H5DSis_scale(set) > 0;
  H5DSiterate_scales(
      set, 0, nullptr,
      [](hid_t, unsigned, hid_t scale, void* out) -> herr_t {
        char scale_name[64] = {};
        H5Iget_name(scale, scale_name, sizeof scale_name);
        *static_cast<std::string*>(out) = scale_name;
        return 1;
      },
      &d.scale);
  if (!d.scale.empty()) {
    const hid_t scale = H5Dopen2(file, d.scale.c_str(), H5P_DEFAULT);
    d.attached = H5DSis_attached(set, scale, 0) > 0 && H5DSget_num_scales(set, 0) == 1;
    H5Dclose(scale);
  }
  H5Dclose(set);
  H5Fclose(file);
  return d;
}

TEST(Hdf5File, DatasetsCarryUnitsAndTheirDimensionScale) {
  testing::ScratchDir scratch;
  const auto path = scratch.path("s.h5");
  {
    auto file = H5File::create(path);
    {
      const auto g = file.create_group("g");
      g.write_dataset<std::uint64_t>("size", {1, 2, 4}, "1");
      g.write_dataset<double>("time_s", {0.5, 0.25, 0.125}, "s");
      g.write_dataset<std::string>("note", {"a", "b", ""});
      g.write_dataset<double>("energy_j", {1.0, 2.0, 4.0}, "J");
      g.write_dataset<double>("empty", {}, "J");
      g.attach_scale("size", {"time_s", "note", "energy_j"});
      g.attach_scale("empty", {});
      EXPECT_TRUE(contains(error_of([&] { g.attach_scale("nosuch", {"note"}); }), "/g/nosuch"));
      const auto h = file.create_group("h");
      h.write_dataset<std::uint64_t>("size", {1, 2});
      EXPECT_TRUE(contains(error_of([&] { h.attach_scale("size", {"missing"}); }), "/h/missing"));
    }
    file.close();
  }
  for (const char* name : {"time_s", "note", "energy_j"}) {
    const auto d = described(path, name);
    EXPECT_EQ(d.scale, "/g/size") << name;
    EXPECT_TRUE(d.attached) << name << ": the scale's REFERENCE_LIST names it, as HDF5 reads it";
    EXPECT_FALSE(d.is_scale) << name;
  }
  EXPECT_EQ(described(path, "time_s").units, "s");
  EXPECT_EQ(described(path, "energy_j").units, "J");
  EXPECT_EQ(described(path, "note").units, "");
  const auto size = described(path, "size");
  EXPECT_EQ(size.units, "1");
  EXPECT_TRUE(size.is_scale);
  EXPECT_TRUE(described(path, "empty").is_scale);
  EXPECT_EQ(described(path, "empty").units, "J");
  EXPECT_EQ(H5File::open(path).open_group("g").read_dataset<double>("time_s"), (std::vector<double>{0.5, 0.25, 0.125}));
}

}  // namespace
}  // namespace autobench::hdf5
