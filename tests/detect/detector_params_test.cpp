// Per-detector parameters: `NAME.KEY=VALUE` checked against each detector's own declarations, set into
// Params, changing that detector's knee on known curves; bad input named in one line with the allowed ones.
#include <map>
#include <stdexcept>
#include <string>

#include <gtest/gtest.h>

#include "detect/detector.hpp"
#include "detect/detector_params.hpp"
#include "tests/detect/curves.hpp"

namespace autobench::detect {
namespace {

using testing::log_piecewise;
using testing::log_roofline;

Params with(const std::string& text, Params p = {}) {
  set_param(p, parse_param(text));
  return p;
}

// The message parse_param throws for `text`.
std::string refusal(const std::string& text) {
  try {
    parse_param(text);
  } catch (const std::invalid_argument& e) {
    return e.what();
  }
  return "(accepted)";
}

TEST(DetectorParams, ADeclaredKnobChangesItsDetectorsKneeOnAKnownCurve) {
  // A weak knee at 5 (about 0.14 of the strong one's strength) and the saturation knee at 45.
  const Curve weak_then_strong = log_piecewise(60, {{0, 0}, {5, 150}, {45, 1000}});
  EXPECT_EQ(make("multiknee")->find(weak_then_strong).index, 45u);
  EXPECT_EQ(make("multiknee", with("multiknee.strong_fraction=0.1"))->find(weak_then_strong).index, 5u);
  EXPECT_EQ(make("multiknee", with("multiknee.min_bend=0.05"))->find(weak_then_strong).all,
            std::vector<std::size_t>{45});

  // After the corner at 20 of 60 kneedle's difference curve falls 39 mean x-steps: S = 40 finds no knee.
  const Curve corner = log_roofline(60, 20);
  EXPECT_EQ(make("kneedle", with("kneedle.sensitivity=38"))->find(corner).index, 20u);
  EXPECT_FALSE(make("kneedle", with("kneedle.sensitivity=40"))->find(corner).index.has_value());
}

TEST(DetectorParams, AChoiceKnobChangesItsDetectorsKneeOnAKnownCurve) {
  // Corners at 15 and 45 of 60 (log x): online kneedle keeps scanning and reports the later one.
  const Curve two_steps = log_piecewise(60, {{0, 10}, {15, 500}, {30, 500}, {45, 1000}});
  EXPECT_EQ(make("kneedle")->find(two_steps).index, 45u);
  EXPECT_EQ(make("kneedle", with("kneedle.online=false"))->find(two_steps).index, 15u);
  // The L-method splits the whole curve at 16, one point past the first corner, then [0, 16] at 15 and
  // [16, 59], which starts with an elbow below its chord (the plateau before the second step), at 45.
  EXPECT_EQ(make("multiknee")->find(two_steps).all, (std::vector<std::size_t>{15, 45}));
  EXPECT_EQ(make("multiknee", with("multiknee.base=lmethod"))->find(two_steps).all,
            (std::vector<std::size_t>{15, 16, 45}));
  // Hybrid's proposer picks the knee among the confirmed ones: offline kneedle's first, the L-method's 16.
  const Params offline = with("kneedle.online=false");
  EXPECT_EQ(make("hybrid", offline)->find(two_steps).index, 15u);
  EXPECT_EQ(make("hybrid", with("hybrid.proposer=lmethod", offline))->find(two_steps).index, 16u);
}

TEST(DetectorParams, AChoiceIsHeldByNameAndUnsetOnesHaveTheirDeclaredDefault) {
  EXPECT_EQ(choice(Params{}, "kneedle", "interp"), "interp1d");
  EXPECT_EQ(choice(Params{}, "hybrid", "proposer"), "kneedle");
  EXPECT_EQ(choice(Params{}, "fitted", "base"), "triangle");
  const Params p = with("kneedle.interp=polynomial");
  EXPECT_EQ(p.chosen, (std::map<std::string, std::string>{{"kneedle.interp", "polynomial"}}));
  EXPECT_TRUE(p.declared.empty());
  EXPECT_EQ(choice(p, "kneedle", "interp"), "polynomial");
  EXPECT_THROW(param(p, "kneedle", "interp"), std::logic_error) << "a choice is no number";
  EXPECT_THROW(choice(p, "kneedle", "polynomial_degree"), std::logic_error) << "a number is no choice";
}

TEST(DetectorParams, UnsetKnobsHaveTheirDeclaredDefaultsAndSharedOnesLiveInTheirField) {
  EXPECT_EQ(param(Params{}, "multiknee", "strong_fraction"), 0.5);
  EXPECT_EQ(param(Params{}, "hybrid", "tolerance"), 3.0);
  const Params p = with("multiknee.min_segment=6");
  EXPECT_EQ(p.declared.at("multiknee.min_segment"), 6.0);
  EXPECT_EQ(param(p, "multiknee", "min_segment"), 6.0);
  const Params s = with("kneedle.sensitivity=2.5");
  EXPECT_EQ(s.sensitivity, 2.5) << "the noise-aware safeguards read and raise Params::sensitivity";
  EXPECT_TRUE(s.declared.empty());
  EXPECT_EQ(param(s, "kneedle", "sensitivity"), 2.5);
  EXPECT_THROW(param(Params{}, "kneedle", "no_such_knob"), std::logic_error);
}

TEST(DetectorParams, EveryDeclarationIsListedAndHasItsDefaultInRange) {
  EXPECT_EQ(declared_names(), (std::vector<std::string>{"fitted.base", "hybrid.tolerance", "hybrid.proposer",
                                                        "hybrid.confirmer", "kneedle.sensitivity",
                                                        "kneedle.polynomial_degree", "kneedle.online",
                                                        "kneedle.direction", "kneedle.interp",
                                                        "menger.strong_fraction", "menger.onset", "multiknee.strong_fraction",
                                                        "multiknee.min_segment", "multiknee.min_bend",
                                                        "multiknee.base"}));
  for (const auto& e : list())
    for (const auto& spec : e.params)
      EXPECT_NO_THROW(parse_param(e.name + "." + spec.key + "=" + default_text(spec))) << e.name << "." << spec.key;
}

TEST(DetectorParams, BadInputIsOneLineNamingItAndTheAllowedOnes) {
  const std::string all = "fitted.base, hybrid.tolerance, hybrid.proposer, hybrid.confirmer, kneedle.sensitivity, "
                          "kneedle.polynomial_degree, kneedle.online, kneedle.direction, kneedle.interp, "
                          "menger.strong_fraction, menger.onset, multiknee.strong_fraction, multiknee.min_segment, "
                          "multiknee.min_bend, multiknee.base";
  EXPECT_EQ(refusal("kneedle.sensitivity"),
            "'kneedle.sensitivity' is not NAME.KEY=VALUE (e.g. kneedle.sensitivity=1; allowed NAME.KEY: " + all + ")");
  EXPECT_EQ(refusal("sensitivity=1"), "'sensitivity=1' is not NAME.KEY=VALUE (e.g. kneedle.sensitivity=1; allowed "
                                      "NAME.KEY: " + all + ")");
  EXPECT_EQ(refusal("elbow.sensitivity=1"), "unknown detector 'elbow' in 'elbow.sensitivity=1' (allowed: " + all + ")");
  EXPECT_EQ(refusal("triangle.sensitivity=1"),
            "detector 'triangle' has no parameter 'sensitivity' in 'triangle.sensitivity=1' (allowed: " + all + ")");
  EXPECT_EQ(refusal("kneedle.sensitivty=1"), "detector 'kneedle' has no parameter 'sensitivty' in "
                                             "'kneedle.sensitivty=1' (allowed: kneedle.sensitivity, "
                                             "kneedle.polynomial_degree, kneedle.online, kneedle.direction, "
                                             "kneedle.interp)");
  EXPECT_EQ(refusal("kneedle.sensitivity=0").rfind("kneedle.sensitivity: 0 is not allowed: must be a finite number "
                                                   "in (0, 100] (S: ", 0),
            0u)
      << refusal("kneedle.sensitivity=0");
  for (const char* bad : {"kneedle.sensitivity=abc", "kneedle.sensitivity=inf", "kneedle.sensitivity=nan",
                          "kneedle.sensitivity=1e999", "kneedle.sensitivity=2x", "kneedle.sensitivity=101"})
    EXPECT_NE(refusal(bad).find(" is not allowed: must be a finite number in (0, 100]"), std::string::npos) << bad;
  EXPECT_NE(refusal("multiknee.min_segment=3.5").find("multiknee.min_segment: 3.5 is not allowed: must be a whole "
                                                      "number in [3, 1000]"),
            std::string::npos);
  for (const char* bad : {"kneedle.sensitivity=0", "elbow.x=1", "kneedle.sensitivity"})
    EXPECT_EQ(refusal(bad).find('\n'), std::string::npos) << "one line";
}

TEST(DetectorParams, ABadChoiceIsOneLineNamingItAndTheAllowedNames) {
  EXPECT_EQ(refusal("kneedle.interp=cubic"), "kneedle.interp: 'cubic' is not allowed (allowed: interp1d, polynomial)");
  EXPECT_EQ(refusal("kneedle.online=yes"), "kneedle.online: 'yes' is not allowed (allowed: true, false)");
  EXPECT_EQ(refusal("kneedle.direction=1"),
            "kneedle.direction: '1' is not allowed (allowed: increasing, decreasing)");
  // A knob naming a detector allows the registered ones but those it cannot use.
  EXPECT_EQ(refusal("hybrid.proposer=hybrid"), "hybrid.proposer: 'hybrid' is not allowed (allowed: dfdt, fitted, "
                                               "kneedle, lmethod, menger, multiknee, triangle)");
  EXPECT_EQ(refusal("fitted.base=nosuch"),
            "fitted.base: 'nosuch' is not allowed (allowed: dfdt, kneedle, lmethod, menger, triangle)");
  // A name set in code is checked when the detector is made, with the same message.
  Params p;
  p.chosen["multiknee.base"] = "hybrid";
  try {
    make("multiknee", p);
    ADD_FAILURE() << "multiknee on hybrid was made";
  } catch (const std::invalid_argument& e) {
    EXPECT_EQ(std::string(e.what()), "multiknee.base: 'hybrid' is not allowed (allowed: dfdt, fitted, kneedle, "
                                     "lmethod, menger, triangle)");
  }
}

}  // namespace
}  // namespace autobench::detect
