// Where one rank's wall time went, by phase of the run: plain data that the run fills
// (suite/control/phase_timer.hpp), the MPI gather carries, the results file stores (/time_split) and
// `report` and the end of a run show. Seconds are the rank's main thread's, each counted once: a
// phase inside another (a compile inside a verification) is taken out of the outer one.
#pragma once

#include <cstdint>
#include <tuple>

#include "record/fields.hpp"

namespace autobench::results {

struct RankTimeSplit {
  std::int64_t rank = -1;         // -1: no split recorded (files and journals from before splits)
  std::int64_t cores = 0;         // host threads the rank's CPU-side work may use (backend::usable_cores)
  double wall_s = 0;              // from the run's start to the end of the rank's part of the gather
  double gpu_timing_s = 0;        // timed launches and the tuner's probes (the device's time calls)
  double input_init_s = 0;        // preparing a size: allocation and input initialisation
  double verification_s = 0;      // checking configurations against the CPU reference
  double detection_s = 0;         // knee detectors on the growing curve, knee relocation and quality
  double bootstrap_s = 0;         // the knee's bootstrap interval
  double power_s = 0;             // power windows and corrections
  double compilation_s = 0;       // compiling kernels (NVRTC with the cuda backend)
  double gather_s = 0;            // sending results to rank 0 (rank 0: waiting for every rank's)
  double write_s = 0;             // rank 0: reading the gathered results and building the file
  // What no phase covers: wall_s minus the phases (start-up, journals, progress, idle waits).
  double other_s() const {
    return wall_s - (gpu_timing_s + input_init_s + verification_s + detection_s + bootstrap_s + power_s +
                     compilation_s + gather_s + write_s);
  }
};

// The phases in the order tables show them (names as stored: a /time_split dataset each).
inline constexpr auto kTimePhaseFields = std::make_tuple(
    record::field("gpu_timing_s", &RankTimeSplit::gpu_timing_s), record::field("input_init_s", &RankTimeSplit::input_init_s),
    record::field("verification_s", &RankTimeSplit::verification_s), record::field("detection_s", &RankTimeSplit::detection_s),
    record::field("bootstrap_s", &RankTimeSplit::bootstrap_s), record::field("power_s", &RankTimeSplit::power_s),
    record::field("compilation_s", &RankTimeSplit::compilation_s), record::field("gather_s", &RankTimeSplit::gather_s),
    record::field("write_s", &RankTimeSplit::write_s));

// Every stored field: the rank, its cores and wall time, then the phases.
inline constexpr auto kTimeSplitFields = std::tuple_cat(
    std::make_tuple(record::field("rank", &RankTimeSplit::rank), record::field("cores", &RankTimeSplit::cores),
                    record::field("wall_s", &RankTimeSplit::wall_s)),
    kTimePhaseFields);

}  // namespace autobench::results
