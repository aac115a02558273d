// The stdrel stopping criterion (see stdrel_criterion.hpp).
#include "suite/autoscale/stdrel_criterion.hpp"

#include <algorithm>
#include <cmath>
#include <numeric>

namespace autobench::autoscale {
namespace {

class StdrelCriterion final : public StoppingCriterion {
 public:
  explicit StdrelCriterion(const NoiseStop& stop) : stop_(stop) {}

  int more_launches(const std::vector<double>& seconds) const override {
    if (stop_.target <= 0.0 || seconds.size() < 2) return 0;
    const double rse = relative_standard_error(seconds);
    if (!(rse > stop_.target)) return 0;
    const auto done = static_cast<double>(seconds.size());
    const double spent = std::accumulate(seconds.begin(), seconds.end(), 0.0);
    const double per_launch = spent / done;
    const double needed = std::ceil(done * (rse / stop_.target) * (rse / stop_.target)) - done;
    const double affordable = per_launch > 0.0 ? std::floor((stop_.max_time_s - spent) / per_launch) : done;
    const double more = std::min({std::max(needed, 1.0), done, stop_.max_launches - done, affordable});
    return more >= 1.0 ? static_cast<int>(more) : 0;
  }

 private:
  NoiseStop stop_;
};

}  // namespace

std::unique_ptr<StoppingCriterion> stdrel_criterion(const NoiseStop& stop) {
  return std::make_unique<StdrelCriterion>(stop);
}

}  // namespace autobench::autoscale
