// The table of report formats (see report_formats.hpp).
#include "suite/cli/report_formats.hpp"

#include "suite/cli/html_reporter.hpp"
#include "suite/formatting/reporters.hpp"

namespace autobench::cli {

const std::vector<ReportFormat>& report_formats() {
  static const std::vector<ReportFormat> formats{
      {"table", "aligned columns", formatting::table_reporter},
      {"markdown", "the same tables in GitHub Markdown", formatting::markdown_reporter},
      {"json", "structure documented in docs/output.md", formatting::json_reporter},
      {"csv", "one row per campaign", formatting::csv_reporter},
      {"html", "one self-contained page with figures, needs python3 with matplotlib and h5py: docs/html.md",
       html_reporter},
  };
  return formats;
}

const ReportFormat* find_report_format(const std::string& name) {
  for (const auto& format : report_formats())
    if (format.name == name) return &format;
  return nullptr;
}

std::string report_formats_help() {
  const auto& formats = report_formats();
  std::string text;
  for (std::size_t i = 0; i < formats.size(); ++i) {
    if (i > 0) text += i + 1 == formats.size() ? " or " : ", ";
    text += formats[i].name + " (" + formats[i].help + ")";
  }
  return text;
}

}  // namespace autobench::cli
