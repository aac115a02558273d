// `report --format html`: one self-contained page with figures, drawn by scripts/html_report.py.
#pragma once

#include <memory>

#include "suite/formatting/reporter.hpp"

namespace autobench::cli {

// Runs scripts/html_report.py on the source's path and its report JSON (formatting/report_json.hpp, in a
// temporary file removed afterwards; python_script.hpp), which prints the page on this program's stdout:
// `out` is flushed first and gets nothing else. The filters do not apply.
std::unique_ptr<formatting::Reporter> html_reporter();

}  // namespace autobench::cli
