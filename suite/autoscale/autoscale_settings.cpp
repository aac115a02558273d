// Names of the autoscaler's modes (see autoscale_settings.hpp).
#include "suite/autoscale/autoscale_settings.hpp"

#include <stdexcept>

namespace autobench::autoscale {

backend::TimingPlan timing_for(const AutoscaleSettings& settings, const kernels::KernelSpec& kernel) {
  backend::TimingPlan plan = settings.timing;
  plan.cold = settings.cold.value_or(kernel.cold_by_default);
  return plan;
}

}  // namespace autobench::autoscale
