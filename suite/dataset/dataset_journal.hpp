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
  std::map<std::uint64_t, Sample> measured;      // by sample id
};

// Empty when the rank never started. Throws std::runtime_error for a journal of another dataset run:
// one whose "run" records name another run id than `run_id` (dataset.json's).
DatasetJournal read_dataset_journal(const std::string& run_dir, int rank, const std::string& run_id);

}  // namespace autobench::dataset
