// Rebuilding a run's results from its journals, in plan order, with unfinished sweeps marked; and
// whether a results file holds anything such a rebuild would lose.
#pragma once

#include <string>
#include <vector>

#include "suite/campaign/plan.hpp"
#include "suite/journal/journal.hpp"
#include "suite/journal/manifest.hpp"

namespace autobench::journal {

// A campaign that need not be measured again on resume: complete, and none of its power windows was
// stopped by a signal before it was measured.
bool finished(const results::Campaign& c);

// The rank's finished campaigns plus, for each sweep under way when the journal ends, one
// incomplete campaign per detector (stop reason `interrupted`, complete = false) holding its points.
results::RankResult recover_rank(const RankJournal& journal, const campaign::Plan& plan,
                                 const campaign::RunSettings& settings, int rank);

// Every rank of the run in RUN_DIR rebuilt from its journal (recover_rank), what comes before a damaged
// line salvaged (RankJournal::damage); a rank without a journal, or whose journal lost its start record,
// gets a start_error saying so. `complete`: every rank's journal went through its plan, undamaged, and
// holds every campaign of the plan finished. Throws std::runtime_error naming a journal that cannot be
// read, belongs to another run (its run id is not the manifest's, also when the manifest names none), holds
// a campaign the plan lacks, or is of a rank the manifest does not count: the manifest was edited.
struct RebuiltRun {
  std::vector<results::RankResult> ranks;
  bool complete = true;
  std::vector<std::string> damage;  // each damaged journal's first damage
};
RebuiltRun rebuild_run(const std::string& run_dir, const Manifest& manifest, const campaign::Plan& plan);

// What `held` (e.g. the ranks of an existing results file) has that `rebuilt` lacks: campaigns missing
// from it, finished only in `held`, or with fewer points in it, and devices only `held` knows. A phrase
// for a message ("3 finished campaigns (e.g. rank 1 vecadd/kneedle repeat 0)"); "" when nothing is lost.
std::string lost_in(const std::vector<results::RankResult>& held, const std::vector<results::RankResult>& rebuilt);

// The results file at `path` against a rebuild of its run: absent, holding exactly what `run` holds
// (provenance aside), or less; `complete` when it is a complete run holding everything the journals
// hold though they do not say the run finished (e.g. a journal lost its last line): it is kept. Throws
// std::invalid_argument, one line naming the file, when it holds more than `run` or cannot be read:
// replacing it would destroy data.
enum class HeldFile { absent, same, less, complete };
HeldFile compare_results_file(const std::string& path, const RebuiltRun& run);

// The campaigns sorted into the plan's sweep and detector order (campaigns not in the plan last).
void order_by_plan(const campaign::Plan& plan, std::vector<results::Campaign>& campaigns);

// The plan without the sweeps whose campaigns are all finished.
campaign::Plan remaining_plan(const campaign::Plan& plan, const std::vector<results::Campaign>& done);

}  // namespace autobench::journal
