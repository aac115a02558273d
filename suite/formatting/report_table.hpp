// The `report` table forms of a results file, built once and printed as aligned text or as Markdown.
#pragma once

#include <string>

#include "suite/results/result_file.hpp"
#include "suite/formatting/text_document.hpp"

namespace autobench::formatting {

// "sim (simulated devices, not GPU measurements)" for the sim backend, the backend's name otherwise.
std::string backend_label(const std::string& backend);

// Titled by the file's path: the run's provenance, backend and ranks that could not start, then the
// sections Devices, Campaigns (with their errors), Knee stability, Detector agreement and Outlier GPUs.
// `.text()` is `report --format table`, `.markdown()` is `report --format markdown`.
TextDocument report_document(const results::ResultFile& file, const std::string& path);

}  // namespace autobench::formatting
