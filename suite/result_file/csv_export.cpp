// Per-campaign CSV files (see csv_export.hpp).
#include "suite/result_file/csv_export.hpp"

#include <filesystem>
#include <fstream>
#include <stdexcept>
#include <fmt/format.h>

#include "suite/files/atomic_file.hpp"
#include "suite/formatting/csv_line.hpp"
#include "suite/result_file/file_name.hpp"

namespace autobench::result_file {

std::string csv_file_name(const results::Campaign& c) {
  return file_name_part(c.kernel) + "_" + file_name_part(c.detector) + "_rank" + std::to_string(c.rank) + "_repeat" + std::to_string(c.repeat) +
         ".csv";
}

std::string campaign_csv(const results::Campaign& c) {
  // The unit comes from a file: csv_line quotes it (a comma or newline in it cannot add a column or a row).
  std::string out =
      formatting::csv_line({"problem_size", "execution_time_ms", "throughput_" + c.metric_unit, "is_knee"});
  for (std::size_t i = 0; i < c.points.size(); ++i) {
    const auto& p = c.points[i];
    const bool knee = c.knee_detected && c.knee_index == static_cast<std::int64_t>(i);
    out += fmt::format("{}", p.size) + "," + fmt::format("{}", p.time_mean_s * 1e3) + "," + fmt::format("{}", p.throughput) + "," +
           (knee ? "1" : "0") + "\n";
  }
  return out;
}

std::vector<std::string> write_campaign_csvs(const std::string& dir, const std::vector<results::RankResult>& ranks) {
  const std::filesystem::path where(dir);
  files::ensure_directory(where.parent_path().string());
  files::own_directory(where.parent_path().string(), where.filename().string());  // csv/ planted as a link: refused
  std::vector<std::string> paths;
  for (const auto& rank : ranks) {
    for (const auto& c : rank.campaigns) {
      const auto path = (std::filesystem::path(dir) / csv_file_name(c)).string();
      files::write_file_atomically(path, campaign_csv(c), files::Durability::rewritable);  // `export` rewrites them
      paths.push_back(path);
    }
  }
  return paths;
}

}  // namespace autobench::result_file
