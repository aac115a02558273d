// The report formats written here, one file each (suite/formatting/<name>_reporter.cpp); the table that
// names them is suite/cli/report_formats.cpp.
#pragma once

#include <memory>

#include "suite/formatting/reporter.hpp"

namespace autobench::formatting {

// report_document(...).text(), then (files with time splits) where each rank's time went; a model file's
// report (model_report) for a model file.
std::unique_ptr<Reporter> table_reporter();
// report_document(...).markdown().
std::unique_ptr<Reporter> markdown_reporter();
// report_json(...) indented by 2, one line break after it.
std::unique_ptr<Reporter> json_reporter();
// report_csv(...).
std::unique_ptr<Reporter> csv_reporter();

}  // namespace autobench::formatting
