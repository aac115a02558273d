// The reader's check that a results file's stored consensus rows summarise the campaigns the file holds.
#pragma once

#include <string>
#include <vector>

#include "suite/results/campaign_summary.hpp"
#include "suite/results/consensus_row.hpp"
#include "suite/results/results.hpp"

namespace autobench::result_file {

// Every row of /consensus must be one the file's complete campaigns could give (stats::consensus_of_complete):
// its kernel has complete campaigns; a sweep row names a sweep of that kernel (rank<R>/repeat<K>, the rank's
// model) and a model row a model whose ranks ran it; 0 <= agreeing <= knees_found <= voters <= the
// detectors of the sweep (the sweeps of the model); each member is one of them; a found knee is a finite
// size within the sweep's (the model's sweeps') measured sizes. Throws std::runtime_error naming `path`,
// the row and what is wrong.
void check_stored_consensus(const std::string& path, const std::vector<results::ConsensusRow>& rows,
                            const std::vector<results::RankResult>& ranks);
// The same against the campaigns' summaries, of the ranks (devices) `ranks` (a run's root /summary).
void check_stored_consensus(const std::string& path, const std::vector<results::ConsensusRow>& rows,
                            const std::vector<results::CampaignSummary>& campaigns,
                            const std::vector<results::RankResult>& ranks);

}  // namespace autobench::result_file
