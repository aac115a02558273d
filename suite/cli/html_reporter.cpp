// The HTML report through the project's script (see html_reporter.hpp).
#include "suite/cli/html_reporter.hpp"

#include "suite/cli/python_script.hpp"

namespace autobench::cli {
namespace {

class HtmlReporter final : public formatting::Reporter {
 public:
  void write(const formatting::ReportSource& source, std::ostream& out) const override {
    source.results();  // refused exactly as the other formats refuse it, before python starts
    out.flush();
    run_python_script("report", "html_report.py", {source.path()});
  }
};

}  // namespace

std::unique_ptr<formatting::Reporter> html_reporter() { return std::make_unique<HtmlReporter>(); }

}  // namespace autobench::cli
