// autobench-mpi: the command-line entry point (runs the suite, or one of the subcommands).
#include <cstdio>
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
#include "suite/text/echo.hpp"

namespace {

std::string joined_command_line(int argc, char** argv) {
  std::string s;
  for (int i = 0; i < argc; ++i) s += (i ? " " : "") + std::string(argv[i]);
  return s;
}

// Every error message leaves through here: whatever input it quotes, the terminal gets no control
// sequence and no unbounded line (values are also echoed bounded where they are quoted).
int fail(int code, const std::string& message) {
  if (!message.empty())
    fmt::print(stderr, "autobench-mpi: error: {}\n",
               autobench::text::printable(message, autobench::text::kMessageBytes));
  return code;
}

}  // namespace

int main(int argc, char** argv) {
  using namespace autobench::cli;
  CLI::App app{"autobench-mpi: MPI-parallel, auto-scaling GPU kernel benchmarks. Every rank drives one GPU, grows "
               "each kernel's problem size until a saturation knee is found, and rank 0 writes one HDF5 file.\n"
               "Run:  mpirun -n 4 autobench-mpi --suite quick      (or srun -N4 autobench-mpi --suite full)",
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
