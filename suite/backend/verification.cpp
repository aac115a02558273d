// Host-side verification (see verification.hpp).
#include "suite/backend/verification.hpp"

#include <algorithm>
#include <bit>
#include <cmath>
#include <sstream>
#include <vector>

#include "suite/backend/parallel_for.hpp"

namespace autobench::backend {

SamplePositions sample_positions(std::uint64_t n, std::uint64_t max_samples) {
  if (n <= max_samples) return {n, 1, n, 0};
  const std::uint64_t half = std::max<std::uint64_t>(max_samples / 2, 1);
  const std::uint64_t stride = (n / half) | 1;
  return {n, stride, (n + stride - 1) / stride, half};
}

void Mismatches::add(std::uint64_t index, double got, double expected, double tolerance) {
  ++checked;
  if (std::fabs(got - expected) <= tolerance) return;  // false for NaN: a NaN is always wrong
  if (wrong++ == 0) {
    first_index = index;
    first_got = got;
    first_expected = expected;
    first_tolerance = tolerance;
  }
}

void Mismatches::append(const Mismatches& later) {
  if (wrong == 0 && later.wrong > 0) {
    first_index = later.first_index;
    first_got = later.first_got;
    first_expected = later.first_expected;
    first_tolerance = later.first_tolerance;
  }
  checked += later.checked;
  wrong += later.wrong;
}

std::string Mismatches::message() const {
  if (wrong == 0) return "";
  std::ostringstream s;
  s.precision(9);
  s << wrong << " of " << checked << " checked elements differ from the CPU reference; first at index " << first_index
    << ": got " << first_got << ", expected " << first_expected << " (tolerance " << first_tolerance << ")";
  return s.str();
}

Mismatches ReferenceCache::compare(const kernels::Check& check, const SamplePositions& at, const std::uint32_t* words,
                                   kernels::Element type) {
  const std::uint64_t count = at.count();
  Reference& ref = cache_[check.key + "|" + std::to_string(at.n) + "|" + std::to_string(count)];
  const double* kept_value = ref.value.get();
  const double* kept_tolerance = ref.tolerance.get();
  // Uninitialised: the pass below writes every entry, on every core, page faults included.
  std::unique_ptr<double[]> value, tolerance;
  if (!kept_value && ref.seen) {
    value = std::make_unique_for_overwrite<double[]>(count);
    tolerance = std::make_unique_for_overwrite<double[]>(count);
  }
  auto got = [type](std::uint32_t word) {
    return type == kernels::Element::u32 ? static_cast<double>(word) : static_cast<double>(std::bit_cast<float>(word));
  };
  // About 256 chunks: a few thousand costly elements (fp32's 4096-FMA chains) spread as well as millions.
  const std::uint64_t grain = std::max<std::uint64_t>(16, count / 256);
  const std::uint64_t chunks = (count + grain - 1) / grain;
  std::vector<Mismatches> found(chunks);
  parallel_for(chunks, 1, [&](std::size_t c) {
    const std::uint64_t end = std::min(count, (c + 1) * grain);
    for (std::uint64_t i = c * grain; i < end; ++i) {
      const std::uint64_t index = at.index(i);
      kernels::Expected e;
      if (kept_value) {
        e = {kept_value[i], kept_tolerance[i]};
      } else {
        e = check.expected(index);
        if (value) value[i] = e.value, tolerance[i] = e.tolerance;
      }
      found[c].add(index, got(words[i]), e.value, e.tolerance);
    }
  });
  ref.seen = true;
  if (value) ref.value = std::move(value), ref.tolerance = std::move(tolerance);
  Mismatches all;
  for (const auto& m : found) all.append(m);
  return all;
}

}  // namespace autobench::backend
