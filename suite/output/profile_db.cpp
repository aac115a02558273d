// The device-profile database (see profile_db.hpp).
#include "suite/output/profile_db.hpp"

#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <set>
#include <sstream>
#include <stdexcept>

#include "detect/median.hpp"
#include "suite/output/atomic_file.hpp"
#include "suite/results/json.hpp"

namespace autobench::output {

void to_json(nlohmann::json& j, const CampaignFigures& f) {
  j = {{"backend", f.backend},
       {"model", f.model},
       {"kernel", f.kernel},
       {"detector", f.detector},
       {"metric_unit", f.metric_unit},
       {"knee_size", results::number_to_json(f.knee_size)},
       {"peak_throughput", results::number_to_json(f.peak_throughput)},
       {"energy_efficiency", results::number_to_json(f.energy_efficiency)},
       {"knee_tunables", f.knee_tunables}};
}

void from_json(const nlohmann::json& j, CampaignFigures& f) {
  j.at("backend").get_to(f.backend);
  j.at("model").get_to(f.model);
  j.at("kernel").get_to(f.kernel);
  j.at("detector").get_to(f.detector);
  j.at("metric_unit").get_to(f.metric_unit);
  f.knee_size = results::number_from_json(j.at("knee_size"));
  f.peak_throughput = results::number_from_json(j.at("peak_throughput"));
  f.energy_efficiency = results::number_from_json(j.at("energy_efficiency"));
  j.at("knee_tunables").get_to(f.knee_tunables);
}

void to_json(nlohmann::json& j, const ProfileSource& s) {
  j = {{"path", s.path},
       {"start_time", s.start_time},
       {"backend", s.backend},
       {"git_commit", s.git_commit},
       {"campaigns", s.campaigns}};
}

void from_json(const nlohmann::json& j, ProfileSource& s) {
  j.at("path").get_to(s.path);
  j.at("start_time").get_to(s.start_time);
  j.at("backend").get_to(s.backend);
  j.at("git_commit").get_to(s.git_commit);
  j.at("campaigns").get_to(s.campaigns);
}

namespace {

constexpr const char* kFormat = "autobench-mpi device profiles";
constexpr int kVersion = 1;

// The smallest of the most frequent values (at least one value).
std::string most_frequent(const std::vector<std::string>& values) {
  std::map<std::string, int> counts;
  for (const auto& v : values) ++counts[v];
  auto best = counts.begin();
  for (auto it = counts.begin(); it != counts.end(); ++it) {
    if (it->second > best->second) best = it;
  }
  return best->first;
}

double median_or_nan(std::vector<double> v) {
  std::erase_if(v, [](double x) { return std::isnan(x); });
  return v.empty() ? results::kNaN : detect::median(std::move(v));
}

}  // namespace

std::string profile_db_path(const std::string& requested) {
  if (!requested.empty()) return requested;
  if (const char* env = std::getenv("AUTOBENCH_PROFILE_DB"); env && *env) return env;
  const char* home = std::getenv("HOME");
  return (std::filesystem::path(home && *home ? home : ".") / ".autobench" / "profiles.json").string();
}

ProfileDb load_profile_db(const std::string& path) {
  ProfileDb db;
  if (!std::filesystem::exists(path)) return db;
  std::ifstream in(path);
  std::stringstream text;
  text << in.rdbuf();
  if (!in) throw std::runtime_error("cannot read the profile database " + path);
  const std::string refused = path + " is not an autobench-mpi profile database: ";
  nlohmann::json j;
  try {
    j = nlohmann::json::parse(text.str());
  } catch (const nlohmann::json::parse_error& e) {
    throw std::runtime_error(refused + "not JSON (at byte " + std::to_string(e.byte) + ")");
  }
  try {
    if (j.at("format") != kFormat || j.at("version") != kVersion) {
      throw std::runtime_error("format " + j.at("format").dump() + " version " + j.at("version").dump() +
                               " (expected \"" + kFormat + "\" version " + std::to_string(kVersion) + ")");
    }
    j.at("sources").get_to(db.sources);
  } catch (const std::exception& e) {
    throw std::runtime_error(refused + e.what());
  }
  return db;
}

void save_profile_db(const std::string& path, const ProfileDb& db) {
  const std::filesystem::path target(path);
  if (target.has_parent_path()) ensure_directory(target.parent_path().string());
  write_file_atomically(path,
                        nlohmann::json{{"format", kFormat}, {"version", kVersion}, {"sources", db.sources}}.dump(1) + "\n");
}

bool add_source(ProfileDb& db, ProfileSource source) {
  for (auto& s : db.sources) {
    if (s.path == source.path && s.start_time == source.start_time) {
      s = std::move(source);
      return true;
    }
  }
  db.sources.push_back(std::move(source));
  return false;
}

std::vector<DeviceProfile> device_profiles(const ProfileDb& db, const std::string& model, const std::string& kernel) {
  struct Pool {
    std::vector<const CampaignFigures*> campaigns;
    std::set<std::size_t> sources;
  };
  std::map<std::pair<std::string, std::string>, Pool> pools;  // (model label, kernel)
  for (std::size_t i = 0; i < db.sources.size(); ++i) {
    for (const auto& f : db.sources[i].campaigns) {
      if ((!model.empty() && !names_model(f, model)) || (!kernel.empty() && f.kernel != kernel)) continue;
      auto& pool = pools[{model_label(f), f.kernel}];
      pool.campaigns.push_back(&f);
      pool.sources.insert(i);
    }
  }
  std::vector<DeviceProfile> out;
  for (const auto& [key, pool] : pools) {
    std::vector<double> knees, peaks, efficiencies;
    std::vector<std::string> tunables;
    for (const auto* f : pool.campaigns) {
      knees.push_back(f->knee_size);
      peaks.push_back(f->peak_throughput);
      efficiencies.push_back(f->energy_efficiency);
      tunables.push_back(f->knee_tunables);
    }
    DeviceProfile p;
    p.model = key.first;
    p.kernel = key.second;
    p.metric_unit = pool.campaigns.front()->metric_unit;
    p.saturating_size = median_or_nan(knees);
    p.best_tunables = most_frequent(tunables);
    p.peak_throughput = median_or_nan(peaks);
    p.energy_efficiency = median_or_nan(efficiencies);
    p.campaigns = static_cast<int>(pool.campaigns.size());
    p.files = static_cast<int>(pool.sources.size());
    out.push_back(std::move(p));
  }
  return out;
}

}  // namespace autobench::output
