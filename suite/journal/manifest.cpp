// Run manifest (see manifest.hpp).
#include "suite/journal/manifest.hpp"

#include <filesystem>
#include <fstream>
#include <stdexcept>

#include <nlohmann/json.hpp>

#include "suite/writing/atomic_file.hpp"
#include "suite/results/json.hpp"

namespace autobench::journal {
namespace {

std::string manifest_path(const std::string& run_dir) { return (std::filesystem::path(run_dir) / "run.json").string(); }

}  // namespace

void write_manifest(const std::string& run_dir, const Manifest& m) {
  writing::write_file_atomically(manifest_path(run_dir),
                                nlohmann::json{{"settings", campaign::to_json(m.settings)}, {"info", m.info}}.dump(2) + "\n");
}

Manifest read_manifest(const std::string& run_dir) {
  const std::string path = manifest_path(run_dir);
  std::ifstream in(path);
  if (!in) throw std::invalid_argument("'" + run_dir + "' is not an autobench run directory (no readable run.json)");
  try {
    const auto j = nlohmann::json::parse(in);
    return {campaign::settings_from_json(j.at("settings")), j.at("info").get<results::RunInfo>()};
  } catch (const std::exception& e) {
    throw std::invalid_argument("'" + path + "' is not a valid run manifest: " + e.what());
  }
}

}  // namespace autobench::journal
