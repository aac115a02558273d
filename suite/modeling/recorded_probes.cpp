// A recorded sweep's tuner probes as measured points (see recorded_probes.hpp).
#include "suite/modeling/recorded_probes.hpp"

#include <cmath>
#include <map>
#include <set>
#include <sstream>
#include <stdexcept>

#include "kernels/kernel.hpp"

namespace autobench::modeling {
namespace {

std::vector<std::string> split(const std::string& text, char separator) {
  std::vector<std::string> out;
  std::istringstream in(text);
  for (std::string part; std::getline(in, part, separator);) out.push_back(part);
  return out;
}

// `text` as a whole finite number; false when it is not one.
bool parse_number(const std::string& text, double& value) {
  std::size_t used = 0;
  try {
    value = std::stod(text, &used);
  } catch (const std::logic_error&) {
    return false;
  }
  return used > 0 && used == text.size() && std::isfinite(value);
}

// "K=V,K=V@REST" (REST as `rest` describes it) as a configuration and REST; throws
// std::invalid_argument (what, without the size).
std::pair<kernels::Tunables, std::string> parse_entry(const std::string& entry, const std::string& rest) {
  const auto at = entry.rfind('@');
  if (at == std::string::npos) throw std::invalid_argument("'" + entry + "' has no @" + rest);
  kernels::Tunables config;
  for (const auto& assignment : split(entry.substr(0, at), ',')) {
    const auto eq = assignment.find('=');
    std::size_t used = 0;
    if (eq == std::string::npos) throw std::invalid_argument("'" + entry + "' is not NAME=VALUE,...@" + rest);
    try {
      config[assignment.substr(0, eq)] = std::stoll(assignment.substr(eq + 1), &used);
    } catch (const std::logic_error&) {
      used = 0;
    }
    if (used == 0 || used != assignment.size() - eq - 1)
      throw std::invalid_argument("'" + entry + "' has a value that is not an integer");
  }
  return {std::move(config), entry.substr(at + 1)};
}

// A probe "K=V,K=V@SECONDS" as a configuration and its time.
std::pair<kernels::Tunables, double> parse_probe(const std::string& probe) {
  auto [config, rest] = parse_entry(probe, "SECONDS");
  double seconds = 0;
  if (!parse_number(rest, seconds) || !(seconds > 0)) throw std::invalid_argument("probe '" + probe + "' has no positive time");
  return {std::move(config), seconds};
}

// A configuration's resources "K=V,K=V@REGISTERS/SHARED_BYTES" as the configuration's name and them.
std::pair<std::string, kernels::BlockResources> parse_resources(const std::string& entry) {
  const auto [config, rest] = parse_entry(entry, "REGISTERS/SHARED_BYTES");
  const auto slash = rest.find('/');
  kernels::BlockResources r;
  if (slash == std::string::npos || !parse_number(rest.substr(0, slash), r.registers_per_thread) ||
      !parse_number(rest.substr(slash + 1), r.shared_bytes) || !(r.registers_per_thread > 0) || !(r.shared_bytes >= 0))
    throw std::invalid_argument("resources '" + entry + "' are not REGISTERS/SHARED_BYTES (registers > 0, bytes >= 0)");
  return {kernels::to_string(config), r};
}

}  // namespace

ProbePool probe_pool(const std::vector<results::Point>& points) {
  ProbePool pool;
  std::set<std::string> space;  // the first size's configurations
  std::set<std::uint64_t> seen;
  for (const auto& p : points) {
    const std::string where = "size " + std::to_string(p.size) + ": ";
    try {
      if (!p.tune_resources.empty())
        for (const auto& entry : split(p.tune_resources, ';')) pool.resources.insert(parse_resources(entry));
    } catch (const std::invalid_argument& e) {
      throw std::invalid_argument(where + e.what());
    }
    if (p.tune_probes.empty() || !seen.insert(p.size).second) continue;
    std::map<std::string, std::pair<kernels::Tunables, double>> probes;  // the last probe of a configuration
    try {
      for (const auto& probe : split(p.tune_probes, ';')) {
        auto parsed = parse_probe(probe);
        probes[kernels::to_string(parsed.first)] = std::move(parsed);
      }
    } catch (const std::invalid_argument& e) {
      throw std::invalid_argument(where + e.what());
    }
    std::set<std::string> here;
    for (const auto& [text, probe] : probes) here.insert(text);
    if (pool.names.empty()) {
      space = here;
      for (const auto& [name, value] : probes.begin()->second.first) pool.names.push_back(name);
      pool.names.push_back("size");
    } else if (here != space) {
      throw std::invalid_argument(where + "probed " + std::to_string(here.size()) + " configurations, not the " +
                                  std::to_string(space.size()) + " of the first size (the replay needs a sweep that "
                                  "probed the whole space at every size: --tune-budget at least the space)");
    }
    for (const auto& [text, probe] : probes) {
      model::Row row;
      for (const auto& [name, value] : probe.first) row.push_back(static_cast<double>(value));
      row.push_back(static_cast<double>(p.size));
      pool.samples.rows.push_back(std::move(row));
      pool.samples.time_s.push_back(probe.second);
      pool.samples.rank.push_back(0);
    }
  }
  if (pool.names.empty()) throw std::invalid_argument("no point holds tuner probes");
  return pool;
}

}  // namespace autobench::modeling
