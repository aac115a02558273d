// Run manifest (see manifest.hpp).
#include "suite/journal/manifest.hpp"

#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <random>
#include <stdexcept>

#include <fmt/format.h>

#include <nlohmann/json.hpp>

#include "suite/files/atomic_file.hpp"
#include "suite/results/result_json.hpp"
#include "suite/results/utc_time.hpp"

namespace autobench::journal {
namespace {

std::string manifest_path(const std::string& run_dir) { return (std::filesystem::path(run_dir) / "run.json").string(); }

}  // namespace

std::string new_run_id(const std::string& host) {
  return fmt::format("{}-{}-{}-{:08x}", results::utc_now("%Y%m%dT%H%M%SZ"), host, ::getpid(),
                     static_cast<std::uint32_t>(std::random_device{}()));
}

void write_manifest(const std::string& run_dir, const Manifest& m) {
  nlohmann::json j{{"settings", campaign::to_json(m.settings)}, {"info", m.info}};
  if (!m.run_id.empty()) j["run_id"] = m.run_id;
  files::write_file_atomically(manifest_path(run_dir), j.dump(2) + "\n");
}

Manifest read_manifest(const std::string& run_dir) {
  const std::string path = manifest_path(run_dir);
  std::ifstream in(path);
  if (!in) throw std::invalid_argument("'" + run_dir + "' is not an autobench run directory (no readable run.json)");
  try {
    const auto j = nlohmann::json::parse(in);
    return {campaign::settings_from_json(j.at("settings")), j.at("info").get<results::RunInfo>(),
            j.value("run_id", "")};
  } catch (const std::exception& e) {
    throw std::invalid_argument("'" + path + "' is not a valid run manifest: " + e.what());
  }
}

}  // namespace autobench::journal
