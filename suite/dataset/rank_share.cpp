// A rank's share of a kernel's configurations (see rank_share.hpp).
#include "suite/dataset/rank_share.hpp"

#include <stdexcept>
#include <string>

namespace autobench::dataset {

LaunchShape rank_share(LaunchShape shape, int rank, int ranks) {
  if (ranks < 1 || rank < 0 || rank >= ranks)
    throw std::invalid_argument("rank " + std::to_string(rank) + " of " + std::to_string(ranks) + " ranks");
  const auto n = static_cast<std::size_t>(ranks);
  if (shape.configs.size() / n < kMinRankShare) return shape;
  std::vector<kernels::Tunables> mine;
  for (std::size_t i = static_cast<std::size_t>(rank); i < shape.configs.size(); i += n) mine.push_back(shape.configs[i]);
  shape.configs = std::move(mine);
  return shape;
}

}  // namespace autobench::dataset
