// Lookup of one embedded kernel source (the map itself is generated at build time).
#include "suite/backend/cuda/kernel_sources.hpp"

#include "suite/backend/device.hpp"

namespace autobench::backend::cuda {

std::string_view kernel_source(const std::string& name) {
  const auto& sources = kernel_sources();
  auto it = sources.find(name);
  if (it != sources.end()) return it->second;
  std::string known;
  for (const auto& [n, text] : sources) known += (known.empty() ? "" : ", ") + n;
  throw DeviceError("no embedded kernel source '" + name + "' (embedded: " + known + ")");
}

}  // namespace autobench::backend::cuda
