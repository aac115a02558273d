// campaign::limits through every source of a value: the typed text (command line and suite files, via
// cli::bounded), the stored value (run.json), and the round trip of the extremes through run.json.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>

#include <nlohmann/json.hpp>

#include "suite/campaign/limits.hpp"
#include "suite/campaign/plan.hpp"
#include "suite/cli/run_options.hpp"
#include "suite/journal/manifest.hpp"
#include <fmt/format.h>
#include "tests/support/scratch.hpp"

namespace ab = autobench;
using ab::campaign::Limit;
namespace L = ab::campaign::limits;

namespace {

std::string stored_error(const Limit& l, double stored) {
  try {
    ab::campaign::check_stored(l, stored);
  } catch (const std::invalid_argument& e) {
    return e.what();
  }
  return "";
}

// The run options of `args` as a run takes them: parsed by the CLI11 app of the command line.
ab::campaign::RunSettings parsed(std::vector<std::string> args) {
  CLI::App app;
  ab::cli::RunOptions options;
  ab::cli::add_run_options(app, options);
  std::reverse(args.begin(), args.end());
  app.parse(args);
  return ab::cli::to_settings(options, app);
}

std::string parse_error(const std::vector<std::string>& args) {
  try {
    parsed(args);
  } catch (const CLI::ParseError& e) {
    return e.what();
  }
  return "";
}

// Every run option with a limit.
const std::vector<const Limit*> kRunLimits = {
    &L::repeats,     &L::start_size,        &L::max_size,    &L::scale_factor,   &L::coarse_factor,
    &L::safety_factor, &L::min_points,      &L::min_runtime_ms, &L::post_knee,   &L::refine_precision,
    &L::iterations,  &L::warmup,            &L::tune_budget, &L::tune_iterations, &L::seed,
    &L::sensitivity, &L::distance_threshold, &L::sim_realtime, &L::power_window_ms, &L::power_interval_ms};

// The allowed value at one end of a limit: the end itself, or its nearest inner neighbour when open.
std::string extreme(const Limit& l, bool top) {
  const double end = top ? l.max : l.min;
  const bool open = top ? l.max_open : l.min_open;
  const double v = !open ? end : l.whole ? end + (top ? -1 : 1) : std::nextafter(end, top ? l.min : l.max);
  return l.whole ? std::to_string(static_cast<long long>(v)) : fmt::format("{}", v);
}

}  // namespace

TEST(OptionLimits, RejectsNonFiniteHugeNegativeAndFractionalValuesNamingTheRange) {
  using ab::campaign::reason_not_allowed;
  EXPECT_EQ(reason_not_allowed(L::scale_factor, "inf"), "inf is not allowed: must be a finite number in (1, 16]");
  EXPECT_NE(reason_not_allowed(L::scale_factor, "nan"), "");
  EXPECT_NE(reason_not_allowed(L::scale_factor, "-inf"), "");
  EXPECT_NE(reason_not_allowed(L::scale_factor, "1e16"), "");
  EXPECT_NE(reason_not_allowed(L::scale_factor, "1"), "") << "the lower end is open";
  EXPECT_EQ(reason_not_allowed(L::scale_factor, "16"), "");
  EXPECT_EQ(reason_not_allowed(L::seed, "-1"), "-1 is not allowed: must be a whole number in [0, 9007199254740992]");
  EXPECT_EQ(reason_not_allowed(L::repeats, "2.5"), "2.5 is not allowed: must be a whole number in [1, 1000]");
  EXPECT_NE(reason_not_allowed(L::start_size, "9223372036854775807"), "");
  EXPECT_NE(reason_not_allowed(L::power_window_ms, "1e12"), "");
  EXPECT_NE(reason_not_allowed(L::time_budget_s, "-5"), "");
  EXPECT_NE(reason_not_allowed(L::tune_iterations, "0"), "");
  EXPECT_NE(reason_not_allowed(L::sensitivity, "1e999"), "") << "overflows to inf";
  EXPECT_NE(reason_not_allowed(L::sensitivity, "abc"), "");
  EXPECT_NE(reason_not_allowed(L::sensitivity, ""), "");
  EXPECT_NE(reason_not_allowed(L::refine_precision, "1"), "") << "the upper end is open";
}

TEST(OptionLimits, StoredValuesAreCheckedInTheTypedUnit) {
  EXPECT_EQ(stored_error(L::power_window_ms, 60.0), "") << "60 s is 60000 ms, the top";
  EXPECT_EQ(stored_error(L::power_window_ms, 61.0),
            "--power-window-ms 61000 is not allowed: must be a finite number in [0, 60000]");
  EXPECT_EQ(stored_error(L::min_runtime_ms, std::numeric_limits<double>::infinity()),
            "--min-runtime-ms inf is not allowed: must be a finite number in [0, 60000]");
  EXPECT_NE(stored_error(L::repeats, 1001), "");
}

TEST(OptionLimits, TheCommandLineParserRejectsOutOfRangeValuesNamingTheOption) {
  EXPECT_EQ(parse_error({"--scale-factor=inf"}),
            "--scale-factor: inf is not allowed: must be a finite number in (1, 16]");
  EXPECT_EQ(parse_error({"--seed=-1"}), "--seed: -1 is not allowed: must be a whole number in [0, 9007199254740992]");
  EXPECT_EQ(parse_error({"--tune-iterations=0"}),
            "--tune-iterations: 0 is not allowed: must be a whole number in [1, 10000]");
  EXPECT_NE(parse_error({"--start-size=9223372036854775807"}), "");
  EXPECT_NE(parse_error({"--repeats=1000000000"}), "");
}

TEST(OptionLimits, EveryAcceptedExtremeSurvivesRunJsonAndPassesThePlanAgain) {
  for (const bool top : {false, true}) {
    std::vector<std::string> args;
    for (const Limit* l : kRunLimits)
      if (top || l != &L::max_size)  // a max size of 1 is below every kernel's start size (a plan error)
        args.push_back(std::string(l->option) + "=" + extreme(*l, top));
    args.push_back("--kernels=vecadd");  // gemm's footprint at 10^12 (its matrix side) is refused by the plan
    SCOPED_TRACE(top ? "upper ends" : "lower ends");
    ab::campaign::RunSettings written;
    ASSERT_NO_THROW(written = parsed(args));
    ASSERT_NO_THROW(ab::campaign::check_plan(written));

    ab::testing::ScratchDir dir;
    ab::results::RunInfo info;
    info.ranks = 1;  // a manifest names its ranks and its run id (read_manifest refuses one without)
    ab::journal::write_manifest(dir.path(""), {written, info, "run-1"});
    const auto read = ab::journal::read_manifest(dir.path("")).settings;
    EXPECT_NO_THROW(ab::campaign::check_plan(read)) << "--resume and merge check the plan of run.json";
    EXPECT_EQ(ab::campaign::to_json(read), ab::campaign::to_json(written));
  }
}
