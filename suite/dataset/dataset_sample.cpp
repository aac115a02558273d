// Dataset samples (see dataset_sample.hpp).
#include "suite/dataset/dataset_sample.hpp"

#include "record/json.hpp"
#include "suite/results/result_json.hpp"

namespace autobench::dataset {

bool in_test_split(std::uint64_t id, std::uint64_t seed, double fraction) {
  std::uint64_t x = id * 0x9E3779B97F4A7C15ull ^ (seed + 0x632BE59BD9B4E019ull);  // splitmix64 finaliser
  x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ull;
  x = (x ^ (x >> 27)) * 0x94D049BB133111EBull;
  x ^= x >> 31;
  return static_cast<double>(x >> 11) * 0x1.0p-53 < fraction;
}

StepSeconds& StepSeconds::operator+=(const StepSeconds& o) {
  prepare_s += o.prepare_s;
  verify_s += o.verify_s;
  time_s += o.time_s;
  destroy_s += o.destroy_s;
  return *this;
}

void to_json(nlohmann::json& j, const Sample& s) {
  const LaunchConfig& c = s.config;
  j = {{"id", s.id},           {"kernel", c.kernel},         {"tunables", c.tunables},
       {"size", c.size},       {"workgroups", c.workgroups}, {"block_threads", c.block_threads},
       {"regime", kRegimeNames.name(c.regime)}, {"origin", to_string(c.origin)}, {"reason", c.reason},
       {"test", s.test},       {"rank", s.rank},             {"point", s.point},
       {"error", s.error}};
  record::fields_to_json(j["steps"], s.steps, kStepFields);
}

void from_json(const nlohmann::json& j, Sample& s) {
  LaunchConfig& c = s.config;
  s.id = j.at("id");
  c.kernel = j.at("kernel");
  c.tunables = j.at("tunables").get<kernels::Tunables>();
  c.size = j.at("size");
  c.workgroups = j.at("workgroups");
  c.block_threads = j.at("block_threads");
  c.regime = kRegimeNames.value(j.at("regime").get<std::string>());
  c.origin = j.at("origin") == "iqr" ? Origin::iqr : Origin::sampled;
  c.reason = j.at("reason");
  s.test = j.at("test");
  s.rank = j.at("rank");
  s.point = j.at("point").get<results::Point>();
  s.error = j.at("error");
  s.steps = {};
  if (const auto it = j.find("steps"); it != j.end()) record::read_fields(*it, s.steps, kStepFields);  // absent before
}

}  // namespace autobench::dataset
