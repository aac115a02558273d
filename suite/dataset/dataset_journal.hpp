// A dataset rank's journal read back (RUN_DIR/journal/rank<R>.jsonl): its plan, the IQR refinement's
// extension and the samples it measured; a journal of another dataset run is refused.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "suite/dataset/dataset_sample.hpp"

namespace autobench::dataset {

struct DatasetJournal {
  std::optional<std::vector<Sample>> plan;       // the sampled part
  std::optional<std::vector<Sample>> extension;  // the IQR part
  std::map<std::uint64_t, Sample> measured;      // by sample id, of the plan above only
  std::string damage;  // the first damaged line ("" none): what comes after it up to the rank's next start is void
};

// Empty when the rank never started. Damage is salvaged like a benchmark journal's
// (journal::for_each_salvaged_record: each start of the rank is a "run" record): what it voided is measured
// again, and so is a sample measured for a plan that damage voided. Throws std::runtime_error for a
// journal of another dataset run: one whose "run" records name another run id than `run_id` (dataset.json's).
DatasetJournal read_dataset_journal(const std::string& run_dir, int rank, const std::string& run_id);

}  // namespace autobench::dataset
