// The HDF5 results reader (see hdf5_reader.hpp and the schema in README.md).
#include "suite/reading/hdf5_reader.hpp"

#include <stdexcept>

#include "suite/hdf5/hdf5_fields.hpp"
#include "suite/results/result_file.hpp"
#include "suite/results/knee.hpp"
#include "suite/stats/consensus_fields.hpp"
#include "suite/stats/stability_fields.hpp"

namespace autobench::reading {
namespace {

void check_schema(const hdf5::H5File& file) {
  if (!file.has_attribute("schema_version")) {
    throw std::runtime_error(file.file_name() + " is not an autobench results file (no schema_version attribute)");
  }
  const auto version = file.read_attribute<std::int64_t>("schema_version");
  if (version != results::kSchemaVersion) {
    throw std::runtime_error(file.file_name() + " has schema version " + std::to_string(version) +
                             "; this autobench-mpi reads version " + std::to_string(results::kSchemaVersion));
  }
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

results::Campaign read_campaign(const hdf5::H5Group& g) {
  results::Campaign c;
  hdf5::read_attributes(g, c, results::kCampaignFields);
  const auto points = g.read_attribute<std::int64_t>("points");
  if (points < 0) throw std::runtime_error(g.file_name() + ": " + g.path() + " has a negative point count");
  c.points = hdf5::read_columns<results::Point>(g, static_cast<std::size_t>(points), results::kPointFields);
  hdf5::read_present_columns(g, c.points, results::kPointAddedFields);
  const auto counts = g.read_dataset<std::int64_t>("launch_counts");
  const auto launches = g.read_dataset<float>("launch_times_s");
  std::int64_t total = 0;
  bool negative = false;
  for (auto n : counts) total += n, negative = negative || n < 0;
  if (negative || counts.size() != c.points.size() || total != static_cast<std::int64_t>(launches.size()))
    throw std::runtime_error(g.file_name() + ": " + g.path() + "/launch_counts does not match its points and " +
                             std::to_string(launches.size()) + " launch times");
  auto at = launches.begin();
  for (std::size_t i = 0; i < counts.size(); ++i) {
    c.points[i].launch_times_s.assign(at, at + counts[i]);
    at += counts[i];
  }
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
  check_schema(file);
  results::ResultFile out;
  out.info = read_info(file);
  out.settings_json = file.read_attribute<std::string>("settings");
  using Names = std::vector<std::string>;
  for_each_group_at(file.open_group("devices"), 1,
                    [&](const hdf5::H5Group& g, const Names&) { out.ranks.push_back(read_device(g)); });
  // /campaigns/<kernel>/<detector>/rank<R>/repeat<K>
  for_each_group_at(file.open_group("campaigns"), 4, [&](const hdf5::H5Group& g, const Names&) {
    auto c = read_campaign(g);
    rank_of(out.ranks, g, c.rank).campaigns.push_back(std::move(c));
  });
  // /stability/<kernel>/<detector>; files written before knee status counted every campaign's knee, edges
  // and misses too: their stability is computed again from the campaigns.
  bool knee_status = true;
  for_each_group_at(file.open_group("stability"), 2, [&](const hdf5::H5Group& g, const Names& names) {
    const auto count = g.read_dataset<std::string>("scope").size();
    auto rows = hdf5::read_columns<stats::StabilityRow>(g, count, stats::kStabilityColumns);
    knee_status = knee_status && g.has_dataset("knees_found");
    hdf5::read_present_columns(g, rows, stats::kStabilityKneeColumns);
    for (auto& row : rows) {
      row.kernel = names[0];
      row.detector = names[1];
      out.stability.push_back(std::move(row));
    }
  });
  if (!knee_status) out.stability = stats::stability_of_complete(out.ranks);
  // /consensus/<kernel>; absent in files written before it: computed from the campaigns.
  if (!file.has_group("consensus")) {
    out.consensus = stats::consensus_of_complete(out.ranks);
    return out;
  }
  for_each_group_at(file.open_group("consensus"), 1, [&](const hdf5::H5Group& g, const Names& names) {
    const auto count = g.read_dataset<std::string>("scope").size();
    for (auto row : hdf5::read_columns<stats::ConsensusRow>(g, count, stats::kConsensusColumns)) {
      row.kernel = names[0];
      out.consensus.push_back(std::move(row));
    }
  });
  return out;
}

}  // namespace autobench::reading
