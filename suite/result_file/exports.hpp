// The files written next to a run's HDF5 file for people and other tools: csv/ with one CSV per
// campaign in the thesis format, and summary.json, the `report --format json` structure.
#pragma once

#include <string>

#include "suite/results/result_file.hpp"
#include "suite/stats/run_summary.hpp"

namespace autobench::result_file {

// Writes run_dir/csv/<kernel>_<detector>_rank<R>_repeat<K>.csv for every campaign of `file` and
// run_dir/summary.json (summary_text). Creates run_dir when missing; throws WriteError
// (files/atomic_file.hpp) naming the file that cannot be written. Every file is written whole or not at all.
void write_exports(const std::string& run_dir, const results::ResultFile& file, const std::string& h5_path);

// The two halves of write_exports, for a writer that makes the summary last (after its HDF5 file):
// the CSV files, and summary.json's text (report_json of `run`, naming `h5_path` as its file) and its writing.
void write_csv_exports(const std::string& run_dir, const results::ResultFile& file);
std::string summary_text(const stats::RunSummary& run, const std::string& h5_path);
void write_summary(const std::string& run_dir, const std::string& text);

}  // namespace autobench::result_file
