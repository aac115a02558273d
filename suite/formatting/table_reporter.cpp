// `report --format table`: aligned columns (a model file's report for a model file).
#include "suite/formatting/model_report.hpp"
#include "suite/formatting/rank_time_split.hpp"
#include "suite/formatting/report_table.hpp"
#include "suite/formatting/reporters.hpp"

namespace autobench::formatting {
namespace {

class TableReporter final : public Reporter {
 public:
  void write(const ReportSource& source, std::ostream& out) const override {
    if (const modeling::ModelRun* model = source.model()) {
      out << model_report(*model, source.path());
      return;
    }
    const stats::RunSummary& run = source.summary();
    out << report_document(run, source.details() ? &source.results() : nullptr, source.path(), source.reference())
               .text();
    if (!run.time_splits.empty())
      out << "\nWhere each rank's time went (seconds; docs/scale.md):\n" << rank_time_split_table(run.time_splits);
  }
};

}  // namespace

std::unique_ptr<Reporter> table_reporter() { return std::make_unique<TableReporter>(); }

}  // namespace autobench::formatting
