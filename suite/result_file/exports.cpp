// Exports next to a run's HDF5 file (see exports.hpp).
#include "suite/result_file/exports.hpp"

#include <filesystem>

#include "suite/result_file/csv_export.hpp"
#include "suite/formatting/report_json.hpp"
#include "suite/files/atomic_file.hpp"

namespace autobench::result_file {

void write_exports(const std::string& run_dir, const results::ResultFile& file, const std::string& h5_path) {
  const std::filesystem::path dir(run_dir);
  write_campaign_csvs((dir / "csv").string(), file.ranks);
  files::write_file_atomically((dir / "summary.json").string(), formatting::report_json(file, h5_path).dump(2) + "\n");
}

}  // namespace autobench::result_file
