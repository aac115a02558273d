// The sim backend: an analytic device (sim_model.hpp) with seeded timing noise and finite memory.
// Everything it produces is labelled backend "sim".
#pragma once

#include <cstdint>
#include <memory>
#include <random>

#include "suite/backend/device.hpp"
#include "suite/backend/sim/sim_model.hpp"

namespace autobench::backend::sim {

struct SimOptions {
  std::uint64_t seed = 1;
  int rank = 0;                    // distinguishes UUIDs and noise streams of several ranks
  std::string hostname;            // recorded as the device's host
  // Memory the device really has for allocations; 0 = the model's memory. Setting it below what
  // free_memory_bytes() reports makes allocations fail before the estimated maximum size.
  std::uint64_t usable_memory_bytes = 0;
  // > 0: sleep this many times the simulated kernel time, so runs take real time (signals, budgets).
  double realtime_factor = 0;
};

class SimDevice final : public Device {
 public:
  SimDevice(SimModel model, SimOptions options);

  const DeviceInfo& info() const override { return info_; }
  std::uint64_t free_memory_bytes() override;
  std::unique_ptr<Workload> prepare(const kernels::KernelSpec& kernel, std::uint64_t n) override;

  const SimModel& model() const { return model_; }

 private:
  friend class SimWorkload;
  SimModel model_;
  SimOptions options_;
  DeviceInfo info_;
  std::mt19937_64 rng_;
  std::uint64_t allocated_ = 0;
};

// Bytes the sim allocates for a kernel at size n (float32 elements plus a fixed context overhead).
std::uint64_t sim_footprint_bytes(const kernels::KernelSpec& kernel, std::uint64_t n);

}  // namespace autobench::backend::sim
