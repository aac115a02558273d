// What one NVML query costs, per query kind, while N processes query their own GPUs at once: the
// telemetry read while launches are timed must stay cheap. Built as bench_power_nvml_call_cost:
//   bench_power_nvml_call_cost GPU_INDEX [CALLS]     (start one per GPU at once for the contended figure)
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <functional>
#include <string>
#include <utility>

#include "power/io/nvml_library.hpp"

namespace nvml = autobench::power::io::nvml;

int main(int argc, char** argv) {
  const unsigned index = argc > 1 ? static_cast<unsigned>(std::atoi(argv[1])) : 0;
  const int calls = argc > 2 ? std::atoi(argv[2]) : 200;
  const nvml::Library library;
  if (!library.available()) return std::printf("no NVML: %s\n", library.unavailable_reason().c_str()), 1;
  std::string error;
  const auto device = library.device_by_index(index, &error);
  if (!device) return std::printf("no GPU %u: %s\n", index, error.c_str()), 1;
  const nvml::Api& api = library.api();
  const nvml::Device d = *device;
  unsigned u = 0;
  unsigned long long ull = 0;
  nvml::FieldValue fields[2] = {};
  const std::pair<const char*, std::function<void()>> queries[] = {
      {"field values (power instant+average)",
       [&] {
         fields[0].fieldId = nvml::kFieldPowerInstant;
         fields[1].fieldId = nvml::kFieldPowerAverage;
         api.device_get_field_values(d, 2, fields);
       }},
      {"power usage", [&] { api.device_get_power_usage(d, &u); }},
      {"total energy", [&] { api.device_get_total_energy_consumption(d, &ull); }},
      {"SM clock", [&] { api.device_get_clock_info(d, nvml::kClockSm, &u); }},
      {"memory clock", [&] { api.device_get_clock_info(d, nvml::kClockMem, &u); }},
      {"temperature", [&] { api.device_get_temperature(d, nvml::kTemperatureGpu, &u); }},
      {"clock event reasons", [&] { api.device_get_current_clocks_event_reasons(d, &ull); }},
  };
  for (const auto& [name, query] : queries) {
    const auto t0 = std::chrono::steady_clock::now();
    for (int i = 0; i < calls; ++i) query();
    const double us = std::chrono::duration<double, std::micro>(std::chrono::steady_clock::now() - t0).count() / calls;
    std::printf("gpu %u %-38s %9.1f us per call\n", index, name, us);
  }
  return 0;
}
