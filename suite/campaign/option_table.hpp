// The one table of a run's options: each declared once with its name, --help group and text, settings
// field, range, run.json key and what a run.json from before the key means.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include <nlohmann/json.hpp>

#include "suite/campaign/limits.hpp"
#include "suite/campaign/run_settings.hpp"

namespace autobench::campaign {

// An enum field read and written by its names.
template <class S>
struct NamedField {
  std::function<std::string(const S&)> get;
  std::function<void(S&, std::string_view)> set;  // throws std::invalid_argument naming the value and the allowed ones
  std::string allowed;                            // "geometric, adaptive"
};

// Where an option's value sits in the settings S (RunSettings, or AutoscaleSettings for the options a
// suite file's [kernel.NAME] may set): a plain field, an enum field, or none (std::monostate: the
// option's command-line binding and stored form are written by hand, see Option::to_json).
template <class S>
using Field = std::variant<std::monostate, double& (*)(S&), int& (*)(S&), std::uint64_t& (*)(S&), bool& (*)(S&),
                           std::string& (*)(S&), std::vector<std::string>& (*)(S&), NamedField<S>>;

// What a run.json written before an option's key existed means: the key is required, the settings'
// default holds, or a given value (the behaviour of those older runs).
struct OldFiles {
  enum Kind { required, keep_default, value } kind = required;
  nlohmann::json was = nullptr;
};
inline OldFiles required() { return {}; }
inline OldFiles keep_default() { return {OldFiles::keep_default, nullptr}; }
inline OldFiles was(nlohmann::json v) { return {OldFiles::value, std::move(v)}; }

template <class S>
struct Option {
  const char* name;   // long name without dashes: --NAME on the command line, `NAME = ...` in a suite file;
                      // "" for a setting that only run.json holds
  const char* group;  // --help group ("" for the top)
  const char* help;
  const char* key;    // run.json key (nullptr: not stored, e.g. --dry-run)
  Field<S> field = {};
  const Limit* limit = nullptr;  // the typed value's range (typed * limit->scale is stored)
  OldFiles old = {};
  std::optional<double> none = std::nullopt;  // a stored value that means "none" and is not checked against the limit
  bool by_hand = false;          // the command line binds it by hand (suite/cli/run_options.cpp), not by field
  // Hand-written stored forms, for fields that are not plain (std::monostate) or not stored as they are.
  std::function<nlohmann::json(const S&)> to_json{};
  std::function<void(S&, const nlohmann::json&)> from_json{};
};

// An option several commands share (the run, dataset, model, calibrate): its name, help and range, declared
// once here; the run's table entries and suite/cli/shared_options.hpp use them.
struct SharedOption {
  const char* name;
  const char* help;
  const Limit* limit = nullptr;
};
inline constexpr SharedOption kBackendOption{"backend",
                                             "Device backend: auto (cuda when every rank sees a GPU, else sim), cuda, sim"};
inline constexpr SharedOption kSimDeviceOption{
    "sim-device", "Sim model of every rank (sim backend; see `list`; a run or dataset without one: rank r uses model r mod 2)"};
inline constexpr SharedOption kSeedOption{
    "seed", "Seed of every random choice: sampled configurations, training sets and the sim backend's noise", &limits::seed};
inline constexpr SharedOption kOutputOption{"output", "Parent directory of the timestamped run directory"};

// The run-wide options (matrix, devices, output, power, verbosity) and the autoscaler's options, which a
// suite file may also set per kernel; both in --help order.
const std::vector<Option<RunSettings>>& run_options();
const std::vector<Option<autoscale::AutoscaleSettings>>& autoscale_options();

// The --help groups in --help order; a [kernel.NAME] table may set the options of kKernelGroups.
inline const std::vector<std::string> kGroups = {"Matrix", "Devices", "Output", "Autoscaling", "Timing",
                                                 "Detection", "Power", ""};
inline const std::vector<std::string> kKernelGroups = {"Autoscaling", "Timing", "Detection"};

// The stored (run.json) value of one option, and back (throws nlohmann::json::exception on a mistyped
// value, std::invalid_argument on an unknown name).
template <class S>
nlohmann::json stored(const Option<S>& o, const S& s);
template <class S>
void restore(const Option<S>& o, S& s, const nlohmann::json& value);

// Every option of `table` with a key, into `j`; and back from `j`, a missing key as OldFiles says
// (throws nlohmann::json::exception for a missing required key).
template <class S>
void write_options(const std::vector<Option<S>>& table, const S& s, nlohmann::json& j);
template <class S>
void read_options(const std::vector<Option<S>>& table, S& s, const nlohmann::json& j);

// Throws std::invalid_argument "--NAME VALUE is not allowed: ..." for the first stored value of `table`
// outside its option's limit.
template <class S>
void check_limits(const std::vector<Option<S>>& table, const S& s);

}  // namespace autobench::campaign
