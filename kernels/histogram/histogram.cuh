// histogram's bins and input data, shared by its CUDA source and its CPU reference.
#pragma once

#include "kernels/cuda/common.cuh"

// The number of bins (a power of two): the contention parameter. Fewer bins, more atomics per address.
#define AUTOBENCH_HISTOGRAM_BINS 256u

// The bin of input element i. Within each chunk of BINS consecutive elements every bin occurs exactly
// once, in an order scrambled per chunk (odd multiplier and hashed offset, a bijection modulo a power
// of two): the data look random to the atomics, and the exact counts are known without counting.
AUTOBENCH_HOST_DEVICE inline unsigned int autobench_histogram_bin(unsigned long long i) {
  const unsigned long long chunk = i / AUTOBENCH_HISTOGRAM_BINS;
  const unsigned int offset = static_cast<unsigned int>((autobench_input_value(7u, chunk) + 1.0f) * 8388608.0f);
  return (static_cast<unsigned int>(i % AUTOBENCH_HISTOGRAM_BINS) * 0x9E3779B1u + offset) % AUTOBENCH_HISTOGRAM_BINS;
}
