// The JSON form of the run settings (the results file's `settings` attribute, run.json): what the
// detectors ran on round-trips (the --detector-param knobs too, numbers and choices), files from before
// smoothing read back as detection on the points, and their "online" as kneedle's online knob.
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "detect/detector_params.hpp"
#include "detect/spline_fit.hpp"
#include "suite/campaign/run_settings.hpp"

namespace ab = autobench;

TEST(RunSettings, SmoothingRoundTripsAndDefaultsToTheSpline) {
  ab::campaign::RunSettings s;
  EXPECT_EQ(s.autoscale.detector_params.smoothing, ab::detect::Smoothing::spline);
  EXPECT_EQ(s.autoscale.detector_params.spline_knots, ab::detect::kAutoKnots);
  const nlohmann::json j = ab::campaign::to_json(s);
  EXPECT_EQ(j.at("smoothing"), "spline");
  EXPECT_EQ(j.at("spline_knots"), "auto");
  EXPECT_EQ(ab::campaign::settings_from_json(j).autoscale.detector_params.spline_knots, ab::detect::kAutoKnots);

  s.autoscale.detector_params.smoothing = ab::detect::Smoothing::saturating;
  s.autoscale.detector_params.spline_knots = 5;
  const auto back = ab::campaign::settings_from_json(ab::campaign::to_json(s));
  EXPECT_EQ(back.autoscale.detector_params.smoothing, ab::detect::Smoothing::saturating);
  EXPECT_EQ(back.autoscale.detector_params.spline_knots, 5);
}

TEST(RunSettings, AFileFromBeforeSmoothingWasDetectedOnThePoints) {
  nlohmann::json j = ab::campaign::to_json(ab::campaign::RunSettings{});
  j.erase("smoothing");
  j.erase("spline_knots");
  const auto old = ab::campaign::settings_from_json(j);
  EXPECT_EQ(old.autoscale.detector_params.smoothing, ab::detect::Smoothing::none);

  j["smoothing"] = "loess";
  EXPECT_THROW(ab::campaign::settings_from_json(j), std::invalid_argument);
  j["smoothing"] = "spline";
  j["spline_knots"] = "many";
  EXPECT_THROW(ab::campaign::settings_from_json(j), std::invalid_argument);
}

TEST(RunSettings, DetectorParamsRoundTripAndFilesFromBeforeThemHaveTheDefaults) {
  ab::campaign::RunSettings s;
  s.autoscale.detector_params.declared = {{"multiknee.strong_fraction", 0.3}, {"hybrid.tolerance", 4.0}};
  nlohmann::json j = ab::campaign::to_json(s);
  EXPECT_EQ(j.at("detector_params"), (nlohmann::json{{"hybrid.tolerance", 4.0}, {"multiknee.strong_fraction", 0.3}}));
  EXPECT_EQ(ab::campaign::settings_from_json(j).autoscale.detector_params.declared, s.autoscale.detector_params.declared);

  j.erase("detector_params");
  EXPECT_TRUE(ab::campaign::settings_from_json(j).autoscale.detector_params.declared.empty());
  j["detector_params"] = {{"multiknee.strong_fraction", 2.0}};  // a damaged file: checked as if typed
  EXPECT_THROW(ab::campaign::settings_from_json(j), std::invalid_argument);
  j["detector_params"] = {{"elbow.x", 1}};
  EXPECT_THROW(ab::campaign::settings_from_json(j), std::invalid_argument);
}

TEST(RunSettings, ChoiceKnobsAreStoredByNameBesideTheNumbersPerKernelToo) {
  ab::campaign::RunSettings s;
  auto& p = s.autoscale.detector_params;
  p.declared = {{"hybrid.tolerance", 4.0}};
  p.chosen = {{"hybrid.proposer", "lmethod"}, {"kneedle.interp", "polynomial"}, {"kneedle.online", "false"}};
  s.kernel_autoscale["gemm"].detector_params.chosen = {{"multiknee.base", "menger"}};
  nlohmann::json j = ab::campaign::to_json(s);
  EXPECT_EQ(j.at("detector_params"), (nlohmann::json{{"hybrid.proposer", "lmethod"}, {"hybrid.tolerance", 4.0},
                                                     {"kneedle.interp", "polynomial"}, {"kneedle.online", "false"}}));
  EXPECT_FALSE(j.contains("online")) << "kneedle.online is stored with the other knobs";
  const auto back = ab::campaign::settings_from_json(j);
  EXPECT_EQ(back.autoscale.detector_params.chosen, p.chosen);
  EXPECT_EQ(back.autoscale.detector_params.declared, p.declared);
  EXPECT_EQ(back.kernel_autoscale.at("gemm").detector_params.chosen, s.kernel_autoscale.at("gemm").detector_params.chosen);

  j["detector_params"] = {{"kneedle.interp", "cubic"}};  // a damaged file: checked as if typed
  try {
    ab::campaign::settings_from_json(j);
    ADD_FAILURE() << "a bad choice was read";
  } catch (const std::invalid_argument& e) {
    EXPECT_EQ(std::string(e.what()), "kneedle.interp: 'cubic' is not allowed (allowed: interp1d, polynomial)");
  }
}

// run.json from before kneedle.online was kneedle's declared knob hold "online": true or false, for the run
// and each kernel of a suite file.
TEST(RunSettings, AnOlderRunJsonsOnlineKeyIsKneedlesOnlineKnob) {
  ab::campaign::RunSettings s;
  s.kernel_autoscale["gemm"] = s.autoscale;
  nlohmann::json old = ab::campaign::to_json(s);
  old["online"] = false;
  old["kernel_autoscale"]["gemm"]["online"] = true;
  const auto read = ab::campaign::settings_from_json(old);
  EXPECT_EQ(ab::detect::choice(read.autoscale.detector_params, "kneedle", "online"), "false");
  EXPECT_EQ(ab::detect::choice(read.kernel_autoscale.at("gemm").detector_params, "kneedle", "online"), "true");
  const nlohmann::json again = ab::campaign::to_json(read);
  EXPECT_EQ(again.at("detector_params"), (nlohmann::json{{"kneedle.online", "false"}}));
  EXPECT_EQ(again.at("kernel_autoscale").at("gemm").at("detector_params"), nlohmann::json::object());
  EXPECT_FALSE(again.contains("online"));
}
