// Our `kneedle` finds the same knee, and the same set of all knees, as Python kneed 0.9.0 on every curve
// in tests/detect/data/kneed_reference.json (written by tests/detect/kneed_reference.py).
#include <fstream>
#include <optional>
#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "detect/detector.hpp"

namespace autobench::detect {
namespace {

nlohmann::json reference() {
  std::ifstream in(std::string(AUTOBENCH_SOURCE_DIR) + "/tests/detect/data/kneed_reference.json");
  return nlohmann::json::parse(in);
}

Params params_of(const nlohmann::json& c) {
  Params p;
  p.x_scale = kXScaleNames.value(c.at("x_scale").get<std::string>());
  p.sensitivity = c.at("S");
  p.chosen["kneedle.online"] = c.at("online").get<bool>() ? "true" : "false";
  p.shape = c.at("curve") == "concave" ? Shape::concave : Shape::convex;
  p.chosen["kneedle.direction"] = c.at("direction");  // increasing or decreasing, as kneed names them
  p.chosen["kneedle.interp"] = c.at("interp");        // interp1d or polynomial
  return p;
}

TEST(KneedAgreement, SameKneeAndAllKneesOnEveryReferenceCurve) {
  const nlohmann::json doc = reference();
  ASSERT_EQ(doc.at("kneed_version"), "0.9.0");
  const auto& cases = doc.at("cases");
  ASSERT_GE(cases.size(), 40u);
  std::size_t with_knee = 0;
  for (const auto& c : cases) {
    SCOPED_TRACE(c.at("name").get<std::string>());
    const Curve curve{c.at("x").get<std::vector<double>>(), c.at("y").get<std::vector<double>>()};
    const Knee k = make("kneedle", params_of(c))->find(curve);
    const auto expected = c.at("knee").is_null() ? std::nullopt
                                                 : std::optional<std::size_t>(c.at("knee").get<std::size_t>());
    EXPECT_EQ(k.index, expected);
    EXPECT_EQ(k.all, c.at("all_knees").get<std::vector<std::size_t>>());
    with_knee += expected.has_value();
  }
  // The reference exercises both outcomes.
  EXPECT_GT(with_knee, 0u);
  EXPECT_LT(with_knee, cases.size());
}

}  // namespace
}  // namespace autobench::detect
