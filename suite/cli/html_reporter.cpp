// The HTML report through the project's script (see html_reporter.hpp).
#include "suite/cli/html_reporter.hpp"

#include <stdlib.h>

#include <cerrno>
#include <cstring>
#include <filesystem>

#include "suite/cli/python_script.hpp"
#include "suite/files/atomic_file.hpp"
#include "suite/formatting/report_health.hpp"

namespace autobench::cli {
namespace {

class HtmlReporter final : public formatting::Reporter {
 public:
  // The page's first section is GPU health, judged here (with --reference) and handed over as JSON.
  void write(const formatting::ReportSource& source, std::ostream& out) const override {
    const auto health = formatting::gpu_health_json(stats::judge_gpus(source.results().ranks, {}, source.reference()));
    // A directory of our own (mkdtemp: mode 0700, a new name), so the file cannot be planted or read by others.
    std::string dir = (std::filesystem::temp_directory_path() / "autobench-health-XXXXXX").string();
    if (!mkdtemp(dir.data()))
      throw files::WriteError("cannot create a temporary directory " + dir + ": " + std::strerror(errno));
    const auto path = std::filesystem::path(dir) / "gpu_health.json";
    files::write_file_atomically(path.string(), health.dump(), files::Durability::rewritable);
    out.flush();
    try {
      run_python_script("report", "html_report.py", {source.path(), "--gpu-health", path.string()});
    } catch (...) {
      std::filesystem::remove_all(dir);
      throw;
    }
    std::filesystem::remove_all(dir);
  }
};

}  // namespace

std::unique_ptr<formatting::Reporter> html_reporter() { return std::make_unique<HtmlReporter>(); }

}  // namespace autobench::cli
