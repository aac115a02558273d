// The kernels' tuning spaces: sizes, the gemm validity rules, and configurations valid at a size.
#include <gtest/gtest.h>

#include <set>

#include "kernels/kernel.hpp"
#include "kernels/shapes.hpp"
#include "kernels/tuning.hpp"

using namespace autobench::kernels;

namespace {

const KernelSpec& spec(const char* name) {
  const KernelSpec* k = find(name);
  EXPECT_NE(k, nullptr) << name;
  return *k;
}

Tunables gemm_config(std::int64_t mwg, std::int64_t nwg, std::int64_t mdimc, std::int64_t ndimc, std::int64_t mdima,
                     std::int64_t ndimb, std::int64_t vwm, std::int64_t vwn) {
  return {{"MWG", mwg},     {"NWG", nwg},     {"KWG", 16}, {"MDIMC", mdimc}, {"NDIMC", ndimc}, {"MDIMA", mdima},
          {"NDIMB", ndimb}, {"KWI", 2},       {"VWM", vwm}, {"VWN", vwn},     {"SA", 1},         {"SB", 1}};
}

}  // namespace

TEST(TuningSpace, GemmHasThe216ConfigurationSpace) {
  const auto space = tuning_space(spec("gemm"), 4096);
  EXPECT_EQ(space.size(), 216u);
  std::set<std::string> distinct;
  for (const auto& t : space) {
    distinct.insert(to_string(t));
    EXPECT_EQ(gemm_invalid_reason(t), "") << to_string(t);
    EXPECT_EQ(t.at("KWG"), 16);
    EXPECT_EQ(t.at("KWI"), 2);
    EXPECT_EQ(t.at("SA"), 1);
    EXPECT_EQ(t.at("SB"), 1);
    for (const char* p : {"MWG", "NWG"}) EXPECT_TRUE(std::set<std::int64_t>({16, 32, 64, 128}).count(t.at(p))) << p;
    for (const char* p : {"MDIMC", "NDIMC", "MDIMA", "NDIMB"})
      EXPECT_TRUE(std::set<std::int64_t>({8, 16, 32}).count(t.at(p))) << p;
    for (const char* p : {"VWM", "VWN"}) EXPECT_TRUE(std::set<std::int64_t>({4, 8}).count(t.at(p))) << p;
  }
  EXPECT_EQ(distinct.size(), space.size());
}

TEST(TuningSpace, GemmSpaceIsTheSameAtEveryMultipleOf128) {
  for (std::uint64_t m : {128u, 256u, 384u, 1152u, 8192u}) EXPECT_EQ(tuning_space(spec("gemm"), m).size(), 216u) << m;
}

TEST(TuningSpace, GemmKeepsOnlyTilesThatDivideM) {
  const auto at96 = tuning_space(spec("gemm"), 96);
  EXPECT_FALSE(at96.empty());
  EXPECT_LT(at96.size(), 216u);
  for (const auto& t : at96) {
    EXPECT_EQ(96 % t.at("MWG"), 0);
    EXPECT_EQ(96 % t.at("NWG"), 0);
  }
  EXPECT_TRUE(tuning_space(spec("gemm"), 8).empty());
  EXPECT_FALSE(gemm_fits(gemm_config(64, 64, 8, 8, 8, 8, 4, 4), 96));
  EXPECT_TRUE(gemm_fits(gemm_config(32, 32, 8, 8, 8, 8, 4, 4), 96));
}

TEST(TuningSpace, GemmRulesNameTheBrokenConstraint) {
  EXPECT_EQ(gemm_invalid_reason(gemm_config(64, 64, 16, 16, 16, 16, 4, 4)), "");
  EXPECT_NE(gemm_invalid_reason(gemm_config(32, 64, 16, 8, 8, 8, 4, 4)).find("MDIMC*VWM"), std::string::npos);
  EXPECT_NE(gemm_invalid_reason(gemm_config(64, 32, 8, 16, 8, 8, 4, 4)).find("NDIMC*VWN"), std::string::npos);
  EXPECT_NE(gemm_invalid_reason(gemm_config(64, 64, 16, 8, 32, 8, 4, 4)).find("MDIMA*VWM"), std::string::npos);
  // 32 x 32 threads re-shaped with MDIMA = 8 need KWG to be a multiple of 128.
  EXPECT_NE(gemm_invalid_reason(gemm_config(128, 128, 32, 32, 8, 32, 4, 4)).find("MDIMC*NDIMC/MDIMA"), std::string::npos);
  // 128 x 128 tile on 8 x 8 threads: 256 accumulators per thread.
  EXPECT_NE(gemm_invalid_reason(gemm_config(128, 128, 8, 8, 8, 8, 4, 4)).find("accumulators"), std::string::npos);
  Tunables odd_kwi = gemm_config(64, 64, 16, 16, 16, 16, 4, 4);
  odd_kwi["KWI"] = 3;
  EXPECT_NE(gemm_invalid_reason(odd_kwi).find("KWI"), std::string::npos);
  EXPECT_THROW(gemm_invalid_reason({{"MWG", 16}}), std::out_of_range);
}

TEST(TuningSpace, VecaddAndFp32) {
  const auto vecadd = tuning_space(spec("vecadd"), 1 << 20);
  EXPECT_EQ(vecadd.size(), 16u);
  for (const auto& t : vecadd) EXPECT_EQ(t.size(), 2u);
  const auto fp32 = tuning_space(spec("fp32"), 1 << 20);
  EXPECT_EQ(fp32.size(), 20u);
  for (const auto& t : fp32) EXPECT_EQ(t.at("NR_INNER") * t.at("NR_OUTER"), kFp32FmasPerThread) << to_string(t);
}

TEST(TuningSpace, WorkFormulasMatchTheKernels) {
  // fp32: 2 flop per FMA, kFp32FmasPerThread FMAs per thread, one thread per element.
  EXPECT_DOUBLE_EQ(spec("fp32").work(1000), 2.0 * 4096 * 1000);
  // gemm: 2 m^2 k with k = 256.
  EXPECT_DOUBLE_EQ(spec("gemm").work(1024), 2.0 * 1024 * 1024 * 256);
  EXPECT_DOUBLE_EQ(spec("gemm").elements(1024), 2.0 * 1024 * 256 + 1024.0 * 1024);
  EXPECT_DOUBLE_EQ(spec("vecadd").work(10), 120.0);
}
