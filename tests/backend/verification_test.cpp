// Host-side verification: the read-back positions (all elements, or a spread plus the tail), the
// comparison on every core with its first mismatch in read-back order, the reference kept per key and
// size from the second comparison on, and every mismatch caught whichever chunk holds it.
#include <gtest/gtest.h>

#include <atomic>
#include <bit>
#include <cmath>
#include <set>
#include <vector>

#include "suite/backend/verification.hpp"

namespace ab = autobench;
using ab::backend::ReferenceCache;
using ab::backend::sample_positions;

namespace {

// A check whose reference at i is i / 2 (exact in float), counting its evaluations.
ab::kernels::Check halves(std::atomic<int>& calls, std::string key = "") {
  return {0, 1000, std::move(key), [&calls](std::uint64_t i) {
            ++calls;
            return ab::kernels::Expected{static_cast<double>(i) / 2, 0.0};
          }};
}

// What a correct device would read back at `at`.
std::vector<std::uint32_t> read_back(const ab::backend::SamplePositions& at) {
  std::vector<std::uint32_t> words;
  for (std::uint64_t i = 0; i < at.count(); ++i) words.push_back(std::bit_cast<std::uint32_t>(static_cast<float>(at.index(i)) / 2));
  return words;
}

}  // namespace

TEST(Verification, SmallOutputsAreReadWholeLargeOnesSpreadPlusTail) {
  const auto all = sample_positions(1000, 1000);
  EXPECT_EQ(all.count(), 1000u);
  for (std::uint64_t i = 0; i < 1000; ++i) ASSERT_EQ(all.index(i), i);
  const auto some = sample_positions(1u << 20, 1000);  // 500 spread by an odd stride, then the last 500
  EXPECT_EQ(some.stride % 2, 1u);
  EXPECT_EQ(some.tail, 500u);
  EXPECT_EQ(some.spread, ((1u << 20) + some.stride - 1) / some.stride);
  std::set<std::uint64_t> seen;
  for (std::uint64_t i = 0; i < some.count(); ++i) {
    const std::uint64_t index = some.index(i);
    ASSERT_LT(index, 1u << 20);
    seen.insert(index);
  }
  EXPECT_EQ(some.index(0), 0u);
  EXPECT_EQ(some.index(some.count() - 1), (1u << 20) - 1);
  EXPECT_GE(seen.size(), 999u);
  EXPECT_EQ(sample_positions(0, 1000).count(), 0u);
}

TEST(Verification, ComparesEveryElementAndKeepsTheReferenceFromTheSecondComparisonAtAKey) {
  std::atomic<int> calls{0};
  ReferenceCache cache;
  const auto at = sample_positions(100000, 1000);
  auto words = read_back(at);
  auto m = cache.compare(halves(calls), at, words.data(), ab::kernels::Element::f32);
  EXPECT_EQ(m.checked, at.count());
  EXPECT_EQ(m.message(), "");
  EXPECT_EQ(calls.load(), static_cast<int>(at.count()));
  EXPECT_EQ(cache.compare(halves(calls), at, words.data(), ab::kernels::Element::f32).message(), "");
  EXPECT_EQ(calls.load(), static_cast<int>(2 * at.count()));  // computed again, and kept
  // A wrong element in a late chunk and one in an early chunk: both counted, the earliest named.
  words[at.count() - 3] = std::bit_cast<std::uint32_t>(7.0f);
  words[20] = std::bit_cast<std::uint32_t>(std::nanf(""));
  m = cache.compare(halves(calls), at, words.data(), ab::kernels::Element::f32);
  EXPECT_EQ(calls.load(), static_cast<int>(2 * at.count()));  // the kept reference
  EXPECT_EQ(m.wrong, 2u);
  EXPECT_EQ(m.first_index, at.index(20));
  EXPECT_NE(m.message().find("2 of " + std::to_string(at.count()) + " checked elements differ from the CPU reference; "
                             "first at index " + std::to_string(at.index(20)) + ": got nan"), std::string::npos)
      << m.message();
  // Another size or key: computed afresh.
  const auto other = sample_positions(500, 1000);
  EXPECT_EQ(cache.compare(halves(calls), other, read_back(other).data(), ab::kernels::Element::f32).message(), "");
  EXPECT_EQ(calls.load(), static_cast<int>(2 * at.count() + 500));
  words = read_back(at);
  EXPECT_EQ(cache.compare(halves(calls, "other"), at, words.data(), ab::kernels::Element::f32).message(), "");
  EXPECT_EQ(calls.load(), static_cast<int>(3 * at.count() + 500));
}

TEST(Verification, ReadsUnsignedWordsAsIntegers) {
  std::atomic<int> calls{0};
  ReferenceCache cache;
  const auto at = sample_positions(64, 1000);
  std::vector<std::uint32_t> words(64);
  for (std::uint32_t i = 0; i < 64; ++i) words[i] = i;  // i, not i / 2: every odd index is wrong
  const auto m = cache.compare(halves(calls), at, words.data(), ab::kernels::Element::u32);
  EXPECT_EQ(m.wrong, 63u);  // only index 0 agrees
  EXPECT_EQ(m.first_index, 1u);
  EXPECT_EQ(m.first_got, 1.0);
  EXPECT_EQ(m.first_expected, 0.5);
}

TEST(Verification, AReferenceThatThrowsIsNotKept) {
  ReferenceCache cache;
  const auto at = sample_positions(10000, 10000);
  const auto words = read_back(at);
  std::atomic<int> calls{0};
  ab::kernels::Check failing{0, 10000, "", [](std::uint64_t i) -> ab::kernels::Expected {
                               if (i == 9000) throw std::runtime_error("no reference at 9000");
                               return {static_cast<double>(i) / 2, 0.0};
                             }};
  EXPECT_EQ(cache.compare(halves(calls), at, words.data(), ab::kernels::Element::f32).message(), "");
  EXPECT_THROW(cache.compare(failing, at, words.data(), ab::kernels::Element::f32), std::runtime_error);
  EXPECT_EQ(cache.compare(halves(calls), at, words.data(), ab::kernels::Element::f32).message(), "");
  EXPECT_EQ(calls.load(), 20000);  // computed afresh: the failed pass kept nothing
}
