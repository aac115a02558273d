// A rank's results as it sends them to rank 0: each sweep's points once, and the campaigns without
// points, each referring to its sweep (where its points lie in it, and only the point fields in which it
// differs from the sweep's, e.g. its own power correction). The message does not grow with the
// detectors that ran on a sweep beyond their own results. Pure logic over the results model.
#pragma once

#include <string>

#include "suite/results/results.hpp"

namespace autobench::writing {

// The message for one rank's results: JSON's data model in CBOR (RFC 8949), binary and about half the size
// of JSON text, with numbers that rank 0 reads without parsing decimal text.
std::string pack_rank(const results::RankResult& rank);

// The rank's results again, equal field by field (launch times included) to those packed. Throws
// std::runtime_error for a message that is not one (naming what is wrong).
results::RankResult unpack_rank(const std::string& message);

}  // namespace autobench::writing
