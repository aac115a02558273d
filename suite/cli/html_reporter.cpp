// The HTML report through the project's script (see html_reporter.hpp).
#include "suite/cli/html_reporter.hpp"

#include <unistd.h>

#include <filesystem>
#include <fstream>

#include "suite/cli/python_script.hpp"
#include "suite/formatting/report_health.hpp"

namespace autobench::cli {
namespace {

class HtmlReporter final : public formatting::Reporter {
 public:
  // The page's first section is GPU health, judged here (with --reference) and handed over as JSON.
  void write(const formatting::ReportSource& source, std::ostream& out) const override {
    const auto health = formatting::gpu_health_json(stats::judge_gpus(source.results().ranks, {}, source.reference()));
    const auto path = std::filesystem::temp_directory_path() / ("autobench-health-" + std::to_string(getpid()) + ".json");
    std::ofstream(path) << health.dump();
    out.flush();
    try {
      run_python_script("report", "html_report.py", {source.path(), "--gpu-health", path.string()});
    } catch (...) {
      std::filesystem::remove(path);
      throw;
    }
    std::filesystem::remove(path);
  }
};

}  // namespace

std::unique_ptr<formatting::Reporter> html_reporter() { return std::make_unique<HtmlReporter>(); }

}  // namespace autobench::cli
