// The HDF5 results reader (see result_reader.hpp and the schema in docs/output.md).
#include "suite/result_file/result_reader.hpp"

#include <algorithm>
#include <map>
#include <optional>
#include <stdexcept>

#include "suite/hdf5/hdf5_fields.hpp"
#include "suite/results/result_file.hpp"
#include "suite/results/knee.hpp"
#include "suite/results/consensus_fields.hpp"
#include "suite/results/stability_fields.hpp"
#include "suite/stats/consensus.hpp"
#include "suite/stats/regime_knees.hpp"
#include "suite/stats/stability.hpp"

namespace autobench::result_file {
namespace {

// The file's schema version: one this build reads (kOldestSchemaVersion .. kSchemaVersion).
std::int64_t check_schema(const hdf5::H5File& file) {
  if (!file.has_attribute("schema_version")) {
    throw std::runtime_error(file.file_name() + " is not an autobench results file (no schema_version attribute)");
  }
  const auto version = file.read_attribute<std::int64_t>("schema_version");
  if (version < results::kOldestSchemaVersion || version > results::kSchemaVersion) {
    throw std::runtime_error(file.file_name() + " has schema version " + std::to_string(version) +
                             "; this autobench-mpi reads versions " + std::to_string(results::kOldestSchemaVersion) +
                             " to " + std::to_string(results::kSchemaVersion));
  }
  return version;
}

results::RunInfo read_info(const hdf5::H5File& file) {
  results::RunInfo info;
  hdf5::read_attributes(file, info, results::kRunFields);
  const auto status = file.read_attribute<std::string>("status");
  if (status != "complete" && status != "incomplete") {
    throw std::runtime_error(file.file_name() + ": root attribute status is '" + status +
                             "' (expected complete or incomplete)");
  }
  info.complete = status == "complete";
  return info;
}

results::RankResult read_device(const hdf5::H5Group& g) {
  results::RankResult rank;
  hdf5::read_attribute_into(g, "rank", rank.rank);
  hdf5::read_attributes(g, rank.device, results::kDeviceFields);
  rank.start_error = g.read_attribute<std::string>("start_error");
  if (g.has_attribute("error")) rank.error = g.read_attribute<std::string>("error");  // absent in earlier files
  return rank;
}

// Points stored as columns with their launch times: a sweep (schema 2) or a campaign (schema 1).
std::vector<results::Point> read_points(const hdf5::H5Group& g) {
  const auto points = g.read_attribute<std::int64_t>("points");
  if (points < 0) throw std::runtime_error(g.file_name() + ": " + g.path() + " has a negative point count");
  auto out = hdf5::read_columns<results::Point>(g, static_cast<std::size_t>(points), results::kPointFields);
  hdf5::read_present_columns(g, out, results::kPointAddedFields);
  const auto counts = g.read_dataset<std::int64_t>("launch_counts");
  const auto launches = g.read_dataset<float>("launch_times_s");
  std::int64_t total = 0;
  bool negative = false;
  for (auto n : counts) total += n, negative = negative || n < 0;
  if (negative || counts.size() != out.size() || total != static_cast<std::int64_t>(launches.size()))
    throw std::runtime_error(g.file_name() + ": " + g.path() + "/launch_counts does not match its points and " +
                             std::to_string(launches.size()) + " launch times");
  auto at = launches.begin();
  for (std::size_t i = 0; i < counts.size(); ++i) {
    out[i].launch_times_s.assign(at, at + counts[i]);
    at += counts[i];
  }
  return out;
}

// The group at an absolute path ("/sweeps/rank0/vecadd_repeat0").
hdf5::H5Group open_at(const hdf5::H5File& file, const std::string& path) {
  std::optional<hdf5::H5Group> g;
  std::size_t begin = path.rfind('/', 0) == 0 ? 1 : std::string::npos;
  if (begin == std::string::npos) throw std::runtime_error(file.file_name() + ": '" + path + "' is not an absolute path");
  while (begin <= path.size()) {
    const std::size_t end = std::min(path.find('/', begin), path.size());
    const std::string name = path.substr(begin, end - begin);
    g.emplace(g ? g->open_group(name) : file.open_group(name));
    begin = end + 1;
  }
  if (!g) throw std::runtime_error(file.file_name() + ": '" + path + "' names no group");
  return std::move(*g);
}

// Each sweep's points, read once however many campaigns refer to it.
using SweepCache = std::map<std::string, std::vector<results::Point>>;

// Schema 2: the campaign's points are its sweep's (attribute sweep) at point_index (absent: the sweep's
// first ones), with the columns the campaign stores itself in place of the sweep's.
std::vector<results::Point> points_of_sweep(const hdf5::H5File& file, const hdf5::H5Group& g, SweepCache& sweeps) {
  const auto path = g.read_attribute<std::string>("sweep");
  auto cached = sweeps.find(path);
  if (cached == sweeps.end()) cached = sweeps.emplace(path, read_points(open_at(file, path))).first;
  const std::vector<results::Point>& sweep = cached->second;
  const auto count = g.read_attribute<std::int64_t>("points");
  std::vector<std::int64_t> index;
  if (g.has_dataset("point_index")) {
    index = g.read_dataset<std::int64_t>("point_index");
  } else {
    for (std::int64_t i = 0; i < count; ++i) index.push_back(i);
  }
  if (count < 0 || index.size() != static_cast<std::size_t>(count))
    throw std::runtime_error(g.file_name() + ": " + g.path() + " has " + std::to_string(count) + " points but " +
                             std::to_string(index.size()) + " indices into its sweep");
  std::vector<results::Point> points;
  for (const auto i : index) {
    if (i < 0 || static_cast<std::size_t>(i) >= sweep.size())
      throw std::runtime_error(g.file_name() + ": " + g.path() + "/point_index has " + std::to_string(i) +
                               ", outside the " + std::to_string(sweep.size()) + " points of " + path);
    points.push_back(sweep[static_cast<std::size_t>(i)]);
  }
  hdf5::read_present_columns(g, points, results::kPointFields);
  hdf5::read_present_columns(g, points, results::kPointAddedFields);
  return points;
}

// `regimes_stored` turns false for a campaign written before the L2 regimes.
results::Campaign read_campaign(const hdf5::H5File& file, const hdf5::H5Group& g, std::int64_t version,
                                SweepCache& sweeps, bool& regimes_stored) {
  results::Campaign c;
  hdf5::read_attributes(g, c, results::kCampaignFields);
  regimes_stored = hdf5::read_present_attributes(g, c, results::kCampaignAddedFields) && regimes_stored;
  c.points = version >= 2 ? points_of_sweep(file, g, sweeps) : read_points(g);
  if (c.knee_detected && !results::has_knee_point(c))
    throw std::runtime_error(g.file_name() + ": " + g.path() + " has knee_index " + std::to_string(c.knee_index) +
                             " outside its " + std::to_string(c.points.size()) + " points");
  return c;
}

results::RankResult& rank_of(std::vector<results::RankResult>& ranks, const hdf5::H5Group& g, int rank) {
  for (auto& r : ranks) {
    if (r.rank == rank) return r;
  }
  throw std::runtime_error(g.file_name() + ": " + g.path() + " belongs to rank " + std::to_string(rank) +
                           ", which has no /devices entry");
}

// Calls f(group, names) for every group at the given depth below g (1: its children), with the
// names of the groups on the way down to it.
template <class F>
void for_each_group_at(const hdf5::H5Group& g, int depth, F&& f, std::vector<std::string> names = {}) {
  for (const auto& name : g.child_groups()) {
    names.push_back(name);
    const auto child = g.open_group(name);
    if (depth == 1) {
      f(child, names);
    } else {
      for_each_group_at(child, depth - 1, f, names);
    }
    names.pop_back();
  }
}

}  // namespace

results::ResultFile read_results(const std::string& path) {
  const auto file = hdf5::H5File::open(path);
  const std::int64_t version = check_schema(file);
  results::ResultFile out;
  out.schema_version = version;
  out.info = read_info(file);
  out.settings_json = file.read_attribute<std::string>("settings");
  using Names = std::vector<std::string>;
  for_each_group_at(file.open_group("devices"), 1,
                    [&](const hdf5::H5Group& g, const Names&) { out.ranks.push_back(read_device(g)); });
  // /campaigns/<kernel>/<detector>/rank<R>/repeat<K>
  SweepCache sweeps;
  bool regimes_stored = true;
  for_each_group_at(file.open_group("campaigns"), 4, [&](const hdf5::H5Group& g, const Names&) {
    auto c = read_campaign(file, g, version, sweeps, regimes_stored);
    rank_of(out.ranks, g, c.rank).campaigns.push_back(std::move(c));
  });
  if (!regimes_stored) stats::assign_regimes(out.ranks);  // a file from before the L2 regimes
  // /time_split: one entry per rank (absent in files from before the split)
  if (file.has_group("time_split")) {
    const auto g = file.open_group("time_split");
    out.time_splits = hdf5::read_columns<results::RankTimeSplit>(g, g.read_dataset<std::int64_t>("rank").size(),
                                                                  results::kTimeSplitFields);
  }
  // /stability/<kernel>/<detector>; files written before knee status counted every campaign's knee, edges
  // and misses too: their stability is computed again from the campaigns.
  bool knee_status = true;
  for_each_group_at(file.open_group("stability"), 2, [&](const hdf5::H5Group& g, const Names& names) {
    const auto count = g.read_dataset<std::string>("scope").size();
    auto rows = hdf5::read_columns<results::StabilityRow>(g, count, results::kStabilityColumns);
    knee_status = knee_status && g.has_dataset("knees_found");
    hdf5::read_present_columns(g, rows, results::kStabilityKneeColumns);
    for (auto& row : rows) {
      row.kernel = names[0];
      row.detector = names[1];
      out.stability.push_back(std::move(row));
    }
  });
  if (!knee_status) out.stability = stats::stability_of_complete(out.ranks);
  // /consensus/<kernel>; absent in files written before it, or without regimes (files written before the
  // L2 regimes took consensus over both regimes at once): computed from the campaigns.
  if (!file.has_group("consensus") || !regimes_stored) {
    out.consensus = stats::consensus_of_complete(out.ranks);
    return out;
  }
  for_each_group_at(file.open_group("consensus"), 1, [&](const hdf5::H5Group& g, const Names& names) {
    const auto count = g.read_dataset<std::string>("scope").size();
    auto rows = hdf5::read_columns<results::ConsensusRow>(g, count, results::kConsensusColumns);
    hdf5::read_columns_into(g, rows, results::kConsensusRegimeColumns, false);
    for (auto& row : rows) {
      row.kernel = names[0];
      out.consensus.push_back(std::move(row));
    }
  });
  return out;
}

}  // namespace autobench::result_file
