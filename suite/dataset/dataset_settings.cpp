// Dataset settings (see dataset_settings.hpp).
#include "suite/dataset/dataset_settings.hpp"

#include <stdexcept>

#include "kernels/kernel.hpp"
#include "suite/backend/sim/sim_model.hpp"
#include "suite/dataset/kernel_adapter.hpp"
#include "suite/dataset/launch_sampler.hpp"

namespace autobench::dataset {

namespace {

using D = DatasetSettings;

std::vector<campaign::Option<D>> make_dataset_options() {
  namespace L = campaign::limits;
  using campaign::kBackendOption, campaign::kSimDeviceOption, campaign::kSeedOption, campaign::kOutputOption;
  return {
      {kBackendOption.name, "", kBackendOption.help, "backend", +[](D& s) -> auto& { return s.backend; }},
      {kSimDeviceOption.name, "", kSimDeviceOption.help, "sim_device", +[](D& s) -> auto& { return s.sim_device; }},
      {"kernels", "", "Kernels to sample (default: every kernel)", "kernels", +[](D& s) -> auto& { return s.kernels; }},
      {"per-kernel", "", "Configurations sampled per kernel and rank", "per_kernel",
       +[](D& s) -> auto& { return s.per_kernel; }, &L::per_kernel},
      {"ratio", "", "Regime ratio idle:under:full (idle: fewer workgroups than SMs; under: less than one full wave; "
       "full: one wave or more)",
       "ratio", +[](D& s) -> auto& { return s.ratio; }},
      {"max-waves", "", "Largest launch of the full regime, in full waves", "max_waves",
       +[](D& s) -> auto& { return s.max_waves; }, &L::max_waves},
      {"balance", "", "none, or iqr: fill sparse log2-time decades using a linear fit of time against global size "
       "(recorded per added configuration)",
       "balance", +[](D& s) -> auto& { return s.balance; }},
      {"balance-max", "", "IQR additions at most this fraction of the sampled configurations", "balance_max",
       +[](D& s) -> auto& { return s.balance_max; }, &L::balance_max},
      {"warmup", "", "Launches dropped before timing", "warmup", +[](D& s) -> auto& { return s.warmup; }, &L::warmup},
      {"iterations", "", "Timed launches per configuration; the target is the median", "iterations",
       +[](D& s) -> auto& { return s.iterations; }, &L::iterations},
      {"test-fraction", "", "Share of rows on the test side of the random split", "test_fraction",
       +[](D& s) -> auto& { return s.test_fraction; }, &L::test_fraction},
      {"memory-fraction", "", "Share of free device memory one configuration may take", "memory_fraction",
       +[](D& s) -> auto& { return s.memory_fraction; }, &L::memory_fraction},
      {kSeedOption.name, "", kSeedOption.help, "seed", +[](D& s) -> auto& { return s.seed; }, kSeedOption.limit},
      {kOutputOption.name, "", kOutputOption.help, "output_dir", +[](D& s) -> auto& { return s.output_dir; }},
  };
}

}  // namespace

const std::vector<campaign::Option<DatasetSettings>>& dataset_options() {
  static const auto table = make_dataset_options();
  return table;
}

void check(const DatasetSettings& s) {
  if (s.backend != "auto" && s.backend != "cuda" && s.backend != "sim")
    throw std::invalid_argument("--backend '" + s.backend + "' is not allowed (allowed: auto, cuda, sim)");
  if (!s.sim_device.empty()) backend::sim::model_named(s.sim_device);  // throws naming the known models
  for (const auto& k : s.kernels) {
    const auto* spec = kernels::find(k);
    if (!spec || !dataset_kernel(*spec)) {
      std::string known;
      for (const auto& spec2 : kernels::all())
        if (dataset_kernel(spec2)) known += (known.empty() ? "" : ", ") + spec2.name;
      throw std::invalid_argument("--kernels '" + k + "' is not allowed (allowed: " + known + ")");
    }
  }
  parse_ratio(s.ratio);
  if (s.balance != "none" && s.balance != "iqr")
    throw std::invalid_argument("--balance '" + s.balance + "' is not allowed (allowed: none, iqr)");
  campaign::check_limits(dataset_options(), s);
}

nlohmann::json to_json(const DatasetSettings& s) {
  nlohmann::json j = nlohmann::json::object();
  campaign::write_options(dataset_options(), s, j);
  return j;
}

DatasetSettings settings_from_json(const nlohmann::json& j) {
  DatasetSettings s;
  try {
    campaign::read_options(dataset_options(), s, j);
  } catch (const nlohmann::json::exception& e) {
    throw std::invalid_argument(std::string("dataset settings: ") + e.what());
  }
  check(s);
  return s;
}

}  // namespace autobench::dataset
