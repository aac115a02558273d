// Device models compared per (kernel, detector) across one or several result files: knee size, peak
// throughput and energy efficiency per model, and their ratios to a baseline model (pure logic).
#pragma once

#include <string>
#include <vector>

#include "suite/results/result_file.hpp"

namespace autobench::stats {

// A result file as read, with the path it was read from.
struct NamedResultFile {
  std::string path;
  results::ResultFile file;
};

// Where a compared file came from.
struct Provenance {
  std::string path, start_time, backend, git_commit;
  std::vector<std::string> hostnames;  // of its devices, sorted, without repeats
};

// One figure of one model: the median over the model's campaigns, and its ratio to the baseline model.
struct ModelFigure {
  double median = results::kNaN;      // NaN when no campaign has the figure (e.g. no energy measured)
  double ratio = results::kNaN;       // median / the baseline's median (NaN: no baseline here)
  double ratio_min = results::kNaN;   // the smallest and largest ratio of one of the model's campaigns
  double ratio_max = results::kNaN;   // to one of the baseline's (the spread of the ratio)
};

struct ModelRow {
  std::string model;  // model label (see compare_figures.hpp)
  int campaigns = 0;
  int knees_found = 0;  // campaigns whose knee was found: the knee size figures are over these only
  int files = 0;      // files that contributed campaigns
  ModelFigure knee_size, peak_throughput, energy_efficiency;
};

// The models of one (kernel, detector), in alphabetical order. Detector "consensus" compares the sweeps'
// consensus knees (campaign_figures).
struct KernelComparison {
  std::string kernel, detector, metric_unit;
  std::string baseline;  // the model the ratios are relative to ("" when it has no campaigns here)
  std::vector<ModelRow> models;
};

struct Comparison {
  std::vector<Provenance> files;          // in the order given
  std::vector<KernelComparison> kernels;  // ordered by kernel, then "consensus" first, then detector
};

// Compares the finished campaigns (see campaign_figures) of the files. `baseline` names a model (with
// or without "sim: "); "" takes each (kernel, detector)'s first model alphabetically. Throws
// std::invalid_argument naming an unknown baseline and the models the files hold.
Comparison compare_models(const std::vector<NamedResultFile>& files, const std::string& baseline);

}  // namespace autobench::stats
