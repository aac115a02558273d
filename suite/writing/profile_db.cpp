// The device-profile database (see profile_db.hpp).
#include "suite/writing/profile_db.hpp"

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>
#include <stdexcept>

#include "suite/results/json.hpp"

// nlohmann finds these by argument-dependent lookup, so they live in the records' namespace.
namespace autobench::stats {

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

}  // namespace autobench::stats

namespace autobench::writing {
namespace {

constexpr const char* kFormat = "autobench-mpi device profiles";
constexpr int kVersion = 1;

}  // namespace

std::string profile_db_path(const std::string& requested) {
  if (!requested.empty()) return requested;
  if (const char* env = std::getenv("AUTOBENCH_PROFILE_DB"); env && *env) return env;
  const char* home = std::getenv("HOME");
  return (std::filesystem::path(home && *home ? home : ".") / ".autobench" / "profiles.json").string();
}

stats::ProfileDb load_profile_db(const std::string& path) {
  stats::ProfileDb db;
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

void save_profile_db(const std::string& path, const stats::ProfileDb& db) {
  const std::filesystem::path target(path);
  if (target.has_parent_path()) std::filesystem::create_directories(target.parent_path());
  const std::string tmp = path + ".tmp";
  {
    std::ofstream out(tmp, std::ios::trunc);
    out << nlohmann::json{{"format", kFormat}, {"version", kVersion}, {"sources", db.sources}}.dump(1) << "\n";
    out.close();
    if (!out) throw std::runtime_error("cannot write the profile database " + tmp);
  }
  std::filesystem::rename(tmp, target);
}

}  // namespace autobench::writing
