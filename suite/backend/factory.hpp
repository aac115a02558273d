// Opens the device a rank drives, on the backend the run asked for.
#pragma once

#include <cstdint>
#include <memory>
#include <string>

#include "suite/backend/device.hpp"

namespace autobench::backend {

struct DeviceRequest {
  std::string backend;     // "cuda" or "sim"
  std::string sim_device;  // sim model name; "": model rank mod 2
  int rank = 0;
  int local_rank = 0;      // rank among the ranks of this node: selects the GPU
  int local_ranks = 1;
  std::uint64_t seed = 1;
  std::string hostname;
  double sim_realtime = 0;  // sim: sleep this many times the simulated time
  int core_sharers = 0;     // ranks of this node sharing this rank's CPU cores, itself included (0: local_ranks)
};

// Throws DeviceError when this rank cannot start (no GPU, driver error, too many ranks on the node)
// and std::invalid_argument for an unknown sim model.
std::unique_ptr<Device> open_device(const DeviceRequest& request);

// GPUs the CUDA runtime sees here (0 without a driver, or when built without CUDA).
int visible_cuda_devices();
bool cuda_backend_built();

}  // namespace autobench::backend
