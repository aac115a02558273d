// parallel_for: every index exactly once, whatever the grain, and the first exception rethrown; its
// threads follow the process's CPU affinity.
#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <set>
#include <stdexcept>
#include <thread>
#include <vector>

#include <sched.h>

#include "suite/backend/parallel_for.hpp"

using autobench::backend::parallel_for;
using autobench::backend::share_cores;
using autobench::backend::ranks_sharing;
using autobench::backend::usable_cores;

namespace {

// Binds this process to the first core of `all` (as mpirun binds a rank by default).
void bind_to_first_core(const cpu_set_t& all) {
  int first = -1;
  for (int c = 0; c < CPU_SETSIZE && first < 0; ++c)
    if (CPU_ISSET(c, &all)) first = c;
  cpu_set_t one;
  CPU_ZERO(&one);
  CPU_SET(first, &one);
  ASSERT_EQ(sched_setaffinity(0, sizeof(one), &one), 0);
}

}  // namespace

TEST(ParallelFor, VisitsEveryIndexOnce) {
  for (std::size_t grain : {1u, 7u, 4096u}) {
    for (std::size_t count : {0u, 1u, 1000u, 100003u}) {
      std::vector<std::atomic<int>> seen(count);
      parallel_for(count, grain, [&](std::size_t i) { ++seen[i]; });
      for (std::size_t i = 0; i < count; ++i) ASSERT_EQ(seen[i].load(), 1) << "count " << count << " grain " << grain;
    }
  }
}

TEST(ParallelFor, RethrowsAfterEveryThreadIsDone) {
  std::atomic<int> done{0};
  EXPECT_THROW(parallel_for(10000, 10,
                            [&](std::size_t i) {
                              if (i == 5000) throw std::runtime_error("index 5000");
                              ++done;
                            }),
               std::runtime_error);
  EXPECT_GE(done.load(), 9000);  // only the throwing chunk stops early: its other indices are skipped
}

// Bound to one core (as mpirun binds a rank by default), the process has one usable core and
// parallel_for runs every index on the calling thread; unbound again, it has its cores back.
TEST(ParallelFor, FollowsTheProcessesCpuAffinity) {
  cpu_set_t all;
  ASSERT_EQ(sched_getaffinity(0, sizeof(all), &all), 0);
  EXPECT_EQ(usable_cores(), static_cast<unsigned>(CPU_COUNT(&all)));
  bind_to_first_core(all);
  EXPECT_EQ(usable_cores(), 1u);
  std::set<std::thread::id> threads;
  parallel_for(1000, 1, [&](std::size_t) { threads.insert(std::this_thread::get_id()); });  // one thread: no race
  EXPECT_EQ(threads, (std::set<std::thread::id>{std::this_thread::get_id()}));
  ASSERT_EQ(sched_setaffinity(0, sizeof(all), &all), 0);
  EXPECT_EQ(usable_cores(), static_cast<unsigned>(CPU_COUNT(&all)));
}

// Ranks of one node that may run on the same cores share them: two take half each (at least one),
// whether their cores are the whole machine or a cpuset the job is confined to; a rank bound to one core
// keeps that core.
TEST(ParallelFor, RanksSharingTheirCoresTakeAShareEach) {
  cpu_set_t all;
  ASSERT_EQ(sched_getaffinity(0, sizeof(all), &all), 0);
  const auto affinity = static_cast<unsigned>(CPU_COUNT(&all));
  share_cores(2);
  EXPECT_EQ(usable_cores(), std::max(1u, affinity / 2));
  bind_to_first_core(all);
  EXPECT_EQ(usable_cores(), 1u);
  ASSERT_EQ(sched_setaffinity(0, sizeof(all), &all), 0);
  share_cores(1);
  EXPECT_EQ(usable_cores(), affinity);
}

cpu_set_t cores(std::initializer_list<int> ids) {
  cpu_set_t set;
  CPU_ZERO(&set);
  for (const int id : ids) CPU_SET(id, &set);
  return set;
}

// Which ranks share: unbound (or one cpuset for all) -> every rank; bound to a core each -> itself alone;
// bound to a socket each, two per socket -> pairs.
TEST(ParallelFor, RanksSharingCountsTheRanksWhoseCoresOverlap) {
  const auto node = cores({0, 1, 2, 3, 4, 5, 6, 7});
  EXPECT_EQ(ranks_sharing({node, node, node, node}, 2), 4);
  EXPECT_EQ(ranks_sharing({cores({0}), cores({1}), cores({2}), cores({3})}, 1), 1);
  const auto socket0 = cores({0, 1, 2, 3}), socket1 = cores({4, 5, 6, 7});
  EXPECT_EQ(ranks_sharing({socket0, socket1, socket0, socket1}, 0), 2);
  EXPECT_EQ(ranks_sharing({socket0}, 0), 1);
  EXPECT_EQ(ranks_sharing({cores({}), cores({})}, 0), 1);  // no affinity known: this rank alone
}
