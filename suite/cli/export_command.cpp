// `autobench-mpi export FILE [--output DIR] [--tidy [--parquet]]`: writes a results file's per-campaign CSV
// files and its JSON summary (as a run writes them next to its HDF5 file), or with --tidy its one long table
// (and with --parquet that table as Parquet too).
#include <cstdio>
#include <filesystem>
#include <memory>
#include <stdexcept>
#include <string>
#include <fmt/format.h>

#include "suite/cli/commands.hpp"
#include "suite/cli/errors.hpp"
#include "suite/cli/output_option.hpp"
#include "suite/cli/python_script.hpp"
#include "suite/cli/result_files.hpp"
#include "suite/result_file/tidy_csv.hpp"
#include "suite/files/atomic_file.hpp"
#include "suite/result_file/exports.hpp"
#include "suite/text/echo.hpp"

namespace autobench::cli {
namespace {

struct ExportOptions {
  std::string file;
  std::string output;
  bool tidy = false;
  bool parquet = false;  // --tidy: also tidy.parquet (scripts/tidy_parquet.py, needs pyarrow)
};

void export_file(const ExportOptions& options) {
  if (options.parquet && !options.tidy) throw UsageError("export: --parquet writes the tidy table: give --tidy too");
  const std::string dir =
      options.output.empty() ? std::filesystem::absolute(options.file).parent_path().string() : options.output;
  check_output("export", "--output", dir, options.tidy ? std::vector<std::string>{} : std::vector<std::string>{"csv"});
  const auto file = read_result_files("export", {options.file}).front().file;
  if (options.tidy) {
    const auto path = (std::filesystem::path(dir) / "tidy.csv").string();
    std::size_t rows = 0;
    for (const auto& r : file.ranks) {
      for (const auto& c : r.campaigns) rows += c.points.size();
    }
    try {
      files::ensure_directory(dir);
      files::write_file_atomically(path, result_file::tidy_csv(file));
    } catch (const std::runtime_error& e) {
      throw RunFailure(std::string("export: ") + e.what());
    }
    fmt::print("{} row(s) in {}\n", rows, text::printable(path, text::kMessageBytes));
    if (options.parquet)
      run_python_script("export", "tidy_parquet.py", {path, (std::filesystem::path(dir) / "tidy.parquet").string()});
    return;
  }
  try {
    result_file::write_exports(dir, file, options.file);
  } catch (const std::runtime_error& e) {
    throw RunFailure(std::string("export: ") + e.what());
  }
  std::size_t campaigns = 0;
  for (const auto& r : file.ranks) campaigns += r.campaigns.size();
  const auto out = std::filesystem::path(dir);
  fmt::print("{} CSV file(s) in {}, summary in {}\n", campaigns,
             text::printable((out / "csv").string(), text::kMessageBytes),
             text::printable((out / "summary.json").string(), text::kMessageBytes));
}

}  // namespace

void add_export_command(CLI::App& app) {
  auto options = std::make_shared<ExportOptions>();
  auto* cmd = app.add_subcommand("export", "Write a results file's CSV files (one per campaign: size, time in ms, "
                                           "throughput, knee flag) and summary.json (the report's JSON)");
  cmd->add_option("file", options->file, "Results file written by a run (autobench.h5)")->required();
  cmd->add_option("--output", options->output, "Directory for csv/ and summary.json (default: the file's directory)");
  cmd->add_flag("--tidy", options->tidy,
                "Write one long table instead, tidy.csv: a row per point of every campaign with rank, host, "
                "device, model, kernel, detector, repeat, size, time, throughput, power, energy and knee flags "
                "(columns in docs/tidy.md)");
  cmd->add_flag("--parquet", options->parquet,
                "With --tidy: also tidy.parquet, the same table as Parquet (needs python3 with pyarrow)");
  cmd->callback([options] { export_file(*options); });
}

}  // namespace autobench::cli
