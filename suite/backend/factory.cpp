// Device factory (see factory.hpp).
#include "suite/backend/factory.hpp"

#include <stdexcept>

#include "suite/backend/parallel_for.hpp"
#include "suite/backend/sim/sim_device.hpp"
#include "suite/backend/sim/sim_fault.hpp"
#ifdef AUTOBENCH_HAVE_CUDA
#include "suite/backend/cuda/cuda_device.hpp"
#endif

namespace autobench::backend {

bool cuda_backend_built() {
#ifdef AUTOBENCH_HAVE_CUDA
  return true;
#else
  return false;
#endif
}

int visible_cuda_devices() {
#ifdef AUTOBENCH_HAVE_CUDA
  return cuda_device_count();
#else
  return 0;
#endif
}

std::unique_ptr<Device> open_device(const DeviceRequest& r) {
  share_cores(r.core_sharers > 0 ? r.core_sharers : r.local_ranks);  // CPU-side work (compiles, references)
  if (r.backend == "sim") {
    const std::string name =
        r.sim_device.empty() ? sim::models()[static_cast<std::size_t>(r.rank) % 2].name : r.sim_device;
    const sim::SimFault fault = sim::sim_fault_from_environment(r.rank);
    if (fault.at_start) throw DeviceError("sim fault injection (AUTOBENCH_SIM_FAULT): the device failed to open");
    return std::make_unique<sim::SimDevice>(
        sim::with_speed(sim::model_named(name), fault.speed * (fault.hot ? sim::kHotClockShare : 1.0)),
        sim::SimOptions{r.seed, r.rank, r.hostname, 0, r.sim_realtime, fault.lost_after, fault.throttle_size, fault.hot});
  }
#ifdef AUTOBENCH_HAVE_CUDA
  return open_cuda_device(r.local_rank, r.local_ranks);
#else
  throw DeviceError("this autobench-mpi was built without CUDA (AUTOBENCH_WITH_CUDA=OFF); use --backend sim");
#endif
}

}  // namespace autobench::backend
