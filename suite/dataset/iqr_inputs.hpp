// What the IQR refinement needs from every rank: each rank's kernel limits (the global sizes it can
// reach) and measured samples, as the JSON it sends to rank 0; rank 0's refinement plan from them.
#pragma once

#include <vector>

#include <nlohmann/json.hpp>

#include "suite/dataset/dataset_settings.hpp"
#include "suite/dataset/iqr_balance.hpp"
#include "suite/dataset/launch_config.hpp"

namespace autobench::dataset {

// {KERNEL: {"min_global", "max_global"}} of this rank's launch shapes.
nlohmann::json kernel_limits(const std::vector<LaunchShape>& shapes);

// Rank 0: the IQR plan from every rank's {"limits": kernel_limits, "samples": [...]}; kernels limited to
// the global sizes every rank can reach, at most settings.balance_max of the sampled configurations added.
BalancePlan balance_plan(const std::vector<nlohmann::json>& ranks, const DatasetSettings& settings);

}  // namespace autobench::dataset
