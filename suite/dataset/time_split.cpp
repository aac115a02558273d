// Per-kernel step seconds of a dataset (see time_split.hpp).
#include "suite/dataset/time_split.hpp"

#include <map>

#include <fmt/format.h>

#include "suite/formatting/text_table.hpp"

namespace autobench::dataset {

std::vector<KernelSteps> time_split(const std::vector<Sample>& samples) {
  std::map<std::string, KernelSteps> by_kernel;
  for (const auto& s : samples) {
    if (!s.measured()) continue;
    KernelSteps& k = by_kernel[s.config.kernel];
    k.kernel = s.config.kernel;
    ++k.configurations;
    k.seconds += s.steps;
  }
  std::vector<KernelSteps> out;
  for (auto& [name, k] : by_kernel) out.push_back(std::move(k));
  return out;
}

std::string time_split_table(const std::vector<KernelSteps>& split) {
  if (split.empty()) return "";
  using Align = formatting::TextTable::Align;
  formatting::TextTable table({{"kernel", Align::left},
                               {"configurations", Align::right},
                               {"prepare_s", Align::right},
                               {"verify_s", Align::right},
                               {"time_s", Align::right},
                               {"destroy_s", Align::right},
                               {"total_s", Align::right},
                               {"ms_each", Align::right}});
  auto row = [&](const std::string& name, std::uint64_t count, const StepSeconds& t) {
    const double each_ms = count ? 1e3 * t.total_s() / static_cast<double>(count) : 0.0;
    table.add_row({name, std::to_string(count), fmt::format("{:.3f}", t.prepare_s), fmt::format("{:.3f}", t.verify_s),
                   fmt::format("{:.3f}", t.time_s), fmt::format("{:.3f}", t.destroy_s), fmt::format("{:.3f}", t.total_s()),
                   fmt::format("{:.2f}", each_ms)});
  };
  KernelSteps all{"all", 0, {}};
  for (const auto& k : split) {
    row(k.kernel, k.configurations, k.seconds);
    all.configurations += k.configurations;
    all.seconds += k.seconds;
  }
  row(all.kernel, all.configurations, all.seconds);
  const StepSeconds& t = all.seconds;
  auto share = [&](double part) { return t.total_s() > 0 ? fmt::format("{:.1f}%", 100.0 * part / t.total_s()) : "-"; };
  table.add_row({"share", "", share(t.prepare_s), share(t.verify_s), share(t.time_s), share(t.destroy_s),
                 share(t.total_s()), ""});
  return table.str();
}

}  // namespace autobench::dataset
