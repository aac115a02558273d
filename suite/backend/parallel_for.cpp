// parallel_for (see parallel_for.hpp).
#include "suite/backend/parallel_for.hpp"

#include <algorithm>
#include <atomic>
#include <exception>
#include <mutex>
#include <thread>
#include <vector>

#include <sched.h>

namespace autobench::backend {

namespace {
std::atomic<int> g_sharing_ranks{1};
}  // namespace

void share_cores(int ranks) { g_sharing_ranks = std::max(1, ranks); }

unsigned usable_cores() {
  const unsigned machine = std::max(1u, std::thread::hardware_concurrency());
  cpu_set_t mask;
  unsigned cores = machine;
  if (sched_getaffinity(0, sizeof(mask), &mask) == 0 && CPU_COUNT(&mask) > 0) cores = static_cast<unsigned>(CPU_COUNT(&mask));
  return std::max(1u, cores / static_cast<unsigned>(g_sharing_ranks.load()));
}

int ranks_sharing(const std::vector<cpu_set_t>& masks, std::size_t me) {
  int sharing = 0;
  for (const auto& other : masks) {
    cpu_set_t both;
    CPU_AND(&both, &other, &masks.at(me));
    sharing += CPU_COUNT(&both) > 0;
  }
  return std::max(1, sharing);
}

void parallel_for(std::size_t count, std::size_t grain, const std::function<void(std::size_t)>& body) {
  grain = std::max<std::size_t>(grain, 1);
  const std::size_t chunks = (count + grain - 1) / grain;
  const std::size_t workers = std::min<std::size_t>(chunks, usable_cores());
  std::atomic<std::size_t> next{0};
  std::mutex error_mutex;
  std::exception_ptr error;
  auto work = [&] {
    for (std::size_t begin = next.fetch_add(grain); begin < count; begin = next.fetch_add(grain)) {
      try {
        for (std::size_t i = begin; i < std::min(count, begin + grain); ++i) body(i);
      } catch (...) {
        std::lock_guard<std::mutex> lock(error_mutex);
        if (!error) error = std::current_exception();
      }
    }
  };
  std::vector<std::thread> threads;
  for (std::size_t i = 1; i < workers; ++i) threads.emplace_back(work);
  work();
  for (auto& t : threads) t.join();
  if (error) std::rethrow_exception(error);
}

}  // namespace autobench::backend
