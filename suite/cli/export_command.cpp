// `autobench-mpi export FILE [--output DIR] [--tidy [--parquet]]`: writes a results file's per-campaign CSV
// files and its JSON summary (as a run writes them next to its HDF5 file), or with --tidy its tidy tables
// (points.csv, campaigns.csv and their join tidy.csv; with --parquet each as Parquet too).
#include <cstdio>
#include <filesystem>
#include <memory>
#include <set>
#include <stdexcept>
#include <string>
#include <vector>
#include <fmt/format.h>

#include "suite/cli/commands.hpp"
#include "suite/cli/errors.hpp"
#include "suite/cli/output_option.hpp"
#include "suite/cli/python_script.hpp"
#include "suite/cli/result_files.hpp"
#include "suite/result_file/tidy_tables.hpp"
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

// --tidy: the three tables written a rank at a time, each rank read alone (memory follows one rank's
// campaigns), each table taking its name only when complete. Returns the row counts per table.
std::vector<std::size_t> write_tidy_tables(const std::string& path, const std::string& dir,
                                           const std::vector<const result_file::TidyTable*>& tables) {
  auto read = result_file::summary_read();
  read.ranks = std::set<int>{};  // the devices alone: which ranks there are
  const auto devices = read_result_files("export", {path}, {read}).front().file.ranks;
  std::vector<std::size_t> rows(tables.size(), 0);
  try {
    files::ensure_directory(dir);
    std::vector<std::unique_ptr<files::AtomicFile>> outs;
    for (const auto* table : tables) {
      outs.push_back(std::make_unique<files::AtomicFile>((std::filesystem::path(dir) / table->file).string()));
      outs.back()->append(table->header());
    }
    for (const auto& device : devices) {
      read.ranks = std::set<int>{device.rank};
      const auto file = read_result_files("export", {path}, {read}).front().file;
      for (const auto& rank : file.ranks) {
        if (rank.rank != device.rank) continue;
        for (std::size_t t = 0; t < tables.size(); ++t) {
          std::string text;
          rows[t] += tables[t]->append_rows(rank, text);
          outs[t]->append(text);
        }
      }
    }
    for (auto& out : outs) out->commit();
  } catch (const files::WriteError& e) {  // a file that cannot be read is a usage error (read_result_files)
    throw RunFailure(std::string("export: ") + e.what());
  }
  return rows;
}

void export_file(const ExportOptions& options) {
  if (options.parquet && !options.tidy) throw UsageError("export: --parquet writes the tidy table: give --tidy too");
  const std::string dir =
      options.output.empty() ? std::filesystem::absolute(options.file).parent_path().string() : options.output;
  check_output("export", "--output", dir, options.tidy ? std::vector<std::string>{} : std::vector<std::string>{"csv"});
  if (options.tidy) {
    const auto at = [&](const char* name) { return (std::filesystem::path(dir) / name).string(); };
    const auto rows = write_tidy_tables(options.file, dir,
                                        {&result_file::kPointsTable, &result_file::kCampaignsTable,
                                         &result_file::kJoinedTable});
    const auto shown = [&](const char* name) { return text::printable(at(name), text::kMessageBytes); };
    fmt::print("{} point(s) in {}\n{} campaign(s) in {}\n{} row(s) in {} (the two joined, as before)\n", rows[0],
               shown("points.csv"), rows[1], shown("campaigns.csv"), rows[2], shown("tidy.csv"));
    std::fflush(stdout);  // before the script's lines
    if (options.parquet)
      run_python_script("export", "tidy_parquet.py",
                        {at("points.csv"), at("points.parquet"), at("campaigns.csv"), at("campaigns.parquet"),
                         at("tidy.csv"), at("tidy.parquet")});
    return;
  }
  // The per-campaign CSV files and summary.json use neither launch times nor the tuner's texts.
  const auto file = read_result_files("export", {options.file}, {result_file::summary_read()}).front().file;
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
                "Write the tidy tables instead: points.csv (a row per measured point: rank, card, kernel, repeat, "
                "size, timing, power, telemetry, throttling, convergence), campaigns.csv (a row per detector "
                "campaign: knee, interval, status, plateau) and tidy.csv (the two joined, as before; columns in "
                "docs/tidy.md)");
  cmd->add_flag("--parquet", options->parquet,
                "With --tidy: also each table as Parquet, points.parquet, campaigns.parquet and tidy.parquet "
                "(needs python3 with pyarrow)");
  cmd->callback([options] { export_file(*options); });
}

}  // namespace autobench::cli
