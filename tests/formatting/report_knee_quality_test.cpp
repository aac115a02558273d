// The knee quality and refinement count of each campaign in `report`'s JSON and table forms.
#include <gtest/gtest.h>

#include "suite/formatting/report_json.hpp"
#include "suite/formatting/report_table.hpp"
#include "tests/support/sample_result_file.hpp"

namespace autobench::formatting {
namespace {

results::ResultFile sample_file() { return testing::sample_result_file(); }

TEST(ReportKneeQuality, JsonCarriesQualityPlateauPositionXScaleAndRefinementCount) {
  const auto file = sample_file();
  const auto j = report_json(file, "f.h5");
  const auto& measured = j["campaigns"][0];  // rank 0: quality recorded
  const auto& source = file.ranks[0].campaigns[0];
  EXPECT_EQ(measured["knee_quality"].get<double>(), source.knee_quality);
  EXPECT_EQ(measured["plateau"].get<double>(), source.plateau);
  EXPECT_EQ(measured["knee_position"].get<double>(), source.knee_position);
  EXPECT_EQ(measured["x_scale"], "log");
  EXPECT_EQ(measured["refinement_points"], 1) << "the sample's last point is a refinement point";
  const auto& missing = j["campaigns"][4];  // rank 1: NaN quality
  EXPECT_TRUE(missing["knee_quality"].is_null());
  EXPECT_TRUE(missing["plateau"].is_null());
  EXPECT_TRUE(missing["knee_position"].is_null());
  EXPECT_EQ(missing["x_scale"], "linear");
}

TEST(ReportKneeQuality, TableShowsTheQualityAsAPercentageOfThePlateau) {
  const std::string table = report_document(sample_file(), "f.h5", true).text();
  EXPECT_NE(table.find("91.2%"), std::string::npos) << table;  // knee_quality 0.9123...
}

}  // namespace
}  // namespace autobench::formatting
