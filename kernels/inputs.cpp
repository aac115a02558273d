// Input values (see inputs.hpp).
#include "kernels/inputs.hpp"

#include "kernels/cuda/common.cuh"

namespace autobench::kernels {

float input_value(unsigned int seed, std::uint64_t index) { return autobench_input_value(seed, index); }

}  // namespace autobench::kernels
