// The per-size stopping-criterion seam: a size is timed in the batches its criterion asks for (a fake
// criterion with a known script), the criteria are chosen by name, and the tuner times as the default
// criterion (stdrel) asks.
#include <gtest/gtest.h>

#include <stdexcept>
#include <vector>

#include "suite/autoscale/stopping_criteria.hpp"
#include "tests/support/error_text.hpp"

namespace autobench::autoscale {
namespace {

// Asks for the launches of `script` one batch after another, recording the launch counts it was shown.
class ScriptedCriterion final : public StoppingCriterion {
 public:
  explicit ScriptedCriterion(std::vector<int> script) : script_(std::move(script)) {}
  int more_launches(const std::vector<double>& seconds) const override {
    shown.push_back(seconds.size());
    return shown.size() <= script_.size() ? script_[shown.size() - 1] : 0;
  }
  mutable std::vector<std::size_t> shown;

 private:
  std::vector<int> script_;
};

backend::Timing timing(std::vector<double> seconds, std::uint64_t reasons, double temperature) {
  backend::Timing t;
  t.seconds = std::move(seconds);
  t.clock_event_reasons = reasons;
  t.temperature_c = temperature;
  return t;
}

TEST(StoppingCriterion, ASizeIsTimedInTheBatchesItsCriterionAsksFor) {
  const ScriptedCriterion criterion({3, 2, 0});
  std::vector<int> batches;
  const backend::Timing t = time_until_stopped(timing({1.0, 1.0}, 0x1, 60.0), criterion, [&](int launches) {
    batches.push_back(launches);
    return timing(std::vector<double>(static_cast<std::size_t>(launches), 2.0 + batches.size()),
                  batches.size() == 1 ? 0x4 : 0x0, batches.size() == 1 ? 70.0 : 65.0);
  });
  EXPECT_EQ(batches, (std::vector<int>{3, 2}));
  EXPECT_EQ(criterion.shown, (std::vector<std::size_t>{2, 5, 7}));
  EXPECT_EQ(t.seconds, (std::vector<double>{1.0, 1.0, 3.0, 3.0, 3.0, 4.0, 4.0}));
  EXPECT_EQ(t.clock_event_reasons, 0x5u);  // or-ed
  EXPECT_EQ(t.temperature_c, 70.0);        // the highest
}

TEST(StoppingCriterion, ACriterionThatIsMetAtOnceAddsNoBatch) {
  const ScriptedCriterion criterion({0});
  const backend::Timing t = time_until_stopped(timing({1.0, 2.0}, 0, 50.0), criterion, [](int) -> backend::Timing {
    ADD_FAILURE() << "no batch expected";
    return {};
  });
  EXPECT_EQ(t.seconds, (std::vector<double>{1.0, 2.0}));
}

TEST(StoppingCriteria, ChosenByNameWithTheRunsLimits) {
  ASSERT_FALSE(stopping_criteria().empty());
  EXPECT_EQ(stopping_criteria().front().name, "stdrel");
  NoiseStop stop;
  EXPECT_EQ(stop.criterion, "stdrel");
  stop.target = 0.01;
  stop.max_launches = 6;
  stop.max_time_s = 100.0;
  // Launches 10% apart are far from 1%: stdrel asks for as many again as were timed (2), then for what
  // max_launches leaves (6 - 4).
  EXPECT_EQ(make_stopping_criterion(stop)->more_launches({1.0, 1.1}), 2);
  EXPECT_EQ(make_stopping_criterion(stop)->more_launches({1.0, 1.1, 1.0, 1.1}), 2);
  stop.criterion = "entropy";
  EXPECT_EQ(testing::error_of<std::invalid_argument>([&] { make_stopping_criterion(stop); }),
            "unknown stopping criterion 'entropy' (allowed: stdrel)");
}

}  // namespace
}  // namespace autobench::autoscale
