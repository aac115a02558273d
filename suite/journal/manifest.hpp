// A run directory's manifest, written by rank 0 before any measurement so that `merge` and `--resume`
// can rebuild or continue the run from its directory alone: RUN_DIR/run.json for a run (its settings
// typed here), RUN_DIR/dataset.json for a dataset; both hold {"settings", "info", "run_id"}.
#pragma once

#include <functional>
#include <string>

#include <nlohmann/json.hpp>

#include "suite/campaign/run_settings.hpp"
#include "suite/results/results.hpp"

namespace autobench::journal {

// Which manifest: its file in RUN_DIR, and the words for a directory holding it and for the manifest.
struct ManifestKind {
  const char* file;       // "run.json"
  const char* directory;  // "an autobench run directory"
  const char* name;       // "run": "... is not a valid run manifest"
};
inline constexpr ManifestKind kRunManifest{"run.json", "an autobench run directory", "run"};
inline constexpr ManifestKind kDatasetManifest{"dataset.json", "a dataset run directory", "dataset"};

// What every manifest holds: the job's settings (as that job writes them), provenance and identity.
struct ManifestRecord {
  nlohmann::json settings;
  results::RunInfo info;
  std::string run_id;  // also in every journal's "rank" records ("": written by an older version)
};

// The manifest of a run (`autobench-mpi --suite ...`).
struct Manifest {
  campaign::RunSettings settings;
  results::RunInfo info;
  std::string run_id;
};

// The most ranks a manifest may name: more GPUs than any machine has, few enough that rebuilding a run of
// that many ranks from their journals ends in bounded time.
inline constexpr int kMaxRanks = 1 << 17;

// A new run's identity: its start time (UTC), host, process id and 32 random bits, unique in practice.
std::string new_run_id(const std::string& host);

// Written whole or not at all, with info.complete false (a manifest is written before anything is
// measured; the results file says whether the run finished); throws files::WriteError naming the file
// when that fails.
void write_manifest(const std::string& run_dir, const ManifestKind& kind, const ManifestRecord& m);
// Throws std::invalid_argument naming the directory when it holds no readable manifest of `kind`
// ("'DIR' is not a dataset run directory (no readable dataset.json)"), or the file when it is not a
// valid one (JSON nested too deep, an empty run_id, ranks outside [1, kMaxRanks]); `check_settings` may
// throw (e.g. while decoding them) and is named so too.
ManifestRecord read_manifest(const std::string& run_dir, const ManifestKind& kind,
                             const std::function<void(const nlohmann::json& settings)>& check_settings = {});

// run.json, with its settings typed.
void write_manifest(const std::string& run_dir, const Manifest& m);
Manifest read_manifest(const std::string& run_dir);

}  // namespace autobench::journal
