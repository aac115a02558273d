// The kernel catalogue: name -> KernelSpec, filled by the static Registration in each kernels/<name>/.
#include <algorithm>
#include <bit>
#include <stdexcept>

#include "kernels/kernel.hpp"

namespace autobench::kernels {
namespace {

// Sorted by name. Filled during static initialisation only, so references into it stay valid.
std::vector<KernelSpec>& table() {
  static std::vector<KernelSpec> t;
  return t;
}

}  // namespace

Registration::Registration(KernelSpec spec) {
  if (spec.name.empty() || !spec.work || !spec.threads || !spec.buffers || !spec.launch || !spec.check)
    throw std::logic_error("kernel '" + spec.name + "' registers an incomplete definition");
  auto& t = table();
  auto at = std::lower_bound(t.begin(), t.end(), spec.name, [](const KernelSpec& k, const std::string& n) { return k.name < n; });
  if (at != t.end() && at->name == spec.name) throw std::logic_error("kernel '" + spec.name + "' registered twice");
  t.insert(at, std::move(spec));
}

const char* to_string(Bound b) {
  switch (b) {
    case Bound::bandwidth: return "bandwidth";
    case Bound::compute: return "compute";
    case Bound::bandwidth_sync: return "bandwidth+sync";
    case Bound::irregular: return "irregular";
    case Bound::contention: return "contention";
    case Bound::latency: return "latency";
  }
  return "?";
}

std::string to_string(const Tunables& t) {
  std::string s;
  for (const auto& [k, v] : t) s += (s.empty() ? "" : ",") + k + "=" + std::to_string(v);
  return s;
}

Arg Arg::f32(float v) { return {Kind::f32, std::bit_cast<std::uint32_t>(v)}; }

double KernelSpec::elements(std::uint64_t n) const {
  double words = 0;
  for (const Buffer& b : buffers(n)) words += static_cast<double>(b.words);
  return words;
}

bool KernelSpec::fits_in(std::uint64_t n, double bytes) const {
  const std::uint64_t step = granularity ? granularity : 1;
  for (std::uint64_t m = step; m < n; m = m > (n >> 1) ? n : 2 * m)
    if (4.0 * elements(m) > bytes) return false;
  return 4.0 * elements(n) <= bytes;
}

const std::vector<KernelSpec>& all() { return table(); }

const KernelSpec* find(const std::string& name) {
  const auto& s = all();
  auto it = std::find_if(s.begin(), s.end(), [&](const KernelSpec& k) { return k.name == name; });
  return it == s.end() ? nullptr : &*it;
}

std::vector<std::string> names() {
  std::vector<std::string> out;
  for (const auto& k : all()) out.push_back(k.name);
  return out;
}

}  // namespace autobench::kernels
