// The one table of `report --format`'s formats: each one's name, help text and reporter.
#pragma once

#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "suite/formatting/reporter.hpp"

namespace autobench::cli {

struct ReportFormat {
  std::string name;
  std::string help;  // what --help says of it, in parentheses after the name
  std::function<std::unique_ptr<formatting::Reporter>()> make;
};

// table, markdown, json, csv, html (the first is the default); adding a format is its reporter's file and
// one line here.
const std::vector<ReportFormat>& report_formats();

// The format named `name`; nullptr for none.
const ReportFormat* find_report_format(const std::string& name);

// "table (aligned columns), markdown (...), ... or html (...)": every format, for --help.
std::string report_formats_help();

}  // namespace autobench::cli
