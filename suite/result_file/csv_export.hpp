// Per-campaign CSV files in the thesis format: problem size, execution time, metric, knee flag.
#pragma once

#include <string>
#include <vector>

#include "suite/results/results.hpp"

namespace autobench::result_file {

// "<kernel>_<detector>_rank<R>_repeat<K>.csv", the names made safe by file_name_part (file_name.hpp).
std::string csv_file_name(const results::Campaign& c);

// The CSV text of one campaign. Header "problem_size,execution_time_ms,throughput_<unit>,is_knee"
// (unit e.g. GB/s); one row per point in sweep order: the size, the mean time in milliseconds, the
// throughput, and 1 on the detected knee (0 elsewhere, and everywhere when no knee was detected).
// Numbers are written in their shortest round-trip form; NaN as "nan".
std::string campaign_csv(const results::Campaign& c);

// Writes one file per campaign of every rank into `dir` (created when missing, refused with WriteError when it
// is a symbolic link or not a directory: files/atomic_file.hpp's own_directory); returns their paths.
// Each file is written whole or not at all; throws WriteError (files/atomic_file.hpp) naming the file that
// cannot be written.
std::vector<std::string> write_campaign_csvs(const std::string& dir, const std::vector<results::RankResult>& ranks);

}  // namespace autobench::result_file
