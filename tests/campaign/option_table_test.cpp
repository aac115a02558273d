// The option table drives run.json, the command line, the checks and the docs: every option round-trips
// through run.json (older files read as the table says), appears in docs/options.md, and a bad value is
// refused naming the option and the value, typed and stored.
#include <gtest/gtest.h>

#include <fstream>
#include <regex>
#include <sstream>
#include <string>
#include <vector>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "suite/campaign/option_table.hpp"
#include "suite/campaign/plan.hpp"
#include "suite/cli/run_options.hpp"

namespace ab = autobench;
using ab::campaign::Option;
using nlohmann::json;

namespace {

// A stored value its option allows that differs from `current`.
template <class S>
json changed(const Option<S>& o, const json& current) {
  if (current.is_null() || current.is_boolean()) return !(current.is_boolean() && current.get<bool>());
  if (current.is_object() && current.empty()) return json{{"multiknee.strong_fraction", 0.3}};  // detector_params
  if (current.is_object()) {  // fixed_thresholds: flags
    json flipped = current;
    for (auto& [key, flag] : flipped.items()) flag = !flag.template get<bool>();
    return flipped;
  }
  if (current.is_array()) return json::array({"vecadd"});
  if (const auto* named = std::get_if<ab::campaign::NamedField<S>>(&o.field)) {
    std::istringstream allowed(named->allowed);
    for (std::string name; std::getline(allowed >> std::ws, name, ',');)
      if (name != current.get<std::string>()) return name;
  }
  if (current.is_string() && !o.limit) return current.get<std::string>() + "-changed";
  if (!o.limit) return current.is_number_integer() ? json(current.get<std::int64_t>() + 1) : json(current.get<double>() + 0.5);
  double typed = (o.limit->min + o.limit->max) / 2;
  if (o.limit->whole) return json(static_cast<std::int64_t>(typed));
  return json(typed * o.limit->scale);
}

std::string options_md() {
  std::ifstream in(std::string(AUTOBENCH_SOURCE_DIR) + "/docs/options.md");
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

// Calls f(option) for every option of both tables.
template <class F>
void for_each_option(F f) {
  for (const auto& o : ab::campaign::run_options()) f(o);
  for (const auto& o : ab::campaign::autoscale_options()) f(o);
}

// The settings an option of either table lives in.
ab::campaign::RunSettings& own(ab::campaign::RunSettings& s, const Option<ab::campaign::RunSettings>&) { return s; }
ab::autoscale::AutoscaleSettings& own(ab::campaign::RunSettings& s, const Option<ab::autoscale::AutoscaleSettings>&) {
  return s.autoscale;
}
template <class S>
bool is_named(const Option<S>& o) {
  return std::holds_alternative<ab::campaign::NamedField<S>>(o.field);
}

std::string parse_error(std::vector<std::string> args) {
  CLI::App app;
  ab::cli::RunOptions options;
  ab::cli::add_run_options(app, options);
  std::reverse(args.begin(), args.end());
  try {
    app.parse(args);
    ab::cli::to_settings(options, app);
  } catch (const std::exception& e) {
    return e.what();
  }
  return "";
}

}  // namespace

TEST(OptionTable, EveryOptionRoundTripsThroughRunJsonAlsoPerKernel) {
  int keys = 0;
  for_each_option([&](const auto& o) {
    if (!o.key || o.old.kind == ab::campaign::OldFiles::moved) return;  // moved: only read (run_settings_test)
    SCOPED_TRACE(o.key);
    ++keys;
    ab::campaign::RunSettings s;
    const json before = ab::campaign::stored(o, own(s, o));
    const json value = changed(o, before);
    ASSERT_NE(value, before) << "the test changes every value";
    ab::campaign::restore(o, own(s, o), value);
    s.kernel_autoscale["vecadd"] = s.autoscale;
    const json j = ab::campaign::to_json(s);
    EXPECT_EQ(j.at(o.key), value);
    auto back = ab::campaign::settings_from_json(j);
    EXPECT_EQ(ab::campaign::stored(o, own(back, o)), value);
    if constexpr (!std::is_same_v<std::decay_t<decltype(o)>, Option<ab::campaign::RunSettings>>) {
      EXPECT_EQ(j.at("kernel_autoscale").at("vecadd").at(o.key), value);
      EXPECT_EQ(ab::campaign::stored(o, back.kernel_autoscale.at("vecadd")), value);
    }
  });
  EXPECT_GE(keys, 50) << "every stored setting is in the table";
}

TEST(OptionTable, AnOlderRunJsonWithoutAKeyReadsAsTheTableSays) {
  ab::campaign::RunSettings defaults;
  const json full = ab::campaign::to_json(defaults);
  for_each_option([&](const auto& o) {
    if (!o.key) return;
    SCOPED_TRACE(o.key);
    json old = full;
    old.erase(o.key);
    if (o.old.kind == ab::campaign::OldFiles::required) {
      EXPECT_THROW(ab::campaign::settings_from_json(old), json::exception);
      return;
    }
    auto read = ab::campaign::settings_from_json(old);
    const json expected = o.old.kind == ab::campaign::OldFiles::value ? o.old.was : ab::campaign::stored(o, own(defaults, o));
    EXPECT_EQ(ab::campaign::stored(o, own(read, o)), expected);
  });
}

TEST(OptionTable, EveryOptionIsInTheGeneratedOptionsPage) {
  const std::string page = options_md();
  ASSERT_FALSE(page.empty());
  for_each_option([&](const auto& o) {
    if (!*o.name) return;
    const std::regex shown("--" + std::string(o.name) + "[ =\\n]");
    EXPECT_TRUE(std::regex_search(page, shown)) << "--" << o.name << " is missing from docs/options.md";
  });
}

TEST(OptionTable, ABadTypedValueIsRefusedNamingTheOptionAndTheValue) {
  int checked = 0;
  for_each_option([&](const auto& o) {
    if (!*o.name || (!o.limit && !is_named(o))) return;
    const std::string bad = o.limit ? "1e300" : "bogus";
    const std::string message = parse_error({std::string("--") + o.name + "=" + bad});
    EXPECT_NE(message.find(std::string("--") + o.name), std::string::npos) << message;
    EXPECT_NE(message.find(bad), std::string::npos) << message;
    ++checked;
  });
  EXPECT_GE(checked, 35);
}

TEST(OptionTable, ABadStoredValueIsRefusedByThePlanNamingTheOptionAndTheTypedValue) {
  int checked = 0;
  for_each_option([&](const auto& o) {
    if (!o.limit || std::holds_alternative<std::monostate>(o.field)) return;  // --iterations: checked with --warmup
    SCOPED_TRACE(o.name);
    const double typed = 2 * o.limit->max;
    ab::campaign::RunSettings s;
    ab::campaign::restore(o, own(s, o), o.limit->whole ? json(static_cast<std::int64_t>(typed)) : json(typed * o.limit->scale));
    const std::string value = o.limit->whole ? std::to_string(static_cast<std::int64_t>(typed)) : fmt::format("{}", typed);
    try {
      ab::campaign::check_plan(s);
      ADD_FAILURE() << "accepted";
    } catch (const std::invalid_argument& e) {
      EXPECT_NE(std::string(e.what()).find(std::string("--") + o.name + " " + value), std::string::npos) << e.what();
    }
    ++checked;
  });
  EXPECT_GE(checked, 25);
}
