// `report --format json`: the documented structure of report_json.hpp.
#include "suite/formatting/report_json.hpp"
#include "suite/formatting/reporters.hpp"

namespace autobench::formatting {
namespace {

class JsonReporter final : public Reporter {
 public:
  void write(const ReportSource& source, std::ostream& out) const override {
    write_report_json(source.summary(), source.path(), out, source.reference());
  }
};

}  // namespace

std::unique_ptr<Reporter> json_reporter() { return std::make_unique<JsonReporter>(); }

}  // namespace autobench::formatting
