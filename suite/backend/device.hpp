// The device backend interface: a device that can allocate a kernel's buffers at a problem size,
// launch a configured kernel, time it, and describe itself. `sim` and `cuda` implement it.
#pragma once

#include <cstdint>
#include <limits>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "kernels/kernel.hpp"
#include "suite/results/device_info.hpp"
#include "power/io/clock_lock.hpp"
#include "power/power_meter.hpp"

namespace autobench::backend {

inline constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

// How to time one configuration at one size.
struct TimingPlan {
  int warmup = 1;        // launches run and dropped before timing
  int iterations = 32;   // timed launches
  bool cold = false;     // flush L2 and re-initialise inputs between iterations
};

// The raw result of timing one configuration.
struct Timing {
  std::vector<double> seconds;          // one entry per timed iteration
  double sm_clock_mhz = kNaN;           // median SM clock seen during the timed iterations
  double mem_clock_mhz = kNaN;          // median memory clock seen during them
  double temperature_c = kNaN;
  std::uint64_t clock_event_reasons = 0;  // NVML clock-event (throttle) reason bits seen
};

// Buffers failed to allocate: the sweep stops with reason `out_of_memory`.
struct OutOfMemory : std::runtime_error {
  using std::runtime_error::runtime_error;
};
// A configuration produced a wrong result: an error naming it, never a data point.
struct VerificationError : std::runtime_error {
  using std::runtime_error::runtime_error;
};
// Any other device failure inside a campaign (launch failure, driver error).
struct DeviceError : std::runtime_error {
  using std::runtime_error::runtime_error;
};
// The device can no longer be used at all (lost from the bus, a driver failure that poisons every later
// call): not one campaign but the rank's whole plan ends; the rank reports it to rank 0 with its reason.
struct DeviceLost : DeviceError {
  using DeviceError::DeviceError;
};

// A kernel instantiated at one problem size with its buffers allocated; freed on destruction.
class Workload {
 public:
  virtual ~Workload() = default;
  // The tuning configurations to search at this size (one empty Tunables when the kernel has none).
  virtual std::vector<kernels::Tunables> configurations() const = 0;
  // Readies these configurations before their first launch (the cuda backend compiles them, in
  // parallel); by default nothing, each being readied when first used.
  virtual void precompile(const std::vector<kernels::Tunables>& configs) const { (void)configs; }
  // Checks the configuration's output against a CPU reference; throws VerificationError.
  virtual void verify(const kernels::Tunables& config) = 0;
  virtual Timing time(const kernels::Tunables& config, const TimingPlan& plan) = 0;
  virtual std::uint64_t allocated_bytes() const = 0;
  // Runs the configuration `launches` times back to back and returns when they finished (power
  // windows). By default through time(); backends override it to launch without timing each launch.
  virtual void run(const kernels::Tunables& config, int launches) { time(config, TimingPlan{0, launches, false}); }
};

class Device {
 public:
  virtual ~Device() = default;
  virtual const results::DeviceInfo& info() const = 0;
  virtual std::uint64_t free_memory_bytes() = 0;
  // Allocates the kernel's buffers at size n; throws OutOfMemory when they do not fit.
  virtual std::unique_ptr<Workload> prepare(const kernels::KernelSpec& kernel, std::uint64_t n) = 0;
  // The device's power sensor for power windows; nullptr when it has none (info().power_sensor says why).
  virtual power::PowerMeter* power_meter() { return nullptr; }
  // Clock locking for calibration (needs root on a GPU); nullptr when the device cannot lock clocks.
  virtual power::io::ClockBackend* clock_backend() { return nullptr; }
  // What one block of the configuration takes once compiled for this device (registers per thread,
  // static shared memory), which decides how many blocks an SM holds; nullopt when this backend
  // compiles nothing (sim), where the kernel's estimate (KernelSpec::resources) stands in.
  virtual std::optional<kernels::BlockResources> block_resources(const kernels::KernelSpec& kernel,
                                                                 const kernels::Tunables& config) {
    (void)kernel;
    (void)config;
    return std::nullopt;
  }
};

}  // namespace autobench::backend
