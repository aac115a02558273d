// `autobench-mpi profile add FILE... | show`: the device-profile database (what saturates each device
// model per kernel, accumulated over result files; see suite/writing/profile_db.hpp).
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <iostream>
#include <memory>
#include <nlohmann/json.hpp>
#include <set>
#include <stdexcept>
#include <string>
#include <vector>
#include <fmt/format.h>

#include "record/json.hpp"
#include "suite/cli/commands.hpp"
#include "suite/cli/errors.hpp"
#include "suite/cli/output_option.hpp"
#include "suite/cli/result_files.hpp"
#include "suite/writing/profile_db.hpp"
#include "suite/formatting/number_text.hpp"
#include "suite/formatting/text_table.hpp"
#include "suite/results/result_json.hpp"
#include "suite/text/echo.hpp"

namespace autobench::cli {
namespace {

struct ProfileOptions {
  std::vector<std::string> files;
  std::string db;
  std::string model, kernel;
  std::string format = "table";
};

stats::ProfileDb load(const std::string& path) {
  try {
    return writing::load_profile_db(path);
  } catch (const std::runtime_error& e) {
    throw UsageError(std::string("profile: ") + e.what());
  }
}

void add(const ProfileOptions& options) {
  const std::string path = writing::profile_db_path(options.db);
  const std::filesystem::path parent = std::filesystem::absolute(path).parent_path();  // created when missing
  check_output("profile add", "--db", parent.string());
  if (std::filesystem::exists(parent)) check_output_file("profile add", "--db", path);
  auto db = load(path);
  for (auto& [name, file] : read_result_files("profile add", options.files)) {
    stats::ProfileSource source{std::filesystem::weakly_canonical(std::filesystem::absolute(name)).string(),
                                 file.info.start_time, file.info.backend, file.info.git_commit,
                                 stats::campaign_figures(file.ranks)};
    const auto campaigns = source.campaigns.size();
    const bool replaced = stats::add_source(db, std::move(source));
    fmt::print("{} {} (run of {}, {} finished campaign(s))\n", replaced ? "replaced" : "added",
               text::printable(name, text::kMessageBytes), text::printable(file.info.start_time), campaigns);
  }
  try {
    writing::save_profile_db(path, db);
  } catch (const std::exception& e) {
    throw RunFailure(std::string("profile add: ") + e.what());
  }
  fmt::print("profile database {}: {} result file(s)\n", path.c_str(), db.sources.size());
}

// The value and its unit; "n/a" when it is missing (NaN).
std::string figure(double v, fmt::format_string<double> spec, const std::string& unit) {
  return std::isnan(v) || unit.empty() ? formatting::number_or(v, spec, "n/a") : fmt::vformat(fmt::string_view(spec), fmt::make_format_args(v)) + " " + unit;
}

// One line naming the filter that matched nothing and the values the database holds.
[[noreturn]] void no_match(const stats::ProfileDb& db, const std::string& path, const ProfileOptions& options) {
  std::set<std::string> models, kernels;
  for (const auto& p : stats::device_profiles(db, "", "")) {
    models.insert(p.model);
    kernels.insert(p.kernel);
  }
  auto list = [](const std::set<std::string>& s) {
    std::string out;
    for (const auto& v : s) out += (out.empty() ? "" : ", ") + v;
    return out;
  };
  throw UsageError("profile show: no profile for --model '" + options.model + "' --kernel '" + options.kernel +
                   "' in " + path + " (models: " + list(models) + "; kernels: " + list(kernels) + ")");
}

void show(const ProfileOptions& options) {
  const std::string path = writing::profile_db_path(options.db);
  const auto db = load(path);
  const auto profiles = stats::device_profiles(db, options.model, options.kernel);
  if (db.sources.empty()) {
    fmt::print("no profiles in {} yet; add result files with: autobench-mpi profile add FILE...\n", path.c_str());
    return;
  }
  if (profiles.empty()) no_match(db, path, options);
  if (options.format == "json") {
    nlohmann::json j = {{"db", path}, {"sources", nlohmann::json::array()}, {"profiles", nlohmann::json::array()}};
    for (const auto& s : db.sources) {
      j["sources"].push_back({{"path", s.path},
                              {"start_time", s.start_time},
                              {"backend", s.backend},
                              {"git_commit", s.git_commit},
                              {"campaigns", s.campaigns.size()}});
    }
    for (const auto& p : profiles) {
      j["profiles"].push_back({{"model", p.model},
                               {"kernel", p.kernel},
                               {"metric_unit", p.metric_unit},
                               {"efficiency_unit", stats::efficiency_unit(p.metric_unit)},
                               {"saturating_size", record::number_to_json(p.saturating_size)},
                               {"best_tunables", p.best_tunables},
                               {"peak_throughput", record::number_to_json(p.peak_throughput)},
                               {"energy_efficiency", record::number_to_json(p.energy_efficiency)},
                               {"campaigns", p.campaigns},
                               {"knees_found", p.knees_found},
                               {"files", p.files}});
    }
    std::cout << j.dump(2) << "\n";
    return;
  }
  using Align = formatting::TextTable::Align;
  formatting::TextTable table({{"model"},
                           {"kernel"},
                           {"knees", Align::right},
                           {"files", Align::right},
                           {"saturating_size", Align::right},
                           {"best_tunables_at_knee"},
                           {"peak_throughput", Align::right},
                           {"energy_efficiency", Align::right}});
  for (const auto& p : profiles) {
    table.add_row({p.model, p.kernel, std::to_string(p.knees_found) + "/" + std::to_string(p.campaigns),
                   std::to_string(p.files),
                   figure(p.saturating_size, "{:.0f}", ""), p.best_tunables.empty() ? "-" : p.best_tunables,
                   figure(p.peak_throughput, "{:.2f}", p.metric_unit),
                   figure(p.energy_efficiency, "{:.4g}", stats::efficiency_unit(p.metric_unit))});
  }
  fmt::print("Device profiles in {} ({} result file(s); medians over the sweeps' consensus knees; knees: found of "
             "all, saturating_size over those found)\n{}",
              path.c_str(), db.sources.size(), table.str().c_str());
}

}  // namespace

void add_profile_command(CLI::App& app) {
  auto options = std::make_shared<ProfileOptions>();
  auto* cmd = app.add_subcommand("profile", "The device-profile database: per device model and kernel, the "
                                            "saturating problem size, best tunables, peak throughput and efficiency");
  cmd->require_subcommand(1);
  const std::string db_help = "Profile database (default: $AUTOBENCH_PROFILE_DB, else ~/.autobench/profiles.json)";

  auto* add_cmd = cmd->add_subcommand("add", "Add results files to the database (adding a file again replaces it)");
  add_cmd->add_option("files", options->files, "Results files written by runs (autobench.h5)")->required();
  add_cmd->add_option("--db", options->db, db_help);
  add_cmd->callback([options] { add(*options); });

  auto* show_cmd = cmd->add_subcommand("show", "Show the profiles, optionally of one model and/or kernel");
  show_cmd->add_option("--model", options->model, "Only this device model (with or without the 'sim: ' prefix)");
  show_cmd->add_option("--kernel", options->kernel, "Only this kernel");
  show_cmd->add_option("--db", options->db, db_help);
  show_cmd->add_option("--format", options->format, "table (aligned columns) or json")
      ->capture_default_str()
      ->check(CLI::IsMember({"table", "json"}));
  show_cmd->callback([options] { show(*options); });
}

}  // namespace autobench::cli
