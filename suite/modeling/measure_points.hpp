// Times design points on one device: one workload per size, the SM clock locked per clock (and
// restored after each, on every exit path), each configuration verified the first time it runs.
#pragma once

#include <vector>

#include "suite/backend/device.hpp"
#include "suite/modeling/design_space.hpp"

namespace autobench::modeling {

// The median launch time of each point, in the points' order. Throws power::ClockError when a clock
// cannot be locked (not root, unsupported clock, or a device without clock control), and whatever the
// device throws (OutOfMemory, VerificationError, DeviceError).
std::vector<double> measure_points(backend::Device& device, const kernels::KernelSpec& kernel,
                                   const std::vector<DesignPoint>& points, const backend::TimingPlan& plan);

}  // namespace autobench::modeling
