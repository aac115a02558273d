// The subcommands of autobench-mpi. Each adds itself to the app; its callback does the work and
// throws cli::UsageError / cli::RunFailure on failure.
#pragma once

#include <CLI/CLI.hpp>

#include <string>

namespace autobench::cli {

void add_list_command(CLI::App& app);
void add_report_command(CLI::App& app);
void add_plot_command(CLI::App& app);
void add_export_command(CLI::App& app);
void add_compare_command(CLI::App& app);
void add_profile_command(CLI::App& app);
void add_merge_command(CLI::App& app);
void add_calibrate_command(CLI::App& app);
void add_detect_command(CLI::App& app);
void add_dataset_command(CLI::App& app);
void add_evaluate_command(CLI::App& app);
// `command_line`: recorded in the model file's provenance.
void add_model_command(CLI::App& app, const std::string& command_line);

}  // namespace autobench::cli
