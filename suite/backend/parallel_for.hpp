// parallel_for: runs body(i) for every i in [0, count) on the machine's cores (the CPU-side work of a
// backend: NVRTC compiles, CPU references), the first exception rethrown once every thread is done.
#pragma once

#include <cstddef>
#include <functional>

namespace autobench::backend {

// The cores this process may run on (its CPU affinity, e.g. one when mpirun binds each rank to a core,
// its default for up to 2 ranks), else hardware_concurrency; at least 1.
unsigned usable_cores();

// Threads take `grain` consecutive indices at a time (1 for heavy items such as compiles, thousands
// for cheap ones); at most usable_cores() threads, and none more than count / grain.
void parallel_for(std::size_t count, std::size_t grain, const std::function<void(std::size_t)>& body);

}  // namespace autobench::backend
