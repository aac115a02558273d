// AUTOBENCH_HOST_DEVICE: marks a function shared by the CUDA sources (NVRTC) and the C++ CPU references.
#pragma once

#if defined(__CUDACC__) || defined(__CUDACC_RTC__)
#define AUTOBENCH_HOST_DEVICE __host__ __device__
#else
#define AUTOBENCH_HOST_DEVICE
#endif
