// `report --format markdown`: the table form's tables in GitHub Markdown.
#include "suite/formatting/report_table.hpp"
#include "suite/formatting/reporters.hpp"

namespace autobench::formatting {
namespace {

class MarkdownReporter final : public Reporter {
 public:
  void write(const ReportSource& source, std::ostream& out) const override {
    out << report_document(source.summary(), source.details() ? &source.results() : nullptr, source.path(),
                           source.reference())
               .markdown();
  }
};

}  // namespace

std::unique_ptr<Reporter> markdown_reporter() { return std::make_unique<MarkdownReporter>(); }

}  // namespace autobench::formatting
