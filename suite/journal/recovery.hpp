// Rebuilding a rank's results from its journal, in plan order, with unfinished sweeps marked.
#pragma once

#include <vector>

#include "suite/campaign/plan.hpp"
#include "suite/journal/journal.hpp"

namespace autobench::journal {

// A campaign that need not be measured again on resume.
bool finished(const results::Campaign& c);

// The rank's finished campaigns plus, for each sweep under way when the journal ends, one
// incomplete campaign per detector (stop reason `interrupted`, complete = false) holding its points.
results::RankResult recover_rank(const RankJournal& journal, const campaign::Plan& plan,
                                 const campaign::RunSettings& settings, int rank);

// The campaigns sorted into the plan's sweep and detector order (campaigns not in the plan last).
void order_by_plan(const campaign::Plan& plan, std::vector<results::Campaign>& campaigns);

// The plan without the sweeps whose campaigns are all finished.
campaign::Plan remaining_plan(const campaign::Plan& plan, const std::vector<results::Campaign>& done);

}  // namespace autobench::journal
