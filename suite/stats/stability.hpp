// Run-to-run stability of knees per (kernel, detector): across repeats on one device, across devices
// of one model, and across all devices, over the campaigns that found a knee (pure statistics, no I/O).
#pragma once

#include <vector>

#include "suite/results/campaign_summary.hpp"
#include "suite/results/results.hpp"
#include "suite/results/stability_row.hpp"

namespace autobench::stats {

// Rows ordered by kernel, detector, then scope (device, model, all) and group. Every campaign with points
// counts in `campaigns`; only those whose knee was found enter the statistics.
std::vector<results::StabilityRow> compute_stability(const std::vector<results::RankResult>& ranks);

// The stability a results file stores: compute_stability over the complete campaigns only.
std::vector<results::StabilityRow> stability_of_complete(const std::vector<results::RankResult>& ranks);
// The same from the campaigns' summaries (a run written in parts: rank 0 holds no points); equal rows.
std::vector<results::StabilityRow> stability_of_complete(const std::vector<results::CampaignSummary>& campaigns);

}  // namespace autobench::stats
