// The device-profile database (see profile_db.hpp).
#include "suite/writing/profile_db.hpp"

#include <cstdlib>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <stdexcept>
#include <tuple>

#include "record/bounded_json.hpp"
#include "record/json.hpp"
#include "suite/files/atomic_file.hpp"
#include "suite/files/input_file.hpp"
#include "suite/results/result_json.hpp"

// nlohmann finds these by argument-dependent lookup, so they live in the records' namespace.
namespace autobench::stats {

// The database's records as JSON objects, field by field through one list each (the NaN rule of
// record/json.hpp: NaN as null, the infinities as "inf" / "-inf").
constexpr auto kCampaignFigureFields = std::make_tuple(
    record::field("backend", &CampaignFigures::backend), record::field("model", &CampaignFigures::model),
    record::field("kernel", &CampaignFigures::kernel), record::field("detector", &CampaignFigures::detector),
    record::field("metric_unit", &CampaignFigures::metric_unit),
    record::field("knee_size", &CampaignFigures::knee_size),
    record::field("peak_throughput", &CampaignFigures::peak_throughput),
    record::field("energy_efficiency", &CampaignFigures::energy_efficiency),
    record::field("knee_tunables", &CampaignFigures::knee_tunables));
// Added with knee status (docs/knees.md); records written before keep "" (knee_size as it was then).
// Then with GPU health (docs/health.md): each GPU's UUID and sweep plateau, its history; "" / NaN before.
constexpr auto kCampaignFigureAddedFields = std::make_tuple(record::field("knee_status", &CampaignFigures::knee_status),
                                                            record::field("uuid", &CampaignFigures::uuid),
                                                            record::field("plateau", &CampaignFigures::plateau));
constexpr auto kProfileSourceFields = std::make_tuple(
    record::field("path", &ProfileSource::path), record::field("start_time", &ProfileSource::start_time),
    record::field("backend", &ProfileSource::backend), record::field("git_commit", &ProfileSource::git_commit),
    record::field("campaigns", &ProfileSource::campaigns));

void to_json(nlohmann::json& j, const CampaignFigures& f) {
  record::fields_to_json(j, f, kCampaignFigureFields);
  record::fields_to_json(j, f, kCampaignFigureAddedFields);
}
void from_json(const nlohmann::json& j, CampaignFigures& f) {
  record::read_fields(j, f, kCampaignFigureFields);
  record::read_present_fields(j, f, kCampaignFigureAddedFields);
}
void to_json(nlohmann::json& j, const ProfileSource& s) { record::fields_to_json(j, s, kProfileSourceFields); }
void from_json(const nlohmann::json& j, ProfileSource& s) { record::read_fields(j, s, kProfileSourceFields); }

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
  const std::string text = files::read_regular_file(path, kMaxProfileDbBytes);  // a FIFO would block
  const std::string refused = path + " is not an autobench-mpi profile database: ";
  nlohmann::json j;
  try {
    j = record::parse_json(text);
  } catch (const nlohmann::json::parse_error& e) {
    throw std::runtime_error(refused + "not JSON (at byte " + std::to_string(e.byte) + ")");
  } catch (const std::runtime_error& e) {
    throw std::runtime_error(refused + e.what());
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
  if (target.has_parent_path()) files::ensure_directory(target.parent_path().string());
  files::write_file_atomically(path,
                        nlohmann::json{{"format", kFormat}, {"version", kVersion}, {"sources", db.sources}}.dump(1) + "\n");
}

}  // namespace autobench::writing
