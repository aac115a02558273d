// Runner lookup and mismatch reporting (see kernel_runner.hpp).
#include "suite/backend/cuda/kernel_runner.hpp"

#include <cmath>
#include <sstream>

#include "suite/backend/device.hpp"

namespace autobench::backend::cuda {

std::unique_ptr<KernelRunner> make_runner(const kernels::KernelSpec& kernel) {
  if (kernel.name == "vecadd") return make_vecadd_runner();
  if (kernel.name == "gemm") return make_gemm_runner();
  if (kernel.name == "fp32") return make_fp32_runner();
  throw DeviceError("the cuda backend has no kernel '" + kernel.name + "'");
}

void Mismatches::add(std::uint64_t index, double got, double expected, double tolerance) {
  ++checked;
  if (std::fabs(got - expected) <= tolerance) return;  // false for NaN: a NaN is always wrong
  if (wrong++ == 0) {
    first_index = index;
    first_got = got;
    first_expected = expected;
    first_tolerance = tolerance;
  }
}

std::string Mismatches::message() const {
  if (wrong == 0) return "";
  std::ostringstream s;
  s.precision(9);
  s << wrong << " of " << checked << " checked elements differ from the CPU reference; first at index " << first_index
    << ": got " << first_got << ", expected " << first_expected << " (tolerance " << first_tolerance << ")";
  return s.str();
}

}  // namespace autobench::backend::cuda
