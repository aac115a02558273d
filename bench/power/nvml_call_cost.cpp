// What one NVML query costs, per query kind, while N processes query their own GPUs at once: the
// reason telemetry sampled during timed launches must stay cheap. Standalone (dlopen, nvml.h types only):
//   g++ -O2 -std=c++17 -I/usr/local/cuda/include bench/power/nvml_call_cost.cpp -ldl -o nvml_call_cost
//   ./nvml_call_cost GPU_INDEX [CALLS]       (start several at once for the contended figure)
#include <dlfcn.h>
#include <nvml.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <functional>

int main(int argc, char** argv) {
  const unsigned index = argc > 1 ? static_cast<unsigned>(std::atoi(argv[1])) : 0;
  const int calls = argc > 2 ? std::atoi(argv[2]) : 200;
  void* lib = dlopen("libnvidia-ml.so.1", RTLD_NOW);
  if (!lib) return std::printf("no NVML: %s\n", dlerror()), 1;
  auto sym = [&](const char* name) { return dlsym(lib, name); };
  auto init = reinterpret_cast<nvmlReturn_t (*)()>(sym("nvmlInit_v2"));
  auto handle = reinterpret_cast<nvmlReturn_t (*)(unsigned, nvmlDevice_t*)>(sym("nvmlDeviceGetHandleByIndex_v2"));
  auto fields = reinterpret_cast<nvmlReturn_t (*)(nvmlDevice_t, int, nvmlFieldValue_t*)>(sym("nvmlDeviceGetFieldValues"));
  auto usage = reinterpret_cast<nvmlReturn_t (*)(nvmlDevice_t, unsigned*)>(sym("nvmlDeviceGetPowerUsage"));
  auto energy = reinterpret_cast<nvmlReturn_t (*)(nvmlDevice_t, unsigned long long*)>(sym("nvmlDeviceGetTotalEnergyConsumption"));
  auto clock = reinterpret_cast<nvmlReturn_t (*)(nvmlDevice_t, nvmlClockType_t, unsigned*)>(sym("nvmlDeviceGetClockInfo"));
  auto temp = reinterpret_cast<nvmlReturn_t (*)(nvmlDevice_t, nvmlTemperatureSensors_t, unsigned*)>(sym("nvmlDeviceGetTemperature"));
  auto reasons = reinterpret_cast<nvmlReturn_t (*)(nvmlDevice_t, unsigned long long*)>(sym("nvmlDeviceGetCurrentClocksEventReasons"));
  nvmlDevice_t d;
  if (init() != NVML_SUCCESS || handle(index, &d) != NVML_SUCCESS) return std::printf("NVML init failed\n"), 1;
  unsigned u = 0;
  unsigned long long ull = 0;
  nvmlFieldValue_t fv[2] = {};
  const std::pair<const char*, std::function<void()>> queries[] = {
      {"field values (power instant+average)", [&] { fv[0].fieldId = NVML_FI_DEV_POWER_INSTANT; fv[1].fieldId = NVML_FI_DEV_POWER_AVERAGE; fields(d, 2, fv); }},
      {"power usage", [&] { usage(d, &u); }},
      {"total energy", [&] { energy(d, &ull); }},
      {"SM clock", [&] { clock(d, NVML_CLOCK_SM, &u); }},
      {"memory clock", [&] { clock(d, NVML_CLOCK_MEM, &u); }},
      {"temperature", [&] { temp(d, NVML_TEMPERATURE_GPU, &u); }},
      {"clock event reasons", [&] { reasons(d, &ull); }},
  };
  for (const auto& [name, query] : queries) {
    const auto t0 = std::chrono::steady_clock::now();
    for (int i = 0; i < calls; ++i) query();
    const double us = std::chrono::duration<double, std::micro>(std::chrono::steady_clock::now() - t0).count() / calls;
    std::printf("gpu %u %-38s %9.1f us per call\n", index, name, us);
  }
  return 0;
}
