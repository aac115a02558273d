// NVML clock-event reasons by name: which bits mean throttling, and which of those a healthy GPU never shows.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace autobench::results {

// Clock-event reasons that mean thermal or power throttling: SW power cap (0x4), HW slowdown (0x8),
// SW and HW thermal slowdown (0x20, 0x40) and HW power brake (0x80).
inline constexpr std::uint64_t kThrottleReasons = 0x4 | 0x8 | 0x20 | 0x40 | 0x80;
// Those of them a healthy GPU does not show under load: all but the SW power cap, which a GPU at its
// power limit (gemm on an H100) reaches by design.
inline constexpr std::uint64_t kUnhealthyReasons = kThrottleReasons & ~std::uint64_t{0x4};

// The throttle reasons among `reasons`, by name, in bit order ("sw_thermal_slowdown", "hw_slowdown").
std::vector<std::string> throttle_reason_list(std::uint64_t reasons);
// The same joined by "+" ("sw_thermal_slowdown+hw_slowdown"); "" if none.
std::string throttle_reason_names(std::uint64_t reasons);

}  // namespace autobench::results
