// The first GEMM configuration of the tuning space with a given tile and thread grid, for tests.
#pragma once

#include <gtest/gtest.h>

#include <cstdint>

#include "kernels/tuning.hpp"

namespace autobench::testing {

// The first configuration (tuning_space order at size 1024) with these MWG, NWG, MDIMC and NDIMC; an
// empty one, and a test failure, when there is none.
inline kernels::Tunables gemm_config(std::int64_t mwg, std::int64_t nwg, std::int64_t mdimc, std::int64_t ndimc) {
  for (const auto& c : kernels::tuning_space(*kernels::find("gemm"), 1024))
    if (c.at("MWG") == mwg && c.at("NWG") == nwg && c.at("MDIMC") == mdimc && c.at("NDIMC") == ndimc) return c;
  ADD_FAILURE() << "no GEMM configuration with MWG " << mwg << ", NWG " << nwg << ", MDIMC " << mdimc << ", NDIMC " << ndimc;
  return {};
}

}  // namespace autobench::testing
