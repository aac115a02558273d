// `report --kernel/--detector/--rank`: a results file narrowed to some kernels, detectors and ranks, with
// its stability and consensus knees computed again over what is left.
#pragma once

#include <optional>
#include <string>

#include "suite/results/result_file.hpp"

namespace autobench::formatting {

struct ReportFilter {
  std::string kernel{};        // "" keeps every kernel
  std::string detector{};      // "" keeps every detector
  std::optional<int> rank{};   // none keeps every rank

  bool empty() const { return kernel.empty() && detector.empty() && !rank; }
};

// The file with only the matching ranks and campaigns; unchanged when the filter is empty. Throws
// std::invalid_argument naming a kernel, detector or rank the file does not hold, and the ones it does.
results::ResultFile filter_results(results::ResultFile file, const ReportFilter& filter);

}  // namespace autobench::formatting
