// The schema names of a StabilityRow's per-row values (all but kernel and detector, which name the
// /stability/<kernel>/<detector> group), as a member-pointer list that the HDF5 and JSON code walk.
#pragma once

#include <tuple>

#include "suite/results/fields.hpp"
#include "suite/stats/stability.hpp"

namespace autobench::stats {

inline constexpr auto kStabilityColumns =
    std::make_tuple(results::field("scope", &StabilityRow::scope), results::field("group", &StabilityRow::group),
                    results::field("campaigns", &StabilityRow::campaigns),
                    results::field("knee_index_mode", &StabilityRow::knee_index_mode),
                    results::field("knee_index_mean", &StabilityRow::knee_index_mean),
                    results::field("knee_index_stddev", &StabilityRow::knee_index_stddev),
                    results::field("knee_size_median", &StabilityRow::knee_size_median),
                    results::field("knee_size_iqr", &StabilityRow::knee_size_iqr),
                    results::field("within1_fraction", &StabilityRow::within1_fraction),
                    results::field("throughput_cv", &StabilityRow::throughput_cv),
                    results::field("knee_size_cv", &StabilityRow::knee_size_cv),
                    results::field("intervals_overlapping", &StabilityRow::intervals_overlapping));

}  // namespace autobench::stats
