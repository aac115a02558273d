// Checking a kernel's read-back output against its CPU reference on the host: which elements are read
// back (SamplePositions), the mismatches found (Mismatches), and the comparison on every core with the
// reference kept for the next configuration at the same size (ReferenceCache). Pure logic: no CUDA.
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <string>

#include "kernels/kernel.hpp"

namespace autobench::backend {

// The elements of an n-element output that a check reads back, in read-back order: all of them when
// n <= max_samples, else `spread` elements 0, stride, 2 stride, ... (about max_samples / 2, the stride
// odd so that it walks through every row of a power-of-two-wide matrix) and then the last `tail`.
struct SamplePositions {
  std::uint64_t n = 0, stride = 1, spread = 0, tail = 0;
  std::uint64_t count() const { return spread + tail; }
  std::uint64_t index(std::uint64_t i) const { return i < spread ? i * stride : n - tail + (i - spread); }
};
SamplePositions sample_positions(std::uint64_t n, std::uint64_t max_samples);

// What a comparison found: how many elements it checked, how many differ, and the first that does.
struct Mismatches {
  std::uint64_t checked = 0, wrong = 0;
  std::uint64_t first_index = 0;
  double first_got = 0, first_expected = 0, first_tolerance = 0;
  void add(std::uint64_t index, double got, double expected, double tolerance);
  // Appends the mismatches of elements checked after these (the first one stays the earliest).
  void append(const Mismatches& later);
  // "k of s checked elements differ from the CPU reference; first at index i: got x, expected y
  // (tolerance t)", or "" when none differ.
  std::string message() const;
};

// The CPU reference values of the sampled elements, per check key, size and sample count (the positions
// depend only on those). A workload of the autoscaler verifies every configuration of its tuning space
// at one size, so the reference is kept from the second comparison at a key on; a dataset's workload
// verifies one configuration, so its first comparison neither allocates nor stores anything.
class ReferenceCache {
 public:
  // Compares words[i], element at.index(i) of the output read as `type`, with check's reference, on
  // every core, computing the reference in the same pass unless it is kept.
  Mismatches compare(const kernels::Check& check, const SamplePositions& at, const std::uint32_t* words,
                     kernels::Element type);

 private:
  struct Reference {
    bool seen = false;                        // compared once at this key
    std::unique_ptr<double[]> value, tolerance;  // kept from the second comparison on
  };
  std::map<std::string, Reference> cache_;
};

}  // namespace autobench::backend
