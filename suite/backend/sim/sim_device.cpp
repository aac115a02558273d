// The sim backend's device and workload (see sim_device.hpp).
#include "suite/backend/sim/sim_device.hpp"

#include <algorithm>
#include <cmath>
#include <numeric>
#include <thread>

#include <fmt/format.h>

#include "suite/backend/sim/sim_clock_backend.hpp"
#include "suite/backend/sim/sim_fault.hpp"
#include "suite/backend/sim/sim_power_meter.hpp"

namespace autobench::backend::sim {
namespace {

constexpr std::uint64_t kContextOverheadBytes = 256ull << 10;
constexpr std::uint64_t kDriverReservedBytes = 512ull << 20;  // memory never reported free

}  // namespace

std::uint64_t sim_footprint_bytes(const kernels::KernelSpec& kernel, std::uint64_t n) {
  return kContextOverheadBytes + static_cast<std::uint64_t>(std::ceil(kernel.elements(n) * 4.0));
}

class SimWorkload final : public Workload {
 public:
  SimWorkload(SimDevice& device, const kernels::KernelSpec& kernel, std::uint64_t n, std::uint64_t bytes)
      : device_(device), kernel_(kernel), n_(n), bytes_(bytes) {
    device_.allocated_ += bytes_;
  }
  ~SimWorkload() override { device_.allocated_ -= bytes_; }

  std::vector<kernels::Tunables> configurations() const override { return {kernels::Tunables{}}; }
  void verify(const kernels::Tunables&) override {}  // the analytic model computes nothing to check
  std::uint64_t allocated_bytes() const override { return bytes_; }

  Timing time(const kernels::Tunables&, const TimingPlan& plan) override {
    const bool throttled = device_.options_.throttle_size == n_;
    const double clock = throttled ? device_.clock_mhz_ * kThrottledClockShare : device_.clock_mhz_;
    const double t = expected_time_s(device_.model_, kernel_, n_, clock, !plan.cold);
    const double sigma = std::sqrt(std::log1p(device_.model_.noise_cv * device_.model_.noise_cv));
    std::lognormal_distribution<double> noise(-0.5 * sigma * sigma, sigma);
    Timing out;
    for (int i = 0; i < plan.warmup; ++i) noise(device_.rng_);
    for (int i = 0; i < plan.iterations; ++i) out.seconds.push_back(t * noise(device_.rng_));
    const bool hot = device_.options_.hot;
    out.sm_clock_mhz = hot ? clock * kHotClockShare : clock;
    out.clock_event_reasons = throttled || hot ? kThrottledReason : 0;
    out.mem_clock_mhz = device_.model_.mem_clock_mhz;
    out.temperature_c = hot ? kHotTemperatureC : device_.temperature_c_;
    const double busy = std::accumulate(out.seconds.begin(), out.seconds.end(), t * plan.warmup);
    device_.advance(busy, load_of(device_.model_, kernel_, n_));
    return out;
  }

  void run(const kernels::Tunables&, int launches) override {
    device_.advance(launches * expected_time_s(device_.model_, kernel_, n_, device_.clock_mhz_),
                    load_of(device_.model_, kernel_, n_));
  }

 private:
  SimDevice& device_;
  const kernels::KernelSpec& kernel_;
  std::uint64_t n_;
  std::uint64_t bytes_;
};

SimDevice::SimDevice(SimModel model, SimOptions options)
    : model_(std::move(model)), options_(std::move(options)), rng_(options_.seed * 1000003ull + options_.rank) {
  info_.backend = "sim";
  info_.name = "sim: " + model_.name;
  info_.model = model_.name;
  info_.uuid = fmt::format("SIM-{:08x}-{:04x}", static_cast<unsigned>(std::hash<std::string>{}(model_.name)),
                            static_cast<unsigned>(options_.rank));
  info_.pci_bus_id = "sim";
  info_.hostname = options_.hostname;
  info_.cc_major = model_.cc_major;
  info_.cc_minor = model_.cc_minor;
  info_.sm_count = model_.sm_count;
  info_.memory_total_bytes = model_.memory_bytes;
  info_.l2_bytes = model_.l2_bytes;
  info_.sm_clock_max_mhz = info_.sm_clock_current_mhz = model_.boost_clock_mhz;
  info_.mem_clock_max_mhz = info_.mem_clock_current_mhz = model_.mem_clock_mhz;
  info_.power_limit_w = model_.power_limit_w;
  info_.driver_version = "sim";
  info_.runtime_version = "sim";
  info_.power_sensor = "sim";
  power_ = power_model(model_);
  clock_mhz_ = model_.boost_clock_mhz;
  temperature_c_ = power_.ambient_c + power_.thermal_resistance_c_per_w * power_.full_load.static_w;  // idle
}

SimDevice::~SimDevice() = default;

void SimDevice::advance(double seconds, double load) {
  if (!(seconds > 0)) return;
  const double watts = power_.power_w(clock_mhz_, load, temperature_c_);
  if (recording_) segments_.push_back({now_s_, now_s_ + seconds, watts, clock_mhz_, temperature_c_});
  temperature_c_ = power_.temperature_after(temperature_c_, watts, seconds);
  now_s_ += seconds;
  if (options_.realtime_factor > 0)
    std::this_thread::sleep_for(std::chrono::duration<double>(seconds * options_.realtime_factor));
}

void SimDevice::record(bool on) {
  recording_ = on;
  segments_.clear();
}

power::PowerMeter* SimDevice::power_meter() {
  if (!meter_) meter_ = std::make_unique<SimPowerMeter>(*this);
  return meter_.get();
}

power::io::ClockBackend* SimDevice::clock_backend() {
  if (!clocks_) clocks_ = std::make_unique<SimClockBackend>(*this);
  return clocks_.get();
}

std::uint64_t SimDevice::free_memory_bytes() {
  const std::uint64_t visible = model_.memory_bytes - kDriverReservedBytes;
  return visible > allocated_ ? visible - allocated_ : 0;
}

std::unique_ptr<Workload> SimDevice::prepare(const kernels::KernelSpec& kernel, std::uint64_t n) {
  const std::uint64_t usable =
      options_.usable_memory_bytes ? options_.usable_memory_bytes : model_.memory_bytes - kDriverReservedBytes;
  const std::uint64_t bytes = sim_footprint_bytes(kernel, n);
  if (options_.lost_after_allocations >= 0 && allocations_++ >= options_.lost_after_allocations)
    throw DeviceLost("sim fault injection (AUTOBENCH_SIM_FAULT): device lost after " +
                     std::to_string(options_.lost_after_allocations) + " allocations");
  if (allocated_ + bytes > usable) {
    throw OutOfMemory("sim: " + std::to_string(bytes) + " bytes for " + kernel.name + " at size " +
                      std::to_string(n) + " do not fit in " + std::to_string(usable - allocated_) + " free bytes");
  }
  return std::make_unique<SimWorkload>(*this, kernel, n, bytes);
}

}  // namespace autobench::backend::sim
