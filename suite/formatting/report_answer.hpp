// The sections of `report` that answer first: the consensus knee per kernel and device model, and which
// campaigns found no knee (edge or none), from a results file's consensus rows and campaigns.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "suite/formatting/text_document.hpp"
#include "suite/results/campaign_summary.hpp"
#include "suite/results/result_file.hpp"
#include "suite/stats/run_summary.hpp"

namespace autobench::formatting {

// Per device model a table (titled by the model), one row per kernel x regime (with its timing, warm or cold): the consensus knee and its 95% interval (sizes over 9999 shortened
// to 3 digits and k, M or G), the plateau, the knee's throughput as a share of the highest measured
// (%peak), power and work per joule at the knee, the spread of the sweeps' knees over repeats (cv_rep) and
// over devices (cv_dev), and sweeps with a consensus of all sweeps (knees); below it, why a kernel and
// model have no consensus, and which GPUs (ranks) a consensus left out entirely and why (the last section's list).
std::vector<TextSection> answer_sections(const std::vector<results::ConsensusRow>& consensus);

// One line per kernel x device model with an L2 hump: where its cache-resident regime peaks (size and
// throughput) and its knee, where the memory-bound regime starts (the fall-out point), its knee and plateau;
// none without a hump.
std::optional<TextSection> regimes_section(const std::vector<results::ConsensusRow>& consensus);

// Why a consensus row of `consensus` has no knee ("gemm on H100: no consensus knee: ..."), as "No answer:"
// lists it; "" when it has one.
std::string no_consensus(const std::vector<results::ConsensusRow>& consensus, const results::ConsensusRow& r);

// Per kernel a table, one row per sweep (rank, repeat): its consensus knee, interval, agreeing detectors (or
// "all but" the others that ran, where shorter) (--details).
std::vector<TextSection> sweep_consensus_sections(const stats::RunSummary& run);

// Per (kernel, detector) with complete campaigns whose knee was not found: "kernel/detector: found k/n; edge:
// rank0 repeat 0,1; none: ...". Empty when every complete campaign found its knee.
std::vector<std::string> knees_not_found(const std::vector<results::CampaignSummary>& campaigns);

}  // namespace autobench::formatting
