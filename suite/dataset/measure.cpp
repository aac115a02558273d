// Measuring dataset configurations (see measure.hpp).
#include "suite/dataset/measure.hpp"

#include "suite/autoscale/tuner.hpp"

namespace autobench::dataset {

LaunchShape device_shape(backend::Device& device, const DatasetKernel& kernel, double memory_fraction) {
  const double bytes = static_cast<double>(device.free_memory_bytes()) * memory_fraction;
  return kernel.shape(max_size_for_bytes(*kernel.spec, bytes));
}

void precompile(backend::Device& device, const DatasetKernel& kernel) {
  const auto workload = device.prepare(*kernel.spec, kernel.spec->start_size);
  workload->configurations();
}

void measure(backend::Device& device, const backend::TimingPlan& plan, int rank, Sample& s) {
  s.rank = rank;
  s.error.clear();
  const kernels::KernelSpec* spec = kernels::find(s.config.kernel);
  try {
    if (!spec) throw backend::DeviceError("unknown kernel '" + s.config.kernel + "'");
    const auto workload = device.prepare(*spec, s.config.size);
    workload->verify(s.config.tunables);
    s.point = autoscale::summarize(workload->time(s.config.tunables, plan), *spec, s.config.size);
    s.point.tunables = kernels::to_string(s.config.tunables);
  } catch (const backend::OutOfMemory& e) {
    s.error = std::string("out of memory: ") + e.what();
  } catch (const backend::VerificationError& e) {
    s.error = std::string("verification failed: ") + e.what();
  } catch (const backend::DeviceError& e) {
    s.error = std::string("device error: ") + e.what();
  }
}

}  // namespace autobench::dataset
