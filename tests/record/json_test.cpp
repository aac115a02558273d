// The one JSON rule for numbers (NaN as null, the infinities as "inf" / "-inf") and field-list records.
#include "record/json.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <stdexcept>
#include <string>
#include <vector>

namespace autobench::record {
namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();
constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

struct Sample {
  std::string name = "default";
  double value = kNaN;
  std::vector<double> values;
  int count = 7;
};

constexpr auto kSampleFields = std::make_tuple(field("name", &Sample::name), field("value", &Sample::value),
                                               field("values", &Sample::values), field("count", &Sample::count));

TEST(JsonNumber, NaNIsNullAndInfinitiesAreStrings) {
  EXPECT_TRUE(number_to_json(kNaN).is_null());
  EXPECT_EQ(number_to_json(kInf), "inf");
  EXPECT_EQ(number_to_json(-kInf), "-inf");
  EXPECT_EQ(number_to_json(0.1), 0.1);
  EXPECT_TRUE(std::isnan(number_from_json(nullptr)));
  EXPECT_EQ(number_from_json("inf"), kInf);
  EXPECT_EQ(number_from_json("-inf"), -kInf);
  EXPECT_EQ(number_from_json(2), 2.0);
  EXPECT_THROW(number_from_json("fast"), std::invalid_argument);
  EXPECT_THROW(number_from_json(nlohmann::json::array()), std::invalid_argument);
}

TEST(JsonNumber, ListsFollowTheSameRuleElementByElement) {
  const nlohmann::json j = numbers_to_json({1.5, kNaN, -kInf});
  EXPECT_EQ(j.dump(), R"([1.5,null,"-inf"])");
  const auto back = numbers_from_json(nlohmann::json::parse(j.dump()));
  ASSERT_EQ(back.size(), 3u);
  EXPECT_EQ(back[0], 1.5);
  EXPECT_TRUE(std::isnan(back[1]));
  EXPECT_EQ(back[2], -kInf);
}

TEST(JsonFields, RoundTripEveryFieldThroughText) {
  const Sample s{"a", kInf, {kNaN, 2.0}, 3};
  nlohmann::json j;
  fields_to_json(j, s, kSampleFields);
  EXPECT_EQ(j.dump(), R"({"count":3,"name":"a","value":"inf","values":[null,2.0]})");
  Sample back;
  read_fields(nlohmann::json::parse(j.dump()), back, kSampleFields);
  EXPECT_EQ(back.name, "a");
  EXPECT_EQ(back.value, kInf);
  ASSERT_EQ(back.values.size(), 2u);
  EXPECT_TRUE(std::isnan(back.values[0]));
  EXPECT_EQ(back.count, 3);
}

TEST(JsonFields, ReadFieldsRequiresEveryKeyAndReadPresentFieldsKeepsTheMissingOnes) {
  const auto older = nlohmann::json::parse(R"({"name": "old", "value": null})");
  Sample strict;
  EXPECT_THROW(read_fields(older, strict, kSampleFields), nlohmann::json::out_of_range);
  Sample lenient;
  lenient.value = 1.0;
  read_present_fields(older, lenient, kSampleFields);
  EXPECT_EQ(lenient.name, "old");
  EXPECT_TRUE(std::isnan(lenient.value)) << "null is NaN";
  EXPECT_TRUE(lenient.values.empty());
  EXPECT_EQ(lenient.count, 7) << "absent: the default stays";
}

}  // namespace
}  // namespace autobench::record
