// parallel_for: runs body(i) for every i in [0, count) on the machine's cores (the CPU-side work of a
// backend: NVRTC compiles, CPU references), the first exception rethrown once every thread is done.
#pragma once

#include <sched.h>

#include <cstddef>
#include <functional>
#include <vector>

namespace autobench::backend {

// The cores this process may run on (its CPU affinity, e.g. one when mpirun binds each rank to a core,
// its default for up to 2 ranks; else hardware_concurrency), divided among the ranks that share them
// (share_cores); at least 1.
unsigned usable_cores();

// `ranks` processes of this node (MPI ranks, this one included) may run on this process's cores: each
// takes its share rather than all of them (two unbound ranks each running a thread per core made the
// dataset's verification 25 % slower; four ranks confined to one cpuset, as a container or a job's
// cgroup does, would run four threads per core). 1 (the default): all.
void share_cores(int ranks);

// How many of the node's ranks, given their CPU affinity masks, may run on cores of rank `me`'s: those
// whose mask overlaps its mask, itself included (all of them when none is bound, 1 when each is bound
// to cores of its own, 2 when pairs share a socket).
int ranks_sharing(const std::vector<cpu_set_t>& masks, std::size_t me);

// Threads take `grain` consecutive indices at a time (1 for heavy items such as compiles, thousands
// for cheap ones); at most usable_cores() threads, and none more than count / grain.
void parallel_for(std::size_t count, std::size_t grain, const std::function<void(std::size_t)>& body);

}  // namespace autobench::backend
