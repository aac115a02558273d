// The report's throttled points: per kernel how many of its measured points were throttled, and with
// details which (rank, repeat, size, reason); nothing when no point was.
#pragma once

#include <optional>

#include "suite/formatting/text_document.hpp"
#include "suite/results/result_file.hpp"

namespace autobench::formatting {

// "Throttled points" with one entry per kernel that has any: "fp32: 1 of 57 points" and, with `details`,
// "rank 0 repeat 0 size 4096 (sw_thermal_slowdown)" for each. A sweep's points are counted once, however
// many detectors ran on it. nullopt when no point of the file is throttled.
std::optional<TextSection> throttled_section(const results::ResultFile& file, bool details);

}  // namespace autobench::formatting
