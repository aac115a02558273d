// A recorded sweep's tuner probes as measured points (see recorded_probes.hpp).
#include "suite/modeling/recorded_probes.hpp"

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

// "K=V,K=V@SECONDS" as a configuration and its time; throws std::invalid_argument (what, without the size).
std::pair<kernels::Tunables, double> parse_probe(const std::string& probe) {
  const auto at = probe.rfind('@');
  if (at == std::string::npos) throw std::invalid_argument("probe '" + probe + "' has no @SECONDS");
  kernels::Tunables config;
  for (const auto& assignment : split(probe.substr(0, at), ',')) {
    const auto eq = assignment.find('=');
    std::size_t used = 0;
    if (eq == std::string::npos) throw std::invalid_argument("probe '" + probe + "' is not NAME=VALUE,...@SECONDS");
    try {
      config[assignment.substr(0, eq)] = std::stoll(assignment.substr(eq + 1), &used);
    } catch (const std::logic_error&) {
      used = 0;
    }
    if (used == 0 || used != assignment.size() - eq - 1)
      throw std::invalid_argument("probe '" + probe + "' has a value that is not an integer");
  }
  double seconds = 0;
  std::size_t used = 0;
  try {
    seconds = std::stod(probe.substr(at + 1), &used);
  } catch (const std::logic_error&) {
    used = 0;
  }
  if (used == 0 || used != probe.size() - at - 1 || !(seconds > 0))
    throw std::invalid_argument("probe '" + probe + "' has no positive time");
  return {std::move(config), seconds};
}

}  // namespace

ProbePool probe_pool(const std::vector<results::Point>& points) {
  ProbePool pool;
  std::set<std::string> space;  // the first size's configurations
  std::set<std::uint64_t> seen;
  for (const auto& p : points) {
    if (p.tune_probes.empty() || !seen.insert(p.size).second) continue;
    const std::string where = "size " + std::to_string(p.size) + ": ";
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
