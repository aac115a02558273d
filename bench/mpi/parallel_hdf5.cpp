// Benchmark (issue 44): per-rank HDF5 part files against one shared file written with parallel HDF5.
//
// Each rank writes the shape of one rank's part of a run: G campaign groups (6 datasets of P doubles,
// 4 attributes each) and S sweep groups (C datasets of P doubles, 2 attributes each). Modes:
//   parts       each rank creates DIR/parts/rank<R>.h5 alone (default file driver) and writes it;
//   shared      one file DIR/shared.h5 opened with H5Pset_fapl_mpio; object creation and attribute writes
//               are collective, so every rank creates every rank's groups, datasets and attributes
//               (under /rank<R>) in the same order; each rank writes its own datasets' data (independent);
//   collective  as shared, but data written with collective transfers (every rank calls H5Dwrite on every
//               dataset, selecting nothing for the others' datasets) and collective metadata writes.
// It prints, per mode, the write phase (file create to file close, barrier before; the max over ranks)
// and the bytes written. Not part of the build or of CI: bench/mpi/parallel_hdf5.sh builds it against a
// parallel HDF5 (e.g. Debian's libhdf5-openmpi-dev unpacked under a prefix) and runs it:
//   bash bench/mpi/parallel_hdf5.sh HDF5_PREFIX OUT_DIR "1 2 4 8 16"
//   mpirun -n N ./parallel_hdf5 DIR MODE [G S C P]        (G=400 S=50 C=30 P=100 by default)
// Results: bench/mpi/README.md, "Parallel HDF5 against per-rank parts".
#include <hdf5.h>
#include <mpi.h>
#include <sys/stat.h>

#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

namespace {

struct Shape {
  int campaigns = 400, sweeps = 50, columns = 30, points = 100;
};

constexpr int kCampaignDatasets = 6;

enum class Data { Write, Skip, WriteCollective, NoneCollective };

hid_t check(hid_t id, const char* what) {
  if (id < 0) {
    std::fprintf(stderr, "HDF5 call failed: %s\n", what);
    MPI_Abort(MPI_COMM_WORLD, 1);
  }
  return id;
}

void attribute(hid_t parent, const char* name, hid_t type, const void* value) {
  hid_t space = check(H5Screate(H5S_SCALAR), "H5Screate");
  hid_t attr = check(H5Acreate2(parent, name, type, space, H5P_DEFAULT, H5P_DEFAULT), name);
  check(H5Awrite(attr, type, value), name);
  H5Aclose(attr);
  H5Sclose(space);
}

void string_attribute(hid_t parent, const char* name, const std::string& value) {
  hid_t type = H5Tcopy(H5T_C_S1);
  H5Tset_size(type, value.size());
  attribute(parent, name, type, value.c_str());
  H5Tclose(type);
}

// One 1-D dataset of `values` doubles; its data written as `data` says (with `xfer` for the transfer).
void dataset(hid_t parent, const std::string& name, const std::vector<double>& values, Data data,
             hid_t xfer) {
  hsize_t n = values.size();
  hid_t space = check(H5Screate_simple(1, &n, nullptr), "H5Screate_simple");
  hid_t set = check(H5Dcreate2(parent, name.c_str(), H5T_NATIVE_DOUBLE, space, H5P_DEFAULT,
                               H5P_DEFAULT, H5P_DEFAULT),
                    name.c_str());
  if (data == Data::Write || data == Data::WriteCollective) {
    check(H5Dwrite(set, H5T_NATIVE_DOUBLE, H5S_ALL, H5S_ALL, xfer, values.data()), "H5Dwrite");
  } else if (data == Data::NoneCollective) {
    H5Sselect_none(space);
    check(H5Dwrite(set, H5T_NATIVE_DOUBLE, space, space, xfer, values.data()), "H5Dwrite none");
  }
  H5Dclose(set);
  H5Sclose(space);
}

hid_t group(hid_t parent, const std::string& name) {
  return check(H5Gcreate2(parent, name.c_str(), H5P_DEFAULT, H5P_DEFAULT, H5P_DEFAULT), name.c_str());
}

// Rank `rank`'s campaigns and sweeps under `parent`; values depend only on (rank, object), so every rank
// can create (and write the attributes of) any rank's objects identically, as parallel HDF5 requires.
void write_rank(hid_t parent, int rank, const Shape& shape, Data data, hid_t xfer) {
  std::vector<double> values(shape.points);
  auto fill = [&](int seed) {
    for (int i = 0; i < shape.points; ++i) values[i] = rank * 1e6 + seed * 1e2 + i * 0.5;
  };
  hid_t campaigns = group(parent, "campaigns");
  for (int c = 0; c < shape.campaigns; ++c) {
    hid_t g = group(campaigns, "c" + std::to_string(c));
    double knee = 1e3 * (c + 1) + rank;
    int repeats = 3 + c % 5;
    attribute(g, "knee", H5T_NATIVE_DOUBLE, &knee);
    attribute(g, "repeats", H5T_NATIVE_INT, &repeats);
    string_attribute(g, "kernel", "kernel_" + std::to_string(c % 40));
    string_attribute(g, "stop_reason", c % 3 ? "saturated" : "max_size");
    for (int d = 0; d < kCampaignDatasets; ++d) {
      fill(c * kCampaignDatasets + d);
      dataset(g, "d" + std::to_string(d), values, data, xfer);
    }
    H5Gclose(g);
  }
  H5Gclose(campaigns);
  hid_t sweeps = group(parent, "sweeps");
  for (int s = 0; s < shape.sweeps; ++s) {
    hid_t g = group(sweeps, "s" + std::to_string(s));
    string_attribute(g, "kernel", "kernel_" + std::to_string(s % 40));
    attribute(g, "points", H5T_NATIVE_INT, &shape.points);
    for (int col = 0; col < shape.columns; ++col) {
      fill(1000000 + s * shape.columns + col);
      dataset(g, "col" + std::to_string(col), values, data, xfer);
    }
    H5Gclose(g);
  }
  H5Gclose(sweeps);
}

void write_parts(const std::string& dir, int rank, const Shape& shape) {
  std::string path = dir + "/parts/rank" + std::to_string(rank) + ".h5";
  hid_t file = check(H5Fcreate(path.c_str(), H5F_ACC_TRUNC, H5P_DEFAULT, H5P_DEFAULT), path.c_str());
  write_rank(file, rank, shape, Data::Write, H5P_DEFAULT);
  H5Fclose(file);
}

void write_shared(const std::string& dir, int rank, int ranks, const Shape& shape, bool collective) {
  hid_t fapl = H5Pcreate(H5P_FILE_ACCESS);
  H5Pset_fapl_mpio(fapl, MPI_COMM_WORLD, MPI_INFO_NULL);
  if (collective) {
    H5Pset_all_coll_metadata_ops(fapl, true);
    H5Pset_coll_metadata_write(fapl, true);
  }
  std::string path = dir + "/shared.h5";
  hid_t file = check(H5Fcreate(path.c_str(), H5F_ACC_TRUNC, H5P_DEFAULT, fapl), path.c_str());
  hid_t xfer = H5Pcreate(H5P_DATASET_XFER);
  H5Pset_dxpl_mpio(xfer, collective ? H5FD_MPIO_COLLECTIVE : H5FD_MPIO_INDEPENDENT);
  for (int r = 0; r < ranks; ++r) {
    hid_t g = group(file, "rank" + std::to_string(r));
    Data data = r == rank ? (collective ? Data::WriteCollective : Data::Write)
                          : (collective ? Data::NoneCollective : Data::Skip);
    write_rank(g, r, shape, data, xfer);
    H5Gclose(g);
  }
  H5Pclose(xfer);
  H5Fclose(file);
  H5Pclose(fapl);
}

long long file_size(const std::string& path) {
  struct stat st {};
  return stat(path.c_str(), &st) == 0 ? static_cast<long long>(st.st_size) : -1;
}

}  // namespace

int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  int rank = 0, ranks = 1;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &ranks);
  std::string mode = argc > 2 ? argv[2] : "";
  if ((argc != 3 && argc != 7) || (mode != "parts" && mode != "shared" && mode != "collective")) {
    if (rank == 0)
      std::fprintf(stderr, "usage: %s DIR parts|shared|collective [G S C P]; got mode '%s'\n", argv[0],
                   mode.c_str());
    MPI_Finalize();
    return 2;
  }
  std::string dir = argv[1];
  Shape shape;
  if (argc == 7) shape = {std::atoi(argv[3]), std::atoi(argv[4]), std::atoi(argv[5]), std::atoi(argv[6])};
  if (mode == "parts" && rank == 0) mkdir((dir + "/parts").c_str(), 0755);

  MPI_Barrier(MPI_COMM_WORLD);
  double t0 = MPI_Wtime();
  if (mode == "parts")
    write_parts(dir, rank, shape);
  else
    write_shared(dir, rank, ranks, shape, mode == "collective");
  double mine = MPI_Wtime() - t0, slowest = 0;
  MPI_Reduce(&mine, &slowest, 1, MPI_DOUBLE, MPI_MAX, 0, MPI_COMM_WORLD);
  MPI_Barrier(MPI_COMM_WORLD);

  if (rank == 0) {
    long long bytes = 0;
    if (mode == "parts")
      for (int r = 0; r < ranks; ++r) bytes += file_size(dir + "/parts/rank" + std::to_string(r) + ".h5");
    else
      bytes = file_size(dir + "/shared.h5");
    unsigned major = 0, minor = 0, release = 0;
    H5get_libversion(&major, &minor, &release);
    std::printf("mode=%s ranks=%d G=%d S=%d C=%d P=%d write_s=%.3f bytes=%lld hdf5=%u.%u.%u\n",
                mode.c_str(), ranks, shape.campaigns, shape.sweeps, shape.columns, shape.points, slowest,
                bytes, major, minor, release);
  }
  MPI_Finalize();
  return 0;
}
