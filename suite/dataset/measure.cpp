// Measuring dataset configurations (see measure.hpp).
#include "suite/dataset/measure.hpp"

#include <chrono>
#include <memory>

#include "suite/autoscale/tuner.hpp"

namespace autobench::dataset {

LaunchShape device_shape(backend::Device& device, const DatasetKernel& kernel, double memory_fraction) {
  const double bytes = static_cast<double>(device.free_memory_bytes()) * memory_fraction;
  return kernel.shape(max_size_for_bytes(*kernel.spec, bytes));
}

void precompile(backend::Device& device, const DatasetKernel& kernel, const std::vector<kernels::Tunables>& configs) {
  const auto workload = device.prepare(*kernel.spec, kernel.spec->start_size);
  workload->precompile(configs);
}

void measure(backend::Device& device, const backend::TimingPlan& plan, int rank, Sample& s) {
  using Clock = std::chrono::steady_clock;
  s.rank = rank;
  s.error.clear();
  s.steps = {};
  auto mark = Clock::now();
  // Adds the seconds since the previous mark to `step`.
  auto lap = [&mark](double& step) {
    const auto now = Clock::now();
    step += std::chrono::duration<double>(now - mark).count();
    mark = now;
  };
  const kernels::KernelSpec* spec = kernels::find(s.config.kernel);
  std::unique_ptr<backend::Workload> workload;
  double* step = &s.steps.prepare_s;  // the step running now, charged when it throws
  try {
    if (!spec) throw backend::DeviceError("unknown kernel '" + s.config.kernel + "'");
    workload = device.prepare(*spec, s.config.size);
    lap(s.steps.prepare_s);
    step = &s.steps.verify_s;
    workload->verify(s.config.tunables);
    lap(s.steps.verify_s);
    step = &s.steps.time_s;
    s.point = autoscale::summarize(workload->time(s.config.tunables, plan), *spec, s.config.size);
    s.point.tunables = kernels::to_string(s.config.tunables);
    lap(s.steps.time_s);
  } catch (const backend::OutOfMemory& e) {
    s.error = std::string("out of memory: ") + e.what();
  } catch (const backend::VerificationError& e) {
    s.error = std::string("verification failed: ") + e.what();
  } catch (const backend::DeviceError& e) {
    s.error = std::string("device error: ") + e.what();
  }
  if (!s.error.empty()) lap(*step);
  workload.reset();
  lap(s.steps.destroy_s);
}

}  // namespace autobench::dataset
