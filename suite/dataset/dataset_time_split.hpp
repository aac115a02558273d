// Where a dataset's measuring time went: the step seconds of its measured configurations (prepare,
// verify, time, destroy) summed per kernel, and the short table `dataset` prints at its end. Pure logic.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "suite/dataset/dataset_sample.hpp"

namespace autobench::dataset {

struct KernelSteps {
  std::string kernel;
  std::uint64_t configurations = 0;  // measured ones, verified or failed
  StepSeconds seconds;               // summed over them
};

// One entry per kernel with a measured sample, by kernel name; samples not measured are left out.
std::vector<KernelSteps> time_split(const std::vector<Sample>& samples);

// "kernel  configurations  prepare_s  verify_s  time_s  destroy_s  total_s  ms_each" with one row per
// kernel, an "all" row and a "share" row (each step's percentage of the total); "" for an empty split.
std::string time_split_table(const std::vector<KernelSteps>& split);

}  // namespace autobench::dataset
