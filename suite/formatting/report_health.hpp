// GPU health as people and programs read it: the report's first section (one line per GPU, worst first),
// its per-kernel deficits, the `gpu_health` JSON member, and the lines that end a run
// (verdicts from suite/stats/gpu_health.hpp).
#pragma once

#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "suite/formatting/text_document.hpp"
#include "suite/stats/gpu_health.hpp"

namespace autobench::formatting {

// From this many GPUs on, the health section shows one line per GPU that is not healthy and one line for
// all the healthy ones.
inline constexpr std::size_t kHealthSummaryFrom = 64;
// No line of the health section is wider than this.
inline constexpr std::size_t kHealthWidth = 120;

// "GPU health: 1 throttling, 3 healthy (deficits against ...)" with one row per GPU (rank, host, pci_bus,
// verdict, why), worst first; from kHealthSummaryFrom GPUs on, rows only for GPUs that are not healthy and
// the healthy ones in the list, as one line.
TextSection health_section(const std::vector<stats::GpuVerdict>& verdicts);

// One row per GPU that is not healthy and kernel (plateau, reference, deficit and its interval over
// sweeps); nullopt when every GPU is healthy or has no deficit.
std::optional<TextSection> health_kernels_section(const std::vector<stats::GpuVerdict>& verdicts);

// The `gpu_health` list (docs/output.md): one object per GPU, worst first.
nlohmann::json gpu_health_json(const std::vector<stats::GpuVerdict>& verdicts);

// The `outliers` member of earlier versions, kept for scripts that read it (docs/output.md: keys are not
// removed), now from the verdicts: {"models": ["MODEL (N ranks)"], "flags": [{rank, hostname, pci_bus_id,
// uuid, model, kernel, detector: "" (a sweep serves every detector), metric: "plateau", value, median
// (the reference), deviation (-deficit), limit (the rule's min_deficit), ranks}]} for each short kernel.
nlohmann::json outliers_json(const std::vector<stats::GpuVerdict>& verdicts);

// "GPU health: rank 3 (node12, 0000:09:00.0) throttling: ..." for each GPU that is slow, throttling or
// faulty (an unknown verdict, e.g. of a lone GPU, is the report's to say, not every run's last line).
std::vector<std::string> health_lines(const std::vector<stats::GpuVerdict>& verdicts);

// The health gate's line when a GPU's verdict is at least `worst`: "--fail-on slow: ranks 1-2 of 4 GPUs are
// slow or worse: rank 1 (node1, 0000:09:00.0) throttling, rank 2 (...) slow"; "" when none is.
std::string gate_failure(const std::vector<stats::GpuVerdict>& verdicts, stats::Health worst);

// "ranks 0-5, 7, 9-11" for sorted, distinct ranks.
std::string rank_ranges(std::vector<int> ranks);

}  // namespace autobench::formatting
