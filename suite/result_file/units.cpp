// Units of the per-point columns (see units.hpp).
#include "suite/result_file/units.hpp"

#include <array>
#include <utility>

namespace autobench::result_file {
namespace {

bool ends_with(std::string_view s, std::string_view suffix) {
  return s.size() > suffix.size() && s.substr(s.size() - suffix.size()) == suffix;
}

}  // namespace

std::string point_column_unit(std::string_view column, std::string_view metric_unit) {
  for (const auto text : {"tunables", "power_reason", "tune_probes", "tune_resources", "throttle_reason"}) {
    if (column == text) return "";
  }
  if (column == "throughput") return std::string(metric_unit);
  if (column.starts_with("efficiency")) {  // work per joule: "GB/s" -> "GB/J"
    const auto work = metric_unit.substr(0, metric_unit.find('/'));
    return std::string(work) + "/J";
  }
  constexpr std::array<std::pair<std::string_view, std::string_view>, 5> kSuffixes{
      {{"_s", "s"}, {"_w", "W"}, {"_j", "J"}, {"_mhz", "MHz"}, {"_c", "degC"}}};
  for (const auto& [suffix, unit] : kSuffixes) {
    if (ends_with(column, suffix)) return std::string(unit);
  }
  return "1";
}

}  // namespace autobench::result_file
