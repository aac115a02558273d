// The `report` table forms of a results file, built once and printed as aligned text or as Markdown.
#pragma once

#include <string>

#include "suite/results/result_file.hpp"
#include "suite/formatting/text_document.hpp"
#include "suite/stats/gpu_health.hpp"
#include "suite/stats/run_summary.hpp"

namespace autobench::formatting {

// "sim (simulated devices, not GPU measurements)" for the sim backend, the backend's name otherwise.
std::string backend_label(const std::string& backend);

// Titled by the file's path: the run's provenance, backend and ranks that could not start, then GPU health
// (one line per GPU, worst first, judged against `reference` where it has the kernel, else the run's
// same-model GPUs; and per kernel for the GPUs not healthy), the answer (consensus knee per kernel and
// device model, with the GPUs it left out), the devices; with `details` also
// the consensus per sweep, Campaigns (with their errors), Knee stability (with the knees not found) and
// Detector agreement.
// `.text()` is `report --format table`, `.markdown()` is `report --format markdown`. Made from `run` alone
// (no point is read); `details`, the file read whole, adds the detailed sections (nullptr: without them).
TextDocument report_document(const stats::RunSummary& run, const results::ResultFile* details, const std::string& path,
                             const stats::HealthReference* reference = nullptr);
// The same of a file read whole (summarize_run).
TextDocument report_document(const results::ResultFile& file, const std::string& path, bool details = false,
                             const stats::HealthReference* reference = nullptr);

}  // namespace autobench::formatting
