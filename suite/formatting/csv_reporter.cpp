// `report --format csv`: one row per campaign (report_csv.hpp).
#include "suite/formatting/report_csv.hpp"
#include "suite/formatting/reporters.hpp"

namespace autobench::formatting {
namespace {

class CsvReporter final : public Reporter {
 public:
  void write(const ReportSource& source, std::ostream& out) const override { out << report_csv(source.results()); }
};

}  // namespace

std::unique_ptr<Reporter> csv_reporter() { return std::make_unique<CsvReporter>(); }

}  // namespace autobench::formatting
