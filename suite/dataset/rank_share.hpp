// A rank's share of a kernel's configurations: with several ranks each configuration is sampled by one
// rank only, so no two ranks compile the same kernel variant. Pure logic.
#pragma once

#include "suite/dataset/launch_config.hpp"

namespace autobench::dataset {

// A kernel keeps its whole space on every rank while a share would hold fewer configurations than this.
inline constexpr std::size_t kMinRankShare = 8;

// `shape` with only rank `rank` of `ranks`'s configurations: every ranks-th from the rank-th on, when
// each share holds at least kMinRankShare; all of them otherwise. Over the ranks the shares are the
// space, each configuration in one, and their sizes differ by at most one, so every configuration is
// about as likely to be sampled as with one rank. Throws std::invalid_argument for rank outside 0..ranks-1.
LaunchShape rank_share(LaunchShape shape, int rank, int ranks);

}  // namespace autobench::dataset
