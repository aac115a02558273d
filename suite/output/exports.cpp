// Exports next to a run's HDF5 file (see exports.hpp).
#include "suite/output/exports.hpp"

#include <filesystem>

#include "suite/output/atomic_file.hpp"
#include "suite/output/csv_export.hpp"
#include "suite/output/report_json.hpp"

namespace autobench::output {

void write_exports(const std::string& run_dir, const ResultFile& file, const std::string& h5_path) {
  const std::filesystem::path dir(run_dir);
  write_campaign_csvs((dir / "csv").string(), file.ranks);
  write_file_atomically((dir / "summary.json").string(), report_json(file, h5_path).dump(2) + "\n");
}

}  // namespace autobench::output
