// Exports next to a run's HDF5 file (see exports.hpp).
#include "suite/writing/exports.hpp"

#include <filesystem>
#include <fstream>
#include <stdexcept>

#include "suite/writing/csv_export.hpp"
#include "suite/formatting/report_json.hpp"

namespace autobench::writing {

void write_exports(const std::string& run_dir, const results::ResultFile& file, const std::string& h5_path) {
  const std::filesystem::path dir(run_dir);
  write_campaign_csvs((dir / "csv").string(), file.ranks);
  const auto summary = (dir / "summary.json").string();
  std::ofstream out(summary, std::ios::trunc);
  out << formatting::report_json(file, h5_path).dump(2) << "\n";
  out.close();
  if (!out) throw std::runtime_error("cannot write " + summary);
}

}  // namespace autobench::writing
