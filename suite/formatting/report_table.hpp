// The `report` table forms of a results file, built once and printed as aligned text or as Markdown.
#pragma once

#include <string>

#include "suite/results/result_file.hpp"
#include "suite/formatting/text_document.hpp"

namespace autobench::formatting {

// "sim (simulated devices, not GPU measurements)" for the sim backend, the backend's name otherwise.
std::string backend_label(const std::string& backend);

// Titled by the file's path: the run's provenance, backend and ranks that could not start, then the
// answer (consensus knee per kernel and device model), the devices and Outlier GPUs; with `details` also
// the consensus per sweep, Campaigns (with their errors), Knee stability (with the knees not found) and
// Detector agreement.
// `.text()` is `report --format table`, `.markdown()` is `report --format markdown`.
TextDocument report_document(const results::ResultFile& file, const std::string& path, bool details = false);

}  // namespace autobench::formatting
