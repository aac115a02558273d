// CUDA workload (see cuda_workload.hpp).
#include "suite/backend/cuda/cuda_workload.hpp"

#include <algorithm>
#include <cmath>

#include "detect/statistics.hpp"
#include "kernels/tuning.hpp"
#include "suite/backend/cuda/cuda_check.hpp"
#include "suite/backend/cuda/event_timer.hpp"

namespace autobench::backend::cuda {

CudaWorkload::CudaWorkload(std::shared_ptr<DeviceContext> ctx, const kernels::KernelSpec& kernel, std::uint64_t n)
    : ctx_(std::move(ctx)), kernel_(kernel), n_(n), runner_(make_runner(kernel)) {
  if (n_ == 0) throw DeviceError(kernel_.name + ": problem size 0");
  if (kernels::tuning_space(kernel_, n_).empty()) {
    throw DeviceError(kernel_.name + ": no tuning configuration fits size " + std::to_string(n_) +
                      " (sizes must be multiples of " + std::to_string(kernel_.granularity) + ")");
  }
  ctx_->make_current();
  specs_ = runner_->buffers(n_);
  for (const auto& spec : specs_) {
    buffers_.emplace_back(spec.elements, kernel_.name + " buffer " + spec.name + " at size " + std::to_string(n_));
    pointers_.push_back(buffers_.back().data());
  }
  fill_inputs();
  ctx_->synchronize();
}

CudaWorkload::~CudaWorkload() {
  // The buffers are freed on this workload's device, after its queued work.
  if (cudaSetDevice(ctx_->ordinal()) == cudaSuccess) cudaStreamSynchronize(ctx_->stream());
}

void CudaWorkload::fill_inputs() {
  for (std::size_t i = 0; i < specs_.size(); ++i)
    if (specs_[i].seed != 0) ctx_->fill(pointers_[i], specs_[i].elements, specs_[i].seed);
}

std::vector<kernels::Tunables> CudaWorkload::configurations() const {
  std::vector<kernels::Tunables> space = kernels::tuning_space(kernel_, n_);
  // Compiles the whole space now, in parallel, rather than one configuration per verify() or time().
  compile_all(runner_->source(), space, ctx_->target());
  return space;
}

void CudaWorkload::verify(const kernels::Tunables& config) {
  ctx_->make_current();
  CUfunction f = ctx_->function(runner_->source(), runner_->entry(), config);
  fill_inputs();
  for (std::size_t i = 0; i < specs_.size(); ++i) {
    if (specs_[i].seed == 0)
      check(cudaMemsetAsync(pointers_[i], 0xFF, buffers_[i].bytes(), ctx_->stream()), "cudaMemsetAsync (NaN poison)");
  }
  runner_->launch(*ctx_, f, config, n_, pointers_);
  ctx_->synchronize();
  const std::string problem = runner_->check(*ctx_, config, n_, pointers_);
  if (!problem.empty()) {
    throw VerificationError(kernel_.name + " [" + kernels::to_string(config) + "] at size " + std::to_string(n_) +
                            " is wrong: " + problem);
  }
}

Timing CudaWorkload::time(const kernels::Tunables& config, const TimingPlan& plan) {
  ctx_->make_current();
  // Compile and load before the first event, so no iteration waits for NVRTC.
  CUfunction f = ctx_->function(runner_->source(), runner_->entry(), config);
  std::function<void()> between;
  if (plan.cold) {
    between = [this] {
      fill_inputs();
      ctx_->flush_l2();
    };
  }
  // NVML, when present, is read while the timed launches run: the median SM clock, the highest
  // temperature and every clock-event reason seen.
  Timing timing;
  std::vector<double> clocks;
  auto observe = [&] {
    const auto s = ctx_->read_sensor();
    if (!s) return;
    if (!std::isnan(s->sm_clock_mhz)) clocks.push_back(s->sm_clock_mhz);
    if (!std::isnan(s->temperature_c) && !(timing.temperature_c >= s->temperature_c)) timing.temperature_c = s->temperature_c;
    timing.clock_event_reasons |= s->clock_event_reasons;
  };
  timing.seconds = time_on_stream(
      *ctx_, plan.warmup, plan.iterations, [&] { runner_->launch(*ctx_, f, config, n_, pointers_); }, between,
      observe);
  if (!clocks.empty()) timing.sm_clock_mhz = detect::median(std::move(clocks));
  return timing;
}

void CudaWorkload::run(const kernels::Tunables& config, int launches) {
  ctx_->make_current();
  CUfunction f = ctx_->function(runner_->source(), runner_->entry(), config);
  for (int i = 0; i < launches; ++i) runner_->launch(*ctx_, f, config, n_, pointers_);
  ctx_->synchronize();
}

std::uint64_t CudaWorkload::allocated_bytes() const {
  std::uint64_t bytes = 0;
  for (const auto& b : buffers_) bytes += b.bytes();
  return bytes;
}

}  // namespace autobench::backend::cuda
