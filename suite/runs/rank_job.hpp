// A run's life, shared by `run`, `dataset` and `model`: prepare (before MPI) -> MPI session -> checks
// (output, a resumed run's ranks, lock and files, the backend) -> a new run directory with its manifest
// -> time budget -> every rank's device -> the job's body on every rank (journaled) -> gather -> rank 0
// writes -> one exit code on every rank. A job fills the skeleton with a RankJob: its checks, body and
// root writer; the skeleton owns the order, the collectives and what every rank agrees on.
#pragma once

#include <chrono>
#include <limits>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "suite/control/time_budget.hpp"
#include "suite/journal/manifest.hpp"
#include "suite/mpi/mpi_session.hpp"
#include "suite/results/results.hpp"
#include "suite/results/time_split.hpp"
#include "suite/runs/outcome.hpp"

namespace autobench::runs {

using Clock = std::chrono::steady_clock;

// What the skeleton needs to know of a job, once it is prepared (before MPI starts).
struct JobSetup {
  std::string backend;     // as asked for (a resumed run: its own)
  std::string output_dir;  // parent of a new run directory; checked by rank 0 before anything is written
  std::string resume_dir;  // non-empty: continue the run in this directory
  std::string noun = "run";  // a resume with other ranks: "the <noun> had N ranks"
  // Where a new run directory's manifest goes; unset: the job has none (its writer makes its directory).
  std::optional<journal::ManifestKind> manifest;
  nlohmann::json settings;  // the manifest's settings
  results::RunInfo info;    // a resumed run's; a new one's command line and suite (the rest is filled in)
  std::string run_id;       // a resumed run's
  bool dry_run = false;     // no run directory; the job ends after `started`
  // Seconds the body may take; < 0: the SLURM job's time left when known; unset: no budget.
  std::optional<double> time_budget_s;
  bool stop_after_measurement = true;  // installs the stop handlers (a signal stops the run after a measurement)
  bool every_device_needed = false;    // a rank that cannot open its device ends the job (always when resuming)
  std::string results_file;  // rank 0's file in the run directory (said when a resumed run is complete)
  bool tell_gather = false;  // rank 0 says when it gathers the results and writes results_file
};

// What every rank knows once the checks have passed.
struct JobContext {
  explicit JobContext(const mpi::Session& session) : mpi(session) {}

  const mpi::Session& mpi;
  std::string backend;  // every rank's
  std::string run_dir;  // "" for a job without a run directory (until its writer makes one)
  std::string run_id;   // the run's identity (its manifest's)
  bool resuming = false;
  results::RunInfo info;  // the manifest's provenance
  Clock::time_point t0;   // when MPI started
  Clock::time_point gather_started;  // when the gather of the results began
  control::TimeBudget budget{std::numeric_limits<double>::infinity()};  // the job's (none: unlimited)

  double elapsed_s() const { return std::chrono::duration<double>(Clock::now() - t0).count(); }
};

// This rank's part of the results, for rank 0's writer.
struct RankPart {
  std::string result;          // the job's own encoding (e.g. JSON)
  bool stopped_early = false;  // a signal or the time budget
  // Set on every rank alike (after a collective) when the job ends here, e.g. a usage error found with MPI.
  std::optional<Outcome> ended;
};

// What a job fills in. Hooks run on every rank unless said otherwise; those on every rank may be
// collective. The job keeps its settings, device and per-rank state as members.
class RankJob {
 public:
  virtual ~RankJob() = default;

  // Before MPI starts, on every rank: checks the input (a resume reads its manifest); "" or the usage
  // error (printed by the launcher's rank 0 only).
  virtual std::string prepare() = 0;
  virtual JobSetup setup() const = 0;
  // Rank 0, resuming, holding the run's lock: why the run cannot be continued ("" when it can); sets
  // `complete` when everything is already written (the job then ends with exit code 0).
  virtual std::string check_resume(const JobContext& /*ctx*/, bool& /*complete*/) { return ""; }
  // Once the run directory is known (not yet the budget): e.g. describe the plan. False ends the job
  // with exit code 0 (a dry run).
  virtual bool started(const JobContext& /*ctx*/) { return true; }
  // Rank 0: the line written at once when the first stop signal arrives ("" none).
  virtual std::string stop_notice(const JobContext& /*ctx*/) const { return ""; }
  // Every rank, resuming, before its device opens: reads this rank's part of the run so far (e.g. its
  // journal); "" or why the run cannot be continued (e.g. the journal is another run's).
  virtual std::string resume_rank(const JobContext& /*ctx*/) { return ""; }
  // Opens this rank's device: "" or why it cannot start.
  virtual std::string open_device(const JobContext& ctx) = 0;
  // This rank's work (its device may be absent: it could not start).
  virtual RankPart body(JobContext& ctx) = 0;
  // Rank 0: the job's files from every rank's part (in rank order) and time split; the exit code.
  virtual Outcome write(const JobContext& ctx, const std::vector<std::string>& parts,
                        std::vector<results::RankTimeSplit> splits, bool stopped_early) = 0;
};

// Runs `job` through the whole life above; never throws for what every rank agrees on (an exception
// that escapes on one rank of several ends the whole job: mpi::Session::or_abort).
Outcome run_rank_job(RankJob& job, int& argc, char**& argv);
// The same for a subcommand that does not hand MPI its command line (dataset, model).
Outcome run_rank_job(RankJob& job);

// The backend every rank uses (suite/backend/backend_choice.hpp) from what every rank sees; collective.
// Returns "" and sets `problem` (rank 0's message, "" elsewhere) when the request cannot be met; rank 0
// says so when "auto" chose the sim backend.
std::string resolve_backend(const std::string& requested, const mpi::Session& mpi, std::string& problem);

}  // namespace autobench::runs
