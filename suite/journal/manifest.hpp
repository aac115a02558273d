// RUN_DIR/run.json: the settings and provenance of a run, written by rank 0 before any measurement,
// so `merge` and `--resume` can rebuild or continue the run from its directory alone.
#pragma once

#include <string>

#include "suite/campaign/run_settings.hpp"
#include "suite/results/results.hpp"

namespace autobench::journal {

struct Manifest {
  campaign::RunSettings settings;
  results::RunInfo info;
  std::string run_id;  // the run's identity, also in every journal's "rank" records ("": written by an older version)
};

// A new run's identity: its start time (UTC), host, process id and 32 random bits, unique in practice.
std::string new_run_id(const std::string& host);

// Written whole or not at all; throws files::WriteError naming the file when that fails.
void write_manifest(const std::string& run_dir, const Manifest& m);
// Throws std::invalid_argument naming the directory when it holds no readable run.json.
Manifest read_manifest(const std::string& run_dir);

}  // namespace autobench::journal
