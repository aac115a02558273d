// What `detect` found on saved curves, as aligned tables or as JSON (structure documented in docs/autoscaling.md).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

#include "detect/analysis.hpp"
#include "detect/safeguards.hpp"

namespace autobench::formatting {

// The campaign of a results file a curve came from.
struct CampaignId {
  int rank = 0;
  std::string kernel;
  std::string detector;  // the detector the campaign ran with
  int repeat = 0;
};

// One curve and what each detector found on it.
struct CurveAnalysis {
  std::optional<CampaignId> campaign;        // results file: its campaign; CSV: none
  std::optional<std::int64_t> recorded_knee; // results file: the knee index the run recorded, when it found one
  std::optional<std::pair<double, double>> recorded_interval;  // and its 95% size interval, when it has one
  std::string x_name, y_name;                // what x and y are (CSV column headers, or dataset names)
  detect::Curve curve;
  detect::Params params;                     // the detector settings used on it
  std::optional<detect::Safeguards> replayed; // set when the sweep was replayed with these safeguards
  std::string error;                         // why the detectors could not run on it ("" when they ran)
  detect::RegimeSplit regimes;               // its L2 hump (results file: from the rank's L2 and the kernel)
  std::vector<detect::Finding> findings;     // one per detector, in the order requested; with a hump one per
                                             // detector and regime (cache, memory), on that regime's sizes
};

struct DetectReport {
  std::string input;    // the file as named on the command line
  std::string kind;     // "csv" or "hdf5"
  std::string backend;  // hdf5: the run's backend ("sim" or "cuda"); csv: ""
  std::vector<CurveAnalysis> curves;
};

nlohmann::json detect_json(const DetectReport& report);
std::string detect_table(const DetectReport& report);

}  // namespace autobench::formatting
