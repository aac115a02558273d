// A dataset rank's journal read back (see dataset_journal.hpp).
#include "suite/dataset/dataset_journal.hpp"

#include <fstream>
#include <map>
#include <optional>
#include <stdexcept>
#include <utility>

#include <nlohmann/json.hpp>

#include "suite/journal/journal.hpp"

namespace autobench::dataset {
namespace {

bool same_launch(const LaunchConfig& a, const LaunchConfig& b) {
  return a.kernel == b.kernel && kernels::to_string(a.tunables) == kernels::to_string(b.tunables) && a.size == b.size &&
         a.workgroups == b.workgroups && a.block_threads == b.block_threads && a.origin == b.origin;
}

// Keeps the measured samples of the plan read back (sampled part and extension): a sample measured for a
// plan that damage voided (the plan is then sampled again, the extension planned again) is measured again.
void keep_planned(DatasetJournal& j) {
  std::map<std::uint64_t, const Sample*> planned;
  for (const auto* part : {&j.plan, &j.extension})
    if (*part)
      for (const auto& s : **part) planned[s.id] = &s;
  std::erase_if(j.measured, [&](const auto& entry) {
    const auto found = planned.find(entry.first);
    return found == planned.end() || !same_launch(found->second->config, entry.second.config);
  });
}

}  // namespace

DatasetJournal read_dataset_journal(const std::string& run_dir, int rank, const std::string& run_id) {
  DatasetJournal j;
  const std::string path = journal::journal_path(run_dir, rank);
  std::ifstream in(path);
  if (!in) return j;  // the rank never started
  std::optional<std::string> foreign;  // another run's id: refused once the journal is read, never salvaged
  j.damage = journal::for_each_salvaged_record(in, path, "run", [&](const nlohmann::json& r) {
    const std::string type = r.at("type");
    if (type == "run" && r.value("run_id", "") != run_id && !foreign) foreign = r.value("run_id", "");
    if (type == "dataset_plan") j.plan = r.at("samples").get<std::vector<Sample>>();
    if (type == "dataset_extension") j.extension = r.at("samples").get<std::vector<Sample>>();
    if (type == "dataset_sample") {
      auto s = r.at("sample").get<Sample>();
      j.measured[s.id] = std::move(s);
    }
  }).damage;
  if (foreign)
    throw std::runtime_error(path + " is not this dataset run's journal (run id " + *foreign + ", dataset.json's is " +
                             (run_id.empty() ? std::string("none") : run_id) + "): move it away");
  keep_planned(j);
  return j;
}

}  // namespace autobench::dataset
