// A sweep recorded in a journal (see recorded_sweep.hpp).
#include "suite/journal/recorded_sweep.hpp"

#include <istream>
#include <memory>
#include <stdexcept>
#include <vector>

#include <nlohmann/json.hpp>

#include "suite/journal/compressed.hpp"
#include "suite/journal/journal.hpp"
#include "suite/results/result_json.hpp"

namespace autobench::journal {

RecordedSweep read_recorded_sweep(const std::string& run_dir) {
  RecordedSweep out;
  out.path = journal_path(run_dir, 0);
  std::unique_ptr<std::istream> in;
  try {
    in = open_maybe_gzipped(out.path);
  } catch (const std::runtime_error& e) {
    throw std::runtime_error("--sweep " + run_dir + ": " + e.what());
  }
  if (!in) throw std::invalid_argument("--sweep " + run_dir + ": cannot read " + out.path + " (nor " + out.path + ".gz)");
  std::vector<results::Point> points;
  try {
    for_each_record(*in, out.path, [&](const nlohmann::json& record) {
      if (record.value("type", "") == "rank") out.device = record.at("rank").at("device").get<results::DeviceInfo>();
      if (record.value("type", "") != "point") return;
      const std::string k = record.at("kernel").get<std::string>();
      if (!out.kernel.empty() && k != out.kernel)
        throw std::invalid_argument("the journal holds two kernels (" + out.kernel + ", " + k + "); the replay takes one");
      out.kernel = k;
      points.push_back(record.at("point").get<results::Point>());
    });
    out.pool = modeling::probe_pool(points);
  } catch (const std::exception& e) {
    throw std::runtime_error(out.path + ": " + e.what());
  }
  return out;
}

}  // namespace autobench::journal
