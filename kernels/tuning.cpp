// Tuning spaces (see tuning.hpp).
#include "kernels/tuning.hpp"

#include <stdexcept>

namespace autobench::kernels {

std::vector<Tunables> product(const std::vector<Axis>& axes) {
  std::vector<Tunables> out{Tunables{}};
  for (const auto& [name, values] : axes) {
    std::vector<Tunables> next;
    next.reserve(out.size() * values.size());
    for (const auto& partial : out) {
      for (std::int64_t v : values) {
        Tunables t = partial;
        t[name] = v;
        next.push_back(std::move(t));
      }
    }
    out = std::move(next);
  }
  return out;
}

std::int64_t tunable(const Tunables& t, const std::string& name) {
  auto it = t.find(name);
  if (it == t.end()) throw std::out_of_range("tunable " + name + " missing from configuration '" + to_string(t) + "'");
  return it->second;
}

std::vector<Tunables> tuning_space(const KernelSpec& kernel, std::uint64_t n) {
  return kernel.tuning_space ? kernel.tuning_space(n) : std::vector<Tunables>{Tunables{}};
}

}  // namespace autobench::kernels
