// Any settings struct's option table (suite/campaign/option.hpp) drives its command line
// (cli::add_options) and its stored form: typed values are stored under their keys and read back, a key
// missing from an older file reads as its OldFiles says, an optional field left untyped is stored as null,
// and stored values are checked against the option's range.
#include "suite/campaign/option.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <optional>
#include <string>
#include <vector>

#include "suite/cli/option_binding.hpp"

namespace ab = autobench;
using nlohmann::json;

namespace {

struct Toy {
  std::int64_t count = 3;
  std::vector<int> devices;
  std::optional<double> threshold;  // unset: not typed
  std::string mode = "fast";
  bool flag = false;
};

constexpr ab::campaign::Limit kCount{"--count", 1, 100, false, false, true};
constexpr ab::campaign::Limit kThreshold{"--threshold", 0, 1};

const std::vector<ab::campaign::Option<Toy>>& toy_options() {
  using ab::campaign::keep_default, ab::campaign::was;
  static const std::vector<ab::campaign::Option<Toy>> table = {
      {"count", "", "How many", "count", +[](Toy& t) -> auto& { return t.count; }, &kCount},
      {"devices", "", "Which", "devices", +[](Toy& t) -> auto& { return t.devices; }, nullptr, keep_default()},
      {"threshold", "", "How high", "threshold", +[](Toy& t) -> auto& { return t.threshold; }, &kThreshold, was(0.5)},
      {"mode", "", "How", "mode", +[](Toy& t) -> auto& { return t.mode; }, nullptr, was("slow")},
      {"flag", "", "Whether", nullptr, +[](Toy& t) -> auto& { return t.flag; }},
  };
  return table;
}

Toy typed(std::vector<std::string> args) {
  CLI::App app;
  Toy t;
  ab::cli::add_options(app, toy_options(), t);
  std::reverse(args.begin(), args.end());
  app.parse(args);
  return t;
}

json stored_form(const Toy& t) {
  json j = json::object();
  ab::campaign::write_options(toy_options(), t, j);
  return j;
}

Toy read_back(const json& j) {
  Toy t;
  ab::campaign::read_options(toy_options(), t, j);
  return t;
}

}  // namespace

TEST(Option, OneEntryDrivesTheCommandLineAndTheStoredForm) {
  const Toy t = typed({"--count", "7", "--devices", "0,2", "--threshold", "0.25", "--mode", "exact", "--flag"});
  EXPECT_TRUE(t.flag);
  const json j = stored_form(t);
  EXPECT_EQ(j, (json{{"count", 7}, {"devices", {0, 2}}, {"threshold", 0.25}, {"mode", "exact"}})) << j.dump();
  const Toy back = read_back(j);
  EXPECT_EQ(stored_form(back), j);
  EXPECT_FALSE(back.flag) << "an option without a key is not stored";

  const json untyped = stored_form(typed({}));
  EXPECT_TRUE(untyped.at("threshold").is_null()) << "an optional field left untyped is stored as null";
  EXPECT_FALSE(read_back(untyped).threshold.has_value());
}

TEST(Option, AKeyMissingFromAnOlderFileReadsAsTheTableSays) {
  const json full = stored_form(typed({"--count", "7", "--devices", "1", "--threshold", "0.25", "--mode", "exact"}));
  json old = full;
  old.erase("threshold");
  old.erase("mode");
  old.erase("devices");
  const Toy t = read_back(old);
  EXPECT_EQ(t.threshold, 0.5) << "was(0.5)";
  EXPECT_EQ(t.mode, "slow") << "was(\"slow\")";
  EXPECT_TRUE(t.devices.empty()) << "keep_default()";
  old.erase("count");
  EXPECT_THROW(read_back(old), json::out_of_range) << "required()";
}

TEST(Option, TypedAndStoredValuesAreCheckedAgainstTheRange) {
  try {
    typed({"--threshold", "2"});
    FAIL() << "accepted";
  } catch (const CLI::ValidationError& e) {
    EXPECT_STREQ(e.what(), "--threshold: 2 is not allowed: must be a finite number in [0, 1]");
  }
  Toy t = read_back(json{{"count", 0}, {"devices", json::array()}, {"threshold", nullptr}, {"mode", "fast"}});
  try {
    ab::campaign::check_limits(toy_options(), t);
    FAIL() << "a stored --count 0 was accepted";
  } catch (const std::invalid_argument& e) {
    EXPECT_STREQ(e.what(), "--count 0 is not allowed: must be a whole number in [1, 100]");
  }
  t.count = 5;
  EXPECT_NO_THROW(ab::campaign::check_limits(toy_options(), t)) << "an unset optional is not checked";
  t.threshold = 1.5;
  EXPECT_THROW(ab::campaign::check_limits(toy_options(), t), std::invalid_argument);
}
