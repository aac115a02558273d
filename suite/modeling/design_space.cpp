// Design spaces of performance models (see design_space.hpp).
#include "suite/modeling/design_space.hpp"

#include <algorithm>
#include <cmath>
#include <stdexcept>

#include "kernels/tuning.hpp"

namespace autobench::modeling {

std::vector<kernels::Tunables> configurations(const kernels::KernelSpec& kernel, std::uint64_t n) {
  return kernels::tuning_space(kernel, n);
}

std::vector<std::string> parameter_names(const DesignSpace& space) {
  std::vector<std::string> names;
  const auto configs = configurations(*space.kernel, space.sizes.at(0));
  for (const auto& [name, value] : configs.front()) names.push_back(name);
  names.push_back("size");
  if (!space.clocks_mhz.empty()) names.push_back("sm_clock_mhz");
  for (auto& n : derived_parameter_names(*space.kernel, space.offered)) names.push_back(std::move(n));
  return names;
}

model::Row to_row(const DesignPoint& p, const DesignSpace& space) {
  model::Row r;
  for (const auto& [name, value] : p.config) r.push_back(static_cast<double>(value));
  r.push_back(static_cast<double>(p.size));
  if (!space.clocks_mhz.empty()) r.push_back(p.clock_mhz);
  for (double v : derived_parameters(*space.kernel, space.offered, p.config, p.size)) r.push_back(v);
  return r;
}

DesignPoint from_row(const model::Row& row, const DesignSpace& space) {
  const auto names = parameter_names(space);
  if (row.size() != names.size())
    throw std::invalid_argument("a point needs " + std::to_string(names.size()) + " values, got " + std::to_string(row.size()));
  DesignPoint p;
  for (std::size_t i = 0; i < names.size(); ++i) {
    if (is_derived_parameter(*space.kernel, names[i])) continue;
    if (!(row[i] >= 0) || row[i] != std::floor(row[i]) || row[i] > 9.0e15)
      throw std::invalid_argument(names[i] + " = " + std::to_string(row[i]) + " is not allowed (a whole number >= 0)");
    if (names[i] == "size")
      p.size = static_cast<std::uint64_t>(row[i]);
    else if (names[i] == "sm_clock_mhz")
      p.clock_mhz = static_cast<unsigned>(row[i]);
    else
      p.config[names[i]] = static_cast<std::int64_t>(row[i]);
  }
  return p;
}

std::vector<std::uint64_t> default_sizes(const kernels::KernelSpec& kernel) {
  std::vector<std::uint64_t> out;
  for (std::uint64_t f : {4, 8, 16, 32, 64}) out.push_back(kernel.round_size(kernel.start_size * f));
  return out;
}

std::size_t space_size(const DesignSpace& space) {
  std::size_t n = 0;
  const std::size_t clocks = std::max<std::size_t>(1, space.clocks_mhz.size());
  for (auto s : space.sizes) n += configurations(*space.kernel, s).size() * clocks;
  return n;
}

std::vector<DesignPoint> sample(const DesignSpace& space, std::size_t count, std::mt19937_64& rng) {
  std::vector<DesignPoint> all;
  const std::vector<unsigned> clocks = space.clocks_mhz.empty() ? std::vector<unsigned>{0} : space.clocks_mhz;
  for (auto s : space.sizes)
    for (const auto& c : configurations(*space.kernel, s))
      for (unsigned f : clocks) all.push_back({c, s, f});
  if (count > all.size())
    throw std::invalid_argument(std::to_string(count) + " samples requested but the space has only " +
                                std::to_string(all.size()) + " points");
  for (std::size_t i = 0; i < count; ++i) {  // partial Fisher–Yates: the first `count` are a uniform sample
    std::uniform_int_distribution<std::size_t> pick(i, all.size() - 1);
    std::swap(all[i], all[pick(rng)]);
  }
  all.resize(count);
  return all;
}

}  // namespace autobench::modeling
