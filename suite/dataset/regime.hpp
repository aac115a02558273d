// Occupancy regimes of a launch: idle SMs, under-utilised, fully utilised (LLMPerf's three regimes).
// Pure logic: workgroups (thread blocks), block size and the device's SM count and residency limits.
#pragma once

#include <cstdint>
#include <string>

namespace autobench::dataset {

// idle:  fewer workgroups than SMs, so whole SMs get nothing to do;
// under: every SM gets a workgroup, but less than one full wave (SMs x resident blocks per SM), so
//        SMs run below their resident-thread limit;
// full:  at least one full wave: every SM holds as many blocks as it can.
enum class Regime { idle = 0, under = 1, full = 2 };
inline constexpr int kRegimes = 3;
const char* to_string(Regime r);
Regime regime_from_string(const std::string& text);  // throws std::invalid_argument naming the allowed ones

inline constexpr int kWarpSize = 32;

// Residency limits of one SM: thread and block slots, registers and shared memory.
struct Occupancy {
  int sm_count = 0;
  int max_threads_per_sm = 2048;
  int max_blocks_per_sm = 32;
  int registers_per_sm = 65536;
  int shared_bytes_per_sm = 233472;   // what blocks may use: 228 KiB on 9.0
  int shared_bytes_reserved = 1024;   // per resident block, by the system (8.0 on)
};
// The limits by compute capability (CUDA occupancy tables): 7.5: 1024 threads, 16 blocks; 8.6 and
// 8.9: 1536 threads, 16 / 24 blocks; 12.x: 1536 threads, 32 blocks; everything else (7.0, 8.0, 9.0,
// 10.x): 2048 threads, 32 blocks. 64 K registers everywhere; shared memory 64 KiB (7.5), 96 KiB (7.0),
// 100 KiB (8.6, 8.9, 12.x), 164 KiB (8.0, 8.7), 228 KiB (9.0, 10.x).
Occupancy occupancy_for(int sm_count, int cc_major, int cc_minor);

// Blocks of `block_threads` threads one SM holds at once (at least 1), limited by thread and block
// slots and, when given (> 0), by registers (per thread, allocated per warp) and shared memory per block.
int resident_blocks_per_sm(const Occupancy& o, int block_threads, double registers_per_thread = 0,
                           double shared_bytes = 0);
// Workgroups in one full wave: sm_count x resident blocks per SM.
std::uint64_t full_wave(const Occupancy& o, int block_threads);
Regime classify(std::uint64_t workgroups, const Occupancy& o, int block_threads);
// The workgroup range [lo, hi] of a regime at this block size (full: up to max_waves waves);
// lo > hi when the regime is empty (e.g. "under" when one block already fills an SM).
struct Range {
  std::uint64_t lo = 0, hi = 0;
  bool empty() const { return lo > hi; }
};
Range workgroup_range(Regime r, const Occupancy& o, int block_threads, double max_waves);

}  // namespace autobench::dataset
