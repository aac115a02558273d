// The `report --format csv` form of a results file: one row per campaign, for spreadsheets and scripts.
#pragma once

#include <string>

#include "suite/results/result_file.hpp"

namespace autobench::formatting {

// A header row, then one row per campaign in the order of the table form: the Campaigns table's columns
// and device_uuid. Measured values in their shortest exact form (of_plateau as a fraction, not a
// percentage), a missing one (NaN) as an empty field; fields holding a comma, a double quote or a line
// break are quoted as in RFC 4180 (quotes doubled). Lines end in "\n".
std::string report_csv(const results::ResultFile& file);

}  // namespace autobench::formatting
