// The report's "Outlier GPUs" section and JSON member: ranks that deviate from the others of their
// device model (suite/stats/outlier_ranks.hpp), named by host, PCI bus and UUID.
#pragma once

#include <nlohmann/json.hpp>

#include "suite/formatting/text_document.hpp"
#include "suite/results/result_file.hpp"

namespace autobench::formatting {

// One row per flagged (rank, kernel, detector, metric); the title says which models were compared, or
// why none was (no model with 3 or more ranks).
TextSection outliers_section(const results::ResultFile& file);

// {"rule": {k, mad_scale, min_ranks, min_plateau, min_knee, min_power}, "models": ["MODEL (N ranks)"],
//  "flags": [{rank, hostname, pci_bus_id, uuid, model, kernel, detector, metric, value, median,
//             deviation, limit, ranks}]}
nlohmann::json outliers_json(const results::ResultFile& file);

}  // namespace autobench::formatting
