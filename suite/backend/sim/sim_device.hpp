// The sim backend: an analytic device (sim_model.hpp) with seeded timing noise and finite memory.
// Everything it produces is labelled backend "sim".
#pragma once

#include <cstdint>
#include <memory>
#include <random>

#include "suite/backend/device.hpp"
#include "suite/backend/sim/sim_model.hpp"
#include "suite/backend/sim/sim_power.hpp"

namespace autobench::backend::sim {

struct SimOptions {
  std::uint64_t seed = 1;
  int rank = 0;                    // distinguishes UUIDs and noise streams of several ranks
  std::string hostname;            // recorded as the device's host
  // Memory the device really has for allocations; 0 = the model's memory. Setting it below what
  // free_memory_bytes() reports makes allocations fail before the estimated maximum size.
  std::uint64_t usable_memory_bytes = 0;
  // > 0: sleep this many times every stretch of simulated time (timed launches, power windows, idling),
  // so runs take real time (signals, budgets, the cost of power windows).
  double realtime_factor = 0;
  // Fault injection for tests (sim_fault.hpp): >= 0: the device is lost (DeviceLost) on every
  // allocation after this many.
  std::int64_t lost_after_allocations = -1;
  // > 0: the timed launches of this size run throttled (sim_fault.hpp: slower clock, thermal reason).
  std::uint64_t throttle_size = 0;
  // Every timed launch reports a hot device (sim_fault.hpp: lower clock, kHotTemperatureC, thermal reason);
  // its model's peaks are scaled by kHotClockShare by whoever builds it (backend/factory.cpp).
  bool hot = false;
};

// One stretch of simulated time at constant board power (recorded while a power window samples).
struct PowerSegment {
  double start_s = 0, end_s = 0;
  double watts = 0, clock_mhz = 0, temperature_c = 0;
};

class SimDevice final : public Device {
 public:
  SimDevice(SimModel model, SimOptions options);
  ~SimDevice() override;

  const results::DeviceInfo& info() const override { return info_; }
  std::uint64_t free_memory_bytes() override;
  std::unique_ptr<Workload> prepare(const kernels::KernelSpec& kernel, std::uint64_t n) override;
  // The simulated sensor (sim_power_meter.hpp) and clock lock (sim_clock_backend.hpp).
  power::PowerMeter* power_meter() override;
  power::io::ClockBackend* clock_backend() override;

  const SimModel& model() const { return model_; }
  const SimPowerModel& power() const { return power_; }

  // Simulated state: time advances only as kernels run or the device idles; nothing sleeps unless
  // SimOptions::realtime_factor > 0, which makes every advance sleep in proportion.
  double now_s() const { return now_s_; }
  double clock_mhz() const { return clock_mhz_; }
  void set_clock_mhz(double mhz) { clock_mhz_ = mhz; }
  double temperature_c() const { return temperature_c_; }
  // The device runs at `load` (0: idle) for `seconds`: power and temperature follow SimPowerModel.
  void advance(double seconds, double load);
  // While recording, advance() keeps a PowerSegment per call (the sim power meter's profile).
  void record(bool on);
  const std::vector<PowerSegment>& segments() const { return segments_; }
  std::uint64_t draw_seed() { return rng_(); }

 private:
  friend class SimWorkload;
  SimModel model_;
  SimOptions options_;
  results::DeviceInfo info_;
  std::mt19937_64 rng_;
  std::uint64_t allocated_ = 0;
  std::int64_t allocations_ = 0;
  SimPowerModel power_;
  double now_s_ = 0, clock_mhz_ = 0, temperature_c_ = 0;
  bool recording_ = false;
  std::vector<PowerSegment> segments_;
  std::unique_ptr<power::PowerMeter> meter_;
  std::unique_ptr<power::io::ClockBackend> clocks_;
};

// Bytes the sim allocates for a kernel at size n (float32 elements plus a fixed context overhead).
std::uint64_t sim_footprint_bytes(const kernels::KernelSpec& kernel, std::uint64_t n);

}  // namespace autobench::backend::sim
