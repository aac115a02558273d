// The ClockBackend that locks and restores a GPU's clocks through NVML.
#pragma once

#include "power/io/clock_lock.hpp"
#include "power/io/nvml_library.hpp"

namespace autobench::power::io {

// Error codes are NVML return codes; a missing entry point reports NVML_ERROR_FUNCTION_NOT_FOUND.
// `api` must outlive the backend (keep the nvml::Library alive).
class NvmlClockBackend final : public ClockBackend {
 public:
  NvmlClockBackend(const nvml::Api& api, nvml::Device device) : api_(api), device_(device) {}
  int application_clocks(ApplicationClocks* out) override;
  int default_application_clocks(ApplicationClocks* out) override;
  int lock_sm_clock(unsigned int min_mhz, unsigned int max_mhz) override;
  int reset_locked_clocks() override;
  int set_application_clocks(const ApplicationClocks& clocks) override;
  int reset_application_clocks() override;
  std::string describe(int code) const override;

 private:
  const nvml::Api& api_;
  nvml::Device device_;
};

}  // namespace autobench::power::io
