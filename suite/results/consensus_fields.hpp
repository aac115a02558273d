// The schema names of a ConsensusRow's values (all but kernel, which names the /consensus/<kernel> group),
// as a member-pointer list that the HDF5 and JSON code walk.
#pragma once

#include <tuple>

#include "record/fields.hpp"
#include "suite/results/consensus_row.hpp"

namespace autobench::results {

inline constexpr auto kConsensusColumns = std::make_tuple(
    record::field("scope", &ConsensusRow::scope), record::field("group", &ConsensusRow::group),
    record::field("model", &ConsensusRow::model), record::field("rank", &ConsensusRow::rank),
    record::field("repeat", &ConsensusRow::repeat), record::field("metric_unit", &ConsensusRow::metric_unit),
    record::field("voters", &ConsensusRow::voters), record::field("knees_found", &ConsensusRow::knees_found),
    record::field("agreeing", &ConsensusRow::agreeing), record::field("found", &ConsensusRow::found),
    record::field("knee_size", &ConsensusRow::knee_size), record::field("knee_low_size", &ConsensusRow::knee_low_size),
    record::field("knee_high_size", &ConsensusRow::knee_high_size), record::field("members", &ConsensusRow::members),
    record::field("throughput", &ConsensusRow::throughput), record::field("power_w", &ConsensusRow::power_w),
    record::field("efficiency", &ConsensusRow::efficiency), record::field("plateau", &ConsensusRow::plateau),
    record::field("ceiling", &ConsensusRow::ceiling), record::field("repeat_cv", &ConsensusRow::repeat_cv),
    record::field("device_cv", &ConsensusRow::device_cv));

// The columns added with the L2 regimes: written like the others, read where present (files from before
// hold single-regime rows).
inline constexpr auto kConsensusRegimeColumns = std::make_tuple(
    record::field("regime", &ConsensusRow::regime), record::field("timing", &ConsensusRow::timing),
    record::field("regime_first_size", &ConsensusRow::regime_first_size),
    record::field("regime_last_size", &ConsensusRow::regime_last_size));

}  // namespace autobench::results
