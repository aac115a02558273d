// parallel_for: runs body(i) for every i in [0, count) on the machine's cores (the CPU-side work of a
// backend: NVRTC compiles, CPU references), the first exception rethrown once every thread is done.
#pragma once

#include <cstddef>
#include <functional>

namespace autobench::backend {

// The cores this process may run on (its CPU affinity, e.g. one when mpirun binds each rank to a core,
// its default for up to 2 ranks), else hardware_concurrency; divided among the ranks of this node
// (share_cores) while the affinity is the whole machine (unbound ranks); at least 1.
unsigned usable_cores();

// `ranks` processes of this node work at once (MPI ranks): while they are not bound to cores of their
// own, each takes its share of the machine's cores rather than all of them (two unbound ranks each
// running a thread per core made the dataset's verification 25 % slower). 1 (the default): all.
void share_cores(int ranks);

// Threads take `grain` consecutive indices at a time (1 for heavy items such as compiles, thousands
// for cheap ones); at most usable_cores() threads, and none more than count / grain.
void parallel_for(std::size_t count, std::size_t grain, const std::function<void(std::size_t)>& body);

}  // namespace autobench::backend
