// A dataset rank's journal read back (see dataset_journal.hpp).
#include "suite/dataset/dataset_journal.hpp"

#include <fstream>
#include <stdexcept>
#include <utility>

#include <nlohmann/json.hpp>

#include "suite/journal/journal.hpp"

namespace autobench::dataset {

DatasetJournal read_dataset_journal(const std::string& run_dir, int rank, const std::string& run_id) {
  DatasetJournal j;
  const std::string path = journal::journal_path(run_dir, rank);
  std::ifstream in(path);
  if (!in) return j;  // the rank never started
  journal::for_each_record(in, path, [&](const nlohmann::json& r) {
    const std::string type = r.at("type");
    if (type == "run" && r.value("run_id", "") != run_id)
      throw std::runtime_error(path + " is not this dataset run's journal (run id " + r.value("run_id", "") +
                               ", dataset.json's is " + (run_id.empty() ? std::string("none") : run_id) +
                               "): move it away");
    if (type == "dataset_plan") j.plan = r.at("samples").get<std::vector<Sample>>();
    if (type == "dataset_extension") j.extension = r.at("samples").get<std::vector<Sample>>();
    if (type == "dataset_sample") {
      auto s = r.at("sample").get<Sample>();
      j.measured[s.id] = std::move(s);
    }
  });
  return j;
}

}  // namespace autobench::dataset
