// The device edge of a dataset: a kernel's launch shape on this device (its memory caps the sizes),
// compiling a kernel's tuning space up front, and measuring one configuration with the suite's timing
// discipline (buffers at its size, verified against the CPU reference, then timed).
#pragma once

#include "suite/backend/device.hpp"
#include "suite/dataset/kernel_adapter.hpp"
#include "suite/dataset/dataset_sample.hpp"

namespace autobench::dataset {

LaunchShape device_shape(backend::Device& device, const DatasetKernel& kernel, double memory_fraction);

// Prepares the kernel at its smallest size and readies `configs` (its configurations this rank will
// measure): the cuda backend compiles them then, in parallel, instead of one NVRTC call per sample
// later, and no more of the tuning space than the rank's samples use.
void precompile(backend::Device& device, const DatasetKernel& kernel, const std::vector<kernels::Tunables>& configs);

// Fills s.point (median, mean, min, stddev of plan.iterations timed launches after plan.warmup),
// s.rank and s.steps (the seconds of prepare, verify, time and destroy; a failed step ends the
// configuration, its time counted in that step), or s.error when the buffers do not fit, the output is
// wrong or the device fails.
void measure(backend::Device& device, const backend::TimingPlan& plan, int rank, Sample& s);

}  // namespace autobench::dataset
