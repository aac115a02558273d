// The one line per rank that could not start or failed, as the end of a run, `merge` and `report` print it.
#pragma once

#include <string>
#include <vector>

#include "suite/results/results.hpp"

namespace autobench::formatting {

// "rank 2 (node2) could not start: <start_error>" and "rank 1 (node1) failed: <error>", in rank order
// (the host is left out when unknown, e.g. a rank without a journal); none when every rank went well.
std::vector<std::string> rank_failures(const std::vector<results::RankResult>& ranks);

}  // namespace autobench::formatting
