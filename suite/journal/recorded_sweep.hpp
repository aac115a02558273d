// A sweep recorded in a run directory's rank-0 journal that probed every configuration at every size:
// its kernel, device and probes, for replaying the model tuner over them (`model evaluate --sweep`).
#pragma once

#include <string>

#include "suite/modeling/recorded_probes.hpp"
#include "suite/results/results.hpp"

namespace autobench::journal {

struct RecordedSweep {
  std::string path;  // the journal read
  std::string kernel;
  results::DeviceInfo device;
  modeling::ProbePool pool;
};

// Reads RUN_DIR/journal/rank0.jsonl (or its .gz). Throws std::invalid_argument "--sweep RUN_DIR: cannot
// read ..." when neither exists, std::runtime_error naming the directory or the journal when it cannot be
// decompressed or read (e.g. it holds two kernels).
RecordedSweep read_recorded_sweep(const std::string& run_dir);

}  // namespace autobench::journal
