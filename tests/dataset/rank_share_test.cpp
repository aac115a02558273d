// A rank's share of a kernel's configurations: the shares partition the space, differ in size by at
// most one, and a space too small to share stays whole on every rank; GEMM's and vecadd's real spaces.
#include <gtest/gtest.h>

#include <map>
#include <stdexcept>

#include "kernels/kernel.hpp"
#include "suite/dataset/kernel_adapter.hpp"
#include "suite/dataset/rank_share.hpp"

namespace ds = autobench::dataset;
namespace kn = autobench::kernels;

namespace {

ds::LaunchShape with_configs(std::size_t count) {
  ds::LaunchShape s;
  s.kernel = "toy";
  for (std::size_t i = 0; i < count; ++i) s.configs.push_back({{"BLOCK_SIZE", 32 * static_cast<std::int64_t>(i + 1)}});
  return s;
}

}  // namespace

TEST(RankShare, SharesPartitionTheSpaceEvenly) {
  for (int ranks : {2, 3, 4}) {
    const ds::LaunchShape all = with_configs(50);
    std::map<std::string, int> seen;
    std::size_t smallest = all.configs.size(), largest = 0;
    for (int r = 0; r < ranks; ++r) {
      const ds::LaunchShape mine = ds::rank_share(all, r, ranks);
      EXPECT_EQ(mine.kernel, "toy");
      smallest = std::min(smallest, mine.configs.size());
      largest = std::max(largest, mine.configs.size());
      for (const auto& c : mine.configs) ++seen[kn::to_string(c)];
    }
    EXPECT_EQ(seen.size(), all.configs.size()) << ranks << " ranks";
    for (const auto& [config, times] : seen) EXPECT_EQ(times, 1) << config << " with " << ranks << " ranks";
    EXPECT_LE(largest - smallest, 1u) << ranks << " ranks";
  }
}

TEST(RankShare, OneRankOrASmallSpaceKeepsEverything) {
  EXPECT_EQ(ds::rank_share(with_configs(50), 0, 1).configs.size(), 50u);
  // 2 ranks would leave 7 each (< kMinRankShare = 8): every rank samples the whole space
  EXPECT_EQ(ds::rank_share(with_configs(15), 1, 2).configs.size(), 15u);
  EXPECT_EQ(ds::rank_share(with_configs(16), 1, 2).configs.size(), 8u);
}

TEST(RankShare, RejectsARankOutsideTheRanks) {
  EXPECT_THROW(ds::rank_share(with_configs(50), 2, 2), std::invalid_argument);
  EXPECT_THROW(ds::rank_share(with_configs(50), -1, 2), std::invalid_argument);
  EXPECT_THROW(ds::rank_share(with_configs(50), 0, 0), std::invalid_argument);
}

TEST(RankShare, GemmSplitsItsSpaceAndVecaddOnlyOverTwoRanks) {
  const auto gemm = ds::dataset_kernel(*kn::find("gemm"));
  ASSERT_TRUE(gemm);
  const ds::LaunchShape shape = gemm->shape(1u << 14);
  ASSERT_EQ(shape.configs.size(), 216u);
  EXPECT_EQ(ds::rank_share(shape, 0, 2).configs.size(), 108u);
  EXPECT_EQ(ds::rank_share(shape, 1, 4).configs.size(), 54u);
  const auto vecadd = ds::dataset_kernel(*kn::find("vecadd"));
  ASSERT_TRUE(vecadd);
  const ds::LaunchShape v = vecadd->shape(1u << 20);
  ASSERT_EQ(v.configs.size(), 16u);                        // 4 block sizes x 4 elements per thread
  EXPECT_EQ(ds::rank_share(v, 1, 2).configs.size(), 8u);   // 8 a rank: shared
  EXPECT_EQ(ds::rank_share(v, 1, 4).configs.size(), 16u);  // 4 a rank would be too few: whole
}
