// The one table of a run's options: each declared once with its name, --help group and text, settings
// field, range, run.json key and what a run.json from before the key means.
#pragma once

#include <string>
#include <vector>

#include "suite/campaign/option.hpp"
#include "suite/campaign/run_settings.hpp"

namespace autobench::campaign {

// The run-wide options (matrix, devices, output, power, verbosity) and the autoscaler's options, which a
// suite file may also set per kernel; both in --help order.
const std::vector<Option<RunSettings>>& run_options();
const std::vector<Option<autoscale::AutoscaleSettings>>& autoscale_options();

// The --help groups in --help order; a [kernel.NAME] table may set the options of kKernelGroups.
inline const std::vector<std::string> kGroups = {"Matrix", "Devices", "Output", "Autoscaling", "Timing",
                                                 "Detection", "Power", ""};
inline const std::vector<std::string> kKernelGroups = {"Autoscaling", "Timing", "Detection"};

}  // namespace autobench::campaign
