// Dataset settings (see dataset_settings.hpp).
#include "suite/dataset/dataset_settings.hpp"

#include <stdexcept>

#include "kernels/kernel.hpp"
#include "suite/backend/sim/sim_model.hpp"
#include "suite/campaign/limits.hpp"
#include "suite/dataset/kernel_adapter.hpp"
#include "suite/dataset/launch_sampler.hpp"

namespace autobench::dataset {

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
  namespace limits = campaign::limits;
  campaign::check_typed(limits::per_kernel, static_cast<double>(s.per_kernel));
  parse_ratio(s.ratio);
  campaign::check_typed(limits::max_waves, s.max_waves);
  if (s.balance != "none" && s.balance != "iqr")
    throw std::invalid_argument("--balance '" + s.balance + "' is not allowed (allowed: none, iqr)");
  campaign::check_typed(limits::balance_max, s.balance_max);
  campaign::check_typed(limits::warmup, static_cast<double>(s.warmup));
  campaign::check_typed(limits::iterations, static_cast<double>(s.iterations));
  campaign::check_typed(limits::test_fraction, s.test_fraction);
  campaign::check_typed(limits::memory_fraction, s.memory_fraction);
  campaign::check_typed(limits::seed, static_cast<double>(s.seed));
}

nlohmann::json to_json(const DatasetSettings& s) {
  return {{"backend", s.backend},         {"sim_device", s.sim_device},   {"kernels", s.kernels},
          {"per_kernel", s.per_kernel},   {"ratio", s.ratio},             {"max_waves", s.max_waves},
          {"balance", s.balance},         {"balance_max", s.balance_max}, {"warmup", s.warmup},
          {"iterations", s.iterations},   {"test_fraction", s.test_fraction},
          {"memory_fraction", s.memory_fraction}, {"seed", s.seed}, {"output_dir", s.output_dir}};
}

DatasetSettings settings_from_json(const nlohmann::json& j) {
  DatasetSettings s;
  try {
    s.backend = j.at("backend");
    s.sim_device = j.at("sim_device");
    s.kernels = j.at("kernels").get<std::vector<std::string>>();
    s.per_kernel = j.at("per_kernel");
    s.ratio = j.at("ratio");
    s.max_waves = j.at("max_waves");
    s.balance = j.at("balance");
    s.balance_max = j.at("balance_max");
    s.warmup = j.at("warmup");
    s.iterations = j.at("iterations");
    s.test_fraction = j.at("test_fraction");
    s.memory_fraction = j.at("memory_fraction");
    s.seed = j.at("seed");
    s.output_dir = j.at("output_dir");
  } catch (const nlohmann::json::exception& e) {
    throw std::invalid_argument(std::string("dataset settings: ") + e.what());
  }
  check(s);
  return s;
}

}  // namespace autobench::dataset
