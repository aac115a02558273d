// The HTML report through the project's script (see html_reporter.hpp).
#include "suite/cli/html_reporter.hpp"

#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <string>

#include "suite/cli/errors.hpp"
#include "suite/cli/python_script.hpp"
#include "suite/files/atomic_file.hpp"
#include "suite/formatting/report_json.hpp"

namespace autobench::cli {
namespace {

// A file in the temporary directory that is removed when it goes out of scope.
class TemporaryFile {
 public:
  explicit TemporaryFile(const std::string& contents) {
    std::string name = (std::filesystem::temp_directory_path() / "autobench-report-XXXXXX.json").string();
    const int fd = mkstemps(name.data(), 5);
    if (fd < 0) throw RunFailure("report: cannot create a temporary file: " + std::string(std::strerror(errno)));
    close(fd);
    path_ = name;
    try {
      files::write_file_atomically(path_, contents);
    } catch (...) {  // the destructor of an object whose constructor throws never runs
      std::error_code ignored;
      std::filesystem::remove(path_, ignored);
      throw;
    }
  }
  ~TemporaryFile() {
    std::error_code ignored;
    std::filesystem::remove(path_, ignored);
  }
  TemporaryFile(const TemporaryFile&) = delete;
  TemporaryFile& operator=(const TemporaryFile&) = delete;
  const std::string& path() const { return path_; }

 private:
  std::string path_;
};

class HtmlReporter final : public formatting::Reporter {
 public:
  // The page's first section is GPU health, judged here (with --reference) and handed over as JSON.
  void write(const formatting::ReportSource& source, std::ostream& out) const override {
    out.flush();
    // The report's JSON goes along, so the page shows what only the program computes (gpu_health, ...); made
    // from the file read whole, so that what html_report.py reads of it is checked first.
    const TemporaryFile json(formatting::report_json(source.results(), source.path(), source.reference()).dump());
    run_python_script("report", "html_report.py", {source.path(), "--report-json", json.path()});
  }
};

}  // namespace

std::unique_ptr<formatting::Reporter> html_reporter() { return std::make_unique<HtmlReporter>(); }

}  // namespace autobench::cli
