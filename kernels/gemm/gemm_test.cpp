// gemm's definition: the 216-configuration space, the validity rules, work, footprint and reference.
#include <gtest/gtest.h>

#include <cmath>
#include <set>

#include "kernels/gemm/gemm.hpp"
#include "kernels/inputs.hpp"
#include "kernels/tuning.hpp"

using namespace autobench::kernels;

namespace {

const KernelSpec& spec() { return *find("gemm"); }

Tunables config(std::int64_t mwg, std::int64_t nwg, std::int64_t mdimc, std::int64_t ndimc, std::int64_t mdima,
                std::int64_t ndimb, std::int64_t vwm, std::int64_t vwn) {
  return {{"MWG", mwg},     {"NWG", nwg}, {"KWG", 16},  {"MDIMC", mdimc}, {"NDIMC", ndimc}, {"MDIMA", mdima},
          {"NDIMB", ndimb}, {"KWI", 2},   {"VWM", vwm}, {"VWN", vwn},     {"SA", 1},         {"SB", 1}};
}

}  // namespace

TEST(Gemm, HasThe216ConfigurationSpace) {
  const auto space = tuning_space(spec(), 4096);
  EXPECT_EQ(space.size(), 216u);
  std::set<std::string> distinct;
  for (const auto& t : space) {
    distinct.insert(to_string(t));
    EXPECT_EQ(gemm::invalid_reason(t), "") << to_string(t);
    EXPECT_EQ(t.at("KWG"), 16);
    EXPECT_EQ(t.at("KWI"), 2);
    for (const char* p : {"MWG", "NWG"}) EXPECT_TRUE(std::set<std::int64_t>({16, 32, 64, 128}).count(t.at(p))) << p;
    for (const char* p : {"MDIMC", "NDIMC", "MDIMA", "NDIMB"})
      EXPECT_TRUE(std::set<std::int64_t>({8, 16, 32}).count(t.at(p))) << p;
    for (const char* p : {"VWM", "VWN"}) EXPECT_TRUE(std::set<std::int64_t>({4, 8}).count(t.at(p))) << p;
  }
  EXPECT_EQ(distinct.size(), space.size());
  for (std::uint64_t m : {128u, 256u, 384u, 1152u, 8192u}) EXPECT_EQ(tuning_space(spec(), m).size(), 216u) << m;
}

TEST(Gemm, KeepsOnlyTilesThatDivideM) {
  const auto at96 = tuning_space(spec(), 96);
  EXPECT_FALSE(at96.empty());
  EXPECT_LT(at96.size(), 216u);
  for (const auto& t : at96) {
    EXPECT_EQ(96 % t.at("MWG"), 0);
    EXPECT_EQ(96 % t.at("NWG"), 0);
  }
  EXPECT_TRUE(tuning_space(spec(), 8).empty());
  EXPECT_FALSE(gemm::fits(config(64, 64, 8, 8, 8, 8, 4, 4), 96));
  EXPECT_TRUE(gemm::fits(config(32, 32, 8, 8, 8, 8, 4, 4), 96));
}

TEST(Gemm, RulesNameTheBrokenConstraint) {
  EXPECT_EQ(gemm::invalid_reason(config(64, 64, 16, 16, 16, 16, 4, 4)), "");
  EXPECT_NE(gemm::invalid_reason(config(32, 64, 16, 8, 8, 8, 4, 4)).find("MDIMC*VWM"), std::string::npos);
  EXPECT_NE(gemm::invalid_reason(config(64, 32, 8, 16, 8, 8, 4, 4)).find("NDIMC*VWN"), std::string::npos);
  EXPECT_NE(gemm::invalid_reason(config(64, 64, 16, 8, 32, 8, 4, 4)).find("MDIMA*VWM"), std::string::npos);
  // 32 x 32 threads re-shaped with MDIMA = 8 need KWG to be a multiple of 128.
  EXPECT_NE(gemm::invalid_reason(config(128, 128, 32, 32, 8, 32, 4, 4)).find("MDIMC*NDIMC/MDIMA"), std::string::npos);
  // 128 x 128 tile on 8 x 8 threads: 256 accumulators per thread.
  EXPECT_NE(gemm::invalid_reason(config(128, 128, 8, 8, 8, 8, 4, 4)).find("accumulators"), std::string::npos);
  Tunables odd_kwi = config(64, 64, 16, 16, 16, 16, 4, 4);
  odd_kwi["KWI"] = 3;
  EXPECT_NE(gemm::invalid_reason(odd_kwi).find("KWI"), std::string::npos);
  EXPECT_THROW(gemm::invalid_reason({{"MWG", 16}}), std::out_of_range);
}

TEST(Gemm, WorkFootprintAndReference) {
  EXPECT_DOUBLE_EQ(spec().work(1024), 2.0 * 1024 * 1024 * 256);
  EXPECT_DOUBLE_EQ(spec().elements(1024), 2.0 * 1024 * 256 + 1024.0 * 1024);
  const std::uint64_t m = 16, k = 8;
  double magnitude = 0.0;
  const double c = gemm::expected(m, k, 3, 5, &magnitude);
  double want = 0.0, mag = 0.0;
  for (std::uint64_t kk = 0; kk < k; ++kk) {
    const double p = double(input_value(kSeedA, kk * m + 3)) * double(input_value(kSeedB, kk * m + 5));
    want += p;
    mag += std::fabs(p);
  }
  EXPECT_DOUBLE_EQ(c, want);
  EXPECT_DOUBLE_EQ(magnitude, mag);
  // The check reads C column-major: element index = j * m + i.
  const Check check = spec().check(tuning_space(spec(), 128).front(), 128);
  EXPECT_EQ(check.buffer, 2u);
  EXPECT_DOUBLE_EQ(check.expected(5 * 128 + 3).value, gemm::expected(128, gemm::kK, 3, 5, nullptr));
}
