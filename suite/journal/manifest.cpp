// Run manifests (see manifest.hpp).
#include "suite/journal/manifest.hpp"

#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <iterator>
#include <random>
#include <stdexcept>

#include <fmt/format.h>

#include <nlohmann/json.hpp>

#include "record/bounded_json.hpp"
#include "suite/files/atomic_file.hpp"
#include "suite/results/result_json.hpp"
#include "suite/results/utc_time.hpp"

namespace autobench::journal {

std::string new_run_id(const std::string& host) {
  return fmt::format("{}-{}-{}-{:08x}", results::utc_now("%Y%m%dT%H%M%SZ"), host, ::getpid(),
                     static_cast<std::uint32_t>(std::random_device{}()));
}

void write_manifest(const std::string& run_dir, const ManifestKind& kind, const ManifestRecord& m) {
  results::RunInfo info = m.info;
  info.complete = false;  // written before anything is measured: only the results file says complete
  nlohmann::json j{{"settings", m.settings}, {"info", info}};
  if (!m.run_id.empty()) j["run_id"] = m.run_id;
  files::write_file_atomically((std::filesystem::path(run_dir) / kind.file).string(), j.dump(2) + "\n");
}

ManifestRecord read_manifest(const std::string& run_dir, const ManifestKind& kind,
                             const std::function<void(const nlohmann::json& settings)>& check_settings) {
  const std::string path = (std::filesystem::path(run_dir) / kind.file).string();
  std::ifstream in(path);
  if (!in)
    throw std::invalid_argument("'" + run_dir + "' is not " + kind.directory + " (no readable " + kind.file + ")");
  try {
    const auto j = record::parse_json(std::string(std::istreambuf_iterator<char>(in), {}));
    ManifestRecord m{j.at("settings"), j.at("info").get<results::RunInfo>(), j.value("run_id", "")};
    if (j.contains("run_id") && m.run_id.empty()) throw std::runtime_error("its run_id is empty");
    if (m.info.ranks < 1 || m.info.ranks > kMaxRanks)
      throw std::runtime_error("ranks " + std::to_string(m.info.ranks) + " is not allowed (whole numbers in [1, " +
                               std::to_string(kMaxRanks) + "])");
    if (check_settings) check_settings(m.settings);
    return m;
  } catch (const std::exception& e) {
    throw std::invalid_argument("'" + path + "' is not a valid " + kind.name + " manifest: " + e.what());
  }
}

void write_manifest(const std::string& run_dir, const Manifest& m) {
  write_manifest(run_dir, kRunManifest, {campaign::to_json(m.settings), m.info, m.run_id});
}

Manifest read_manifest(const std::string& run_dir) {
  Manifest m;
  const ManifestRecord r = read_manifest(run_dir, kRunManifest,
                                         [&](const nlohmann::json& s) { m.settings = campaign::settings_from_json(s); });
  m.info = r.info;
  m.run_id = r.run_id;
  return m;
}

}  // namespace autobench::journal
