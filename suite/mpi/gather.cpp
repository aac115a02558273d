// String gather (see gather.hpp).
#include "suite/mpi/gather.hpp"

#include <numeric>
#include <stdexcept>

namespace autobench::mpi {

std::vector<std::string> gather_to_root(MPI_Comm comm, const std::string& mine) {
  int rank = 0, size = 1;
  MPI_Comm_rank(comm, &rank);
  MPI_Comm_size(comm, &size);
  if (mine.size() > static_cast<std::size_t>(std::numeric_limits<int>::max()))
    throw std::runtime_error("results of one rank exceed 2 GiB and cannot be gathered");
  int length = static_cast<int>(mine.size());
  std::vector<int> lengths(rank == 0 ? size : 0), offsets(rank == 0 ? size : 0);
  MPI_Gather(&length, 1, MPI_INT, lengths.data(), 1, MPI_INT, 0, comm);
  std::string all;
  if (rank == 0) {
    long long total = 0;
    for (int r = 0; r < size; ++r) {
      offsets[r] = static_cast<int>(total);
      total += lengths[r];
    }
    if (total > std::numeric_limits<int>::max()) throw std::runtime_error("gathered results exceed 2 GiB");
    all.resize(static_cast<std::size_t>(total));
  }
  MPI_Gatherv(mine.data(), length, MPI_CHAR, all.data(), lengths.data(), offsets.data(), MPI_CHAR, 0, comm);
  std::vector<std::string> out;
  for (int r = 0; rank == 0 && r < size; ++r) out.push_back(all.substr(offsets[r], lengths[r]));
  return out;
}

}  // namespace autobench::mpi
