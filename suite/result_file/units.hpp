// The physical unit of each per-point column, stored as the `units` attribute of its HDF5 dataset and
// named in the tidy export (docs/tidy.md).
#pragma once

#include <string>
#include <string_view>

namespace autobench::result_file {

// The unit of point column `column` of a campaign whose throughput is in `metric_unit` (e.g. "GB/s"):
// by the name's suffix "_s" s, "_w" W, "_j" J, "_mhz" MHz, "_c" degC; "throughput" the metric unit,
// "efficiency*" its work per joule ("GB/J"); "1" for sizes, counts, flags and ratios; "" for text
// columns (tunables, power_reason, tune_probes, tune_resources), which have no unit.
std::string point_column_unit(std::string_view column, std::string_view metric_unit);

}  // namespace autobench::result_file
