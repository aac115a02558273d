// Detector agreement in `report`: the JSON `detector_agreement` array and the table forms' section.
#include <gtest/gtest.h>

#include "suite/formatting/report_json.hpp"
#include "suite/formatting/report_table.hpp"
#include "tests/support/error_text.hpp"
#include "tests/results/sample_results.hpp"

namespace autobench::formatting {
namespace {

using testing::contains;

// The sample run (kneedle only; rank 0's vecadd knees at indices 3 and 4) plus triangle on rank 0's vecadd
// sweeps with knees at indices 4 and 6 (none detected: the last of 7 points): compared in repeat 0 only,
// within one index of kneedle's; knee sizes 1024 << 4 / 1024 << 3 = 2.
results::ResultFile two_detector_file() {
  results::ResultFile f;
  f.info = testing::sample_run_info();
  f.ranks = testing::sample_ranks();
  f.ranks[0].campaigns.push_back(testing::sample_campaign(0, "vecadd", "triangle", 0, 4));
  f.ranks[0].campaigns.push_back(testing::sample_campaign(0, "vecadd", "triangle", 1, 6));
  f.settings_json = "{}";
  return f;
}

TEST(ReportAgreement, JsonHasOneEntryPerKernelAndDetectorPair) {
  const auto j = report_json(two_detector_file(), "f.h5");
  ASSERT_EQ(j["detector_agreement"].size(), 1u);
  EXPECT_EQ(j["detector_agreement"][0], (nlohmann::json{{"kernel", "vecadd"},
                                                        {"first_detector", "kneedle"},
                                                        {"second_detector", "triangle"},
                                                        {"compared", 1},
                                                        {"other_regime", 0},
                                                        {"sweeps", 2},
                                                        {"within1_fraction", 1.0},
                                                        {"knee_size_ratio_median", 2.0}}));
}

TEST(ReportAgreement, JsonArrayIsEmptyWhenEverySweepRanOneDetector) {
  results::ResultFile f;
  f.ranks = testing::sample_ranks();
  f.settings_json = "{}";
  const auto j = report_json(f, "f.h5");
  ASSERT_TRUE(j["detector_agreement"].is_array());
  EXPECT_TRUE(j["detector_agreement"].empty());
}

TEST(ReportAgreement, TableAndMarkdownShowThePair) {
  const auto document = report_document(two_detector_file(), "f.h5", true);
  EXPECT_TRUE(contains(document.text(),
                       "\nkernel  first    second    compared  other_regime  sweeps  within1  size_ratio\n"
                       "------  -------  --------  --------  ------------  ------  -------  ----------\n"
                       "vecadd  kneedle  triangle         1             0       2     1.00       2.000\n"))
      << document.text();
  EXPECT_TRUE(contains(document.markdown(),
                       "| kernel | first | second | compared | other_regime | sweeps | within1 | size_ratio |\n"
                       "|---|---|---|---:|---:|---:|---:|---:|\n"
                       "| vecadd | kneedle | triangle | 1 | 0 | 2 | 1.00 | 2.000 |\n"));
}

}  // namespace
}  // namespace autobench::formatting
