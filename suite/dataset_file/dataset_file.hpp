// A dataset run's two files, written by rank 0: RUN_DIR/dataset.h5 (every configuration, measured or
// failed, with provenance, devices, ceilings, the IQR refinement's histograms and where the measuring
// time went: /samples/steps per configuration, /time_split per kernel) and
// RUN_DIR/dataset.jsonl (one prompt record per verified configuration, the order `evaluate` expects
// predictions in). Both are written to a temporary name and renamed when complete.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "suite/backend/device.hpp"
#include "suite/dataset/iqr_balance.hpp"
#include "suite/dataset/kernel_adapter.hpp"
#include "suite/dataset/dataset_sample.hpp"
#include "suite/dataset/features.hpp"

namespace autobench::dataset_file {

struct RankDevice {
  results::DeviceInfo device;
  dataset::DeviceCeilings ceilings;
  std::string start_error;  // "" when the rank measured
};

struct DatasetRun {
  std::string version, git_commit, command_line, backend, start_time, end_time, settings_json;
  int ranks = 1;
  bool complete = false;
  std::vector<RankDevice> devices;  // by rank
  std::vector<dataset::Sample> samples;      // by id
  std::optional<dataset::BalancePlan> balance;
  std::vector<std::size_t> counts_after;  // the log2-time histogram (balance->before's bins) after refinement
};

std::string hdf5_path(const std::string& run_dir);   // RUN_DIR/dataset.h5
std::string jsonl_path(const std::string& run_dir);  // RUN_DIR/dataset.jsonl

// The JSONL record of one measured sample: schema_version, id, kernel, device, backend, regime,
// origin, random_split, tunables, size, the Alpaca fields, time_us, log2_time_us and the features.
nlohmann::json jsonl_record(const dataset::Sample& s, const RankDevice& d, const dataset::DatasetKernel& k, const std::string& source,
                            const std::string& backend);

// Both write the file whole or not at all (files/atomic_file.hpp); they throw files::WriteError
// naming the file and the reason when that fails.
void write_hdf5(const std::string& path, const DatasetRun& run);
// Returns how many lines it wrote (the verified, timed samples, in id order).
std::size_t write_jsonl(const std::string& path, const DatasetRun& run);

// The rows of a dataset.jsonl as `evaluate` reads them, in file order; throws std::invalid_argument
// "'PATH' cannot be read", "'PATH' line N: ..." (dataset::row_from_jsonl) or "'PATH' holds no rows".
std::vector<dataset::Row> read_rows(const std::string& path);

}  // namespace autobench::dataset_file
