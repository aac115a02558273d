// parallel_for: runs body(i) for every i in [0, count) on the machine's cores (the CPU-side work of a
// backend: NVRTC compiles, CPU references), the first exception rethrown once every thread is done.
#pragma once

#include <cstddef>
#include <functional>

namespace autobench::backend {

// Threads take `grain` consecutive indices at a time (1 for heavy items such as compiles, thousands
// for cheap ones); at most hardware_concurrency threads, and none more than count / grain.
void parallel_for(std::size_t count, std::size_t grain, const std::function<void(std::size_t)>& body);

}  // namespace autobench::backend
