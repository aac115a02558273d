// autobench-mpi: the command-line entry point (runs the suite, or one of the subcommands).
#include <csignal>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <string>
#include <fmt/format.h>

#include "suite/build_info.hpp"
#include "suite/campaign/suite_file.hpp"
#include "suite/cli/bounded.hpp"
#include "suite/cli/commands.hpp"
#include "suite/cli/job_exit.hpp"
#include "suite/cli/run_options.hpp"
#include "suite/cli/suite_file_settings.hpp"
#include "suite/runs/benchmark_job.hpp"
#include "suite/runs/outcome.hpp"
#include "suite/text/echo.hpp"
#include "suite/text/safe_streams.hpp"

namespace {

std::string joined_command_line(int argc, char** argv) {
  std::string s;
  for (int i = 0; i < argc; ++i) s += (i ? " " : "") + std::string(argv[i]);
  return s;
}

// Every error message leaves through here: whatever input it quotes, the terminal gets no control
// sequence and no unbounded line (values are also echoed bounded where they are quoted). A usage error is
// the same on every rank of a job: only the launcher's rank 0 prints it.
int fail(int code, const std::string& message) {
  if (!message.empty() && (code != autobench::cli::kExitUsage || autobench::runs::launcher_rank() == 0))
    fmt::print(stderr, "autobench-mpi: error: {}\n",
               autobench::text::printable(message, autobench::text::kMessageBytes));
  return code;
}

// Output that could not be written is a failure: the standard output is flushed and checked last (a full disk,
// /dev/full, a closed pipe, a file size limit), turning exit 0 into 1 with one line.
int finish(int code) {
  errno = 0;
  const bool flushed = std::fflush(stdout) == 0;
  const int error = autobench::text::standard_output_error() ? autobench::text::standard_output_error() : errno;
  if (flushed && !std::ferror(stdout)) return code;
  const int failed = fail(autobench::cli::kExitFailure,
                          std::string("cannot write the standard output") +
                              (error ? ": " + std::string(std::strerror(error)) : ""));
  return code == 0 ? failed : code;
}

// Options of a run given with a subcommand, which does not use them ("--dry-run merge DIR", "--resume DIR
// report F"): refused, not ignored.
void refuse_run_options(const CLI::App& app) {
  if (app.get_subcommands().empty()) return;
  std::string given;
  for (const CLI::Option* o : app.get_options())
    if (o->count() > 0 && !o->get_lnames().empty())
      given += (given.empty() ? "--" : ", --") + o->get_lnames()[0];
  const std::string command = app.get_subcommands().front()->get_name();
  if (!given.empty())
    throw autobench::cli::UsageError(given + " is an option of a run; " + command +
                                     " does not use it (see autobench-mpi " + command + " --help)");
}

int run(int argc, char** argv);

}  // namespace

int main(int argc, char** argv) {
  autobench::text::make_standard_streams_safe();  // everything printed: no control sequence reaches a terminal
  // A file size limit (ulimit -f) makes a write fail with EFBIG, reported like a full disk, instead of
  // killing the program with no message and its temporary file left behind.
  std::signal(SIGXFSZ, SIG_IGN);
  return finish(run(argc, argv));
}

namespace {

int run(int argc, char** argv) {
  using namespace autobench::cli;
  CLI::App app{"autobench-mpi: MPI-parallel, auto-scaling GPU kernel benchmarks. Every rank drives one GPU, grows "
               "each kernel's problem size until a saturation knee is found, and rank 0 writes one HDF5 file.\n"
               "Run:  mpirun -n 4 autobench-mpi --suite quick      (or srun -N4 autobench-mpi --suite full)\n"
               "Stop: Ctrl-C, SIGTERM, SIGHUP or SIGUSR1 stop a run after the current measurement (exit 3, resumable); "
               "through mpirun or srun, start it as `autobench-launch mpirun|srun ...` for that (docs/cluster.md)",
               "autobench-mpi"};
  app.set_version_flag("--version", std::string("autobench-mpi ") + autobench::build_version() + " (" + autobench::build_git_commit() + ")");
  app.require_subcommand(0, 1);

  RunOptions options;
  add_run_options(app, options);
  autobench::runs::RunRequest request;
  app.add_option("--resume", request.resume_dir, "Continue a stopped run in RUN_DIR with its own settings: "
                                                 "finished campaigns are kept, unfinished ones measured again")
      ->group("Output");
  app.add_option("--time-budget", request.time_budget_s, "Seconds this run may take; sweeps that cannot finish "
                                                         "are not started (default: the SLURM job's time left)")
      ->check(bounded(autobench::campaign::limits::time_budget_s))->group("Output");
  add_list_command(app);
  add_report_command(app);
  add_plot_command(app);
  add_export_command(app);
  add_compare_command(app);
  add_profile_command(app);
  add_merge_command(app);
  add_calibrate_command(app);
  add_detect_command(app);
  add_dataset_command(app);
  add_evaluate_command(app);
  add_model_command(app, joined_command_line(argc, argv));

  app.parse_complete_callback([&app] { refuse_run_options(app); });  // before any subcommand runs
  try {
    app.parse(argc, argv);
    if (!app.get_subcommands().empty()) return 0;  // a subcommand ran in its callback
    if (!request.resume_dir.empty()) refuse_options_with_resume(app, {"time-budget", "dry-run", "quiet", "verbose"});
    request.settings = to_settings(options, app);
    if (autobench::campaign::is_suite_file(request.settings.suite))
      request.settings = settings_with_suite_file(request.settings.suite, app, std::vector<std::string>(argv + 1, argv + argc));
    request.command_line = joined_command_line(argc, argv);
    end_with(autobench::runs::run_benchmarks(request, argc, argv));
    return 0;
  } catch (const CLI::CallForHelp& e) {
    return app.exit(e);
  } catch (const CLI::CallForAllHelp& e) {
    return app.exit(e);
  } catch (const CLI::CallForVersion& e) {
    return app.exit(e);
  } catch (const CLI::ParseError& e) {
    return fail(kExitUsage, std::string(e.what()) + " (see --help)");
  } catch (const UsageError& e) {
    return fail(kExitUsage, e.what());
  } catch (const HealthGateFailed& e) {
    return fail(kExitHealth, e.what());
  } catch (const StoppedEarly& e) {
    return fail(kExitStopped, e.what());
  } catch (const RunFailure& e) {
    return fail(kExitFailure, e.what());
  } catch (const std::exception& e) {
    return fail(kExitFailure, e.what());
  }
}

}  // namespace
