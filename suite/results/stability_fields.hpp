// The schema names of a StabilityRow's per-row values (all but kernel and detector, which name the
// /stability/<kernel>/<detector> group), as a member-pointer list that the HDF5 and JSON code walk.
#pragma once

#include <tuple>

#include "record/fields.hpp"
#include "suite/results/result_fields.hpp"
#include "suite/results/stability_row.hpp"

namespace autobench::results {

inline constexpr auto kStabilityColumns =
    std::make_tuple(record::field("scope", &StabilityRow::scope), record::field("group", &StabilityRow::group),
                    record::field("campaigns", &StabilityRow::campaigns),
                    record::field("knee_index_mode", &StabilityRow::knee_index_mode),
                    record::field("knee_index_mean", &StabilityRow::knee_index_mean),
                    record::field("knee_index_stddev", &StabilityRow::knee_index_stddev),
                    record::field("knee_size_median", &StabilityRow::knee_size_median),
                    record::field("knee_size_iqr", &StabilityRow::knee_size_iqr),
                    record::field("within1_fraction", &StabilityRow::within1_fraction),
                    record::field("throughput_cv", &StabilityRow::throughput_cv),
                    record::field("knee_size_cv", &StabilityRow::knee_size_cv),
                    record::field("intervals_overlapping", &StabilityRow::intervals_overlapping));

// The columns added with knee status (docs/knees.md): a file without them was written when every campaign,
// edge or not, entered the statistics, so a reader recomputes its stability from the campaigns.
inline constexpr auto kStabilityKneeColumns = std::make_tuple(
    record::field("knees_found", &StabilityRow::knees_found), record::field("knee_edges", &StabilityRow::knee_edges));

}  // namespace autobench::results
