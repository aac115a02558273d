// A rank's summary as it sends it to rank 0 once its part is written (a run written in parts): its device
// and errors, each campaign without points, its GPU-health evidence and its sweeps' consensus rows, as
// columns (each field named once) in CBOR, deflated: tens of bytes per campaign, never the points.
#pragma once

#include <string>

#include "suite/result_file/rank_summary.hpp"

namespace autobench::writing {

std::string pack_summary(const result_file::RankSummary& summary);

// The summary again, equal field by field; throws std::runtime_error for a message that is not one.
result_file::RankSummary unpack_summary(const std::string& message);

}  // namespace autobench::writing
