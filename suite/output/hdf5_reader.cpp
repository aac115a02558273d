// The HDF5 results reader (see hdf5_reader.hpp and the schema in README.md).
#include "suite/output/hdf5_reader.hpp"

#include <stdexcept>

#include "suite/output/hdf5_fields.hpp"
#include "suite/output/hdf5_writer.hpp"
#include "suite/stats/stability_fields.hpp"

namespace autobench::output {
namespace {

void check_schema(const H5File& file) {
  if (!file.has_attribute("schema_version")) {
    throw std::runtime_error(file.file_name() + " is not an autobench results file (no schema_version attribute)");
  }
  const auto version = file.read_attribute<std::int64_t>("schema_version");
  if (version != kSchemaVersion) {
    throw std::runtime_error(file.file_name() + " has schema version " + std::to_string(version) +
                             "; this autobench-mpi reads version " + std::to_string(kSchemaVersion));
  }
}

results::RunInfo read_info(const H5File& file) {
  results::RunInfo info;
  read_attributes(file, info, results::kRunFields);
  const auto status = file.read_attribute<std::string>("status");
  if (status != "complete" && status != "incomplete") {
    throw std::runtime_error(file.file_name() + ": root attribute status is '" + status +
                             "' (expected complete or incomplete)");
  }
  info.complete = status == "complete";
  return info;
}

results::RankResult read_device(const H5Group& g) {
  results::RankResult rank;
  read_attribute_into(g, "rank", rank.rank);
  read_attributes(g, rank.device, results::kDeviceFields);
  rank.start_error = g.read_attribute<std::string>("start_error");
  if (g.has_attribute("error")) rank.error = g.read_attribute<std::string>("error");  // absent in earlier files
  return rank;
}

results::Campaign read_campaign(const H5Group& g) {
  results::Campaign c;
  read_attributes(g, c, results::kCampaignFields);
  const auto points = g.read_attribute<std::int64_t>("points");
  if (points < 0) throw std::runtime_error(g.file_name() + ": " + g.path() + " has a negative point count");
  c.points = read_columns<results::Point>(g, static_cast<std::size_t>(points), results::kPointFields);
  return c;
}

results::RankResult& rank_of(std::vector<results::RankResult>& ranks, const H5Group& g, int rank) {
  for (auto& r : ranks) {
    if (r.rank == rank) return r;
  }
  throw std::runtime_error(g.file_name() + ": " + g.path() + " belongs to rank " + std::to_string(rank) +
                           ", which has no /devices entry");
}

// Calls f(group, names) for every group at the given depth below g (1: its children), with the
// names of the groups on the way down to it.
template <class F>
void for_each_group_at(const H5Group& g, int depth, F&& f, std::vector<std::string> names = {}) {
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

ResultFile read_results(const std::string& path) {
  const auto file = H5File::open(path);
  check_schema(file);
  ResultFile out;
  out.info = read_info(file);
  out.settings_json = file.read_attribute<std::string>("settings");
  using Names = std::vector<std::string>;
  for_each_group_at(file.open_group("devices"), 1,
                    [&](const H5Group& g, const Names&) { out.ranks.push_back(read_device(g)); });
  // /campaigns/<kernel>/<detector>/rank<R>/repeat<K>
  for_each_group_at(file.open_group("campaigns"), 4, [&](const H5Group& g, const Names&) {
    auto c = read_campaign(g);
    rank_of(out.ranks, g, c.rank).campaigns.push_back(std::move(c));
  });
  // /stability/<kernel>/<detector>
  for_each_group_at(file.open_group("stability"), 2, [&](const H5Group& g, const Names& names) {
    const auto rows = g.read_dataset<std::string>("scope").size();
    for (auto row : read_columns<stats::StabilityRow>(g, rows, stats::kStabilityColumns)) {
      row.kernel = names[0];
      row.detector = names[1];
      out.stability.push_back(std::move(row));
    }
  });
  return out;
}

}  // namespace autobench::output
