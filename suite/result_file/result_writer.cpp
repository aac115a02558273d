// The HDF5 results writer (see result_writer.hpp and the schema in docs/output.md).
#include "suite/result_file/result_writer.hpp"

#include <set>
#include <stdexcept>
#include <string_view>
#include <utility>
#include <vector>

#include "kernels/kernel.hpp"
#include "suite/hdf5/hdf5_fields.hpp"
#include "suite/results/result_file.hpp"
#include "suite/results/knee_status.hpp"
#include "suite/result_file/units.hpp"
#include "suite/results/consensus_fields.hpp"
#include "suite/results/stability_fields.hpp"
#include "suite/results/campaign_summary.hpp"
#include "suite/result_file/file_content.hpp"
#include "suite/result_file/shared_sweeps.hpp"

namespace autobench::result_file {
namespace {

// Kernel and detector names become group names.
const std::string& group_name(const std::string& name, const char* what) {
  if (name.empty() || name == "." || name.find('/') != std::string::npos) {
    throw std::invalid_argument(std::string(what) + " name '" + name +
                                "' cannot name an HDF5 group (it is empty, '.' or contains '/')");
  }
  return name;
}

hdf5::H5Group open_or_create(const hdf5::H5Group& parent, const std::string& name) {
  return parent.has_group(name) ? parent.open_group(name) : parent.create_group(name);
}

void write_root(const hdf5::H5File& file, const results::RunInfo& info, const std::string& settings_json,
                std::int64_t schema_version = results::kSingleFileSchemaVersion) {
  file.write_attribute("schema_version", schema_version);
  hdf5::write_attributes(file, info, results::kRunFields);
  file.write_attribute<std::string>("status", info.complete ? "complete" : "incomplete");
  file.write_attribute("settings", settings_json);
}

void write_device(const hdf5::H5Group& devices, const results::RankResult& rank) {
  const auto g = devices.create_group("rank" + std::to_string(rank.rank));
  hdf5::write_attribute_of(g, "rank", rank.rank);
  hdf5::write_attributes(g, rank.device, results::kDeviceFields);
  hdf5::write_attributes(g, rank.device, results::kDeviceAddedFields);
  g.write_attribute("start_error", rank.start_error);
  g.write_attribute("error", rank.error);
}

// Every point's launch times, one after the other (float32: compact, and finer than event timing), and
// how many each point has.
void write_launches(const hdf5::H5Group& g, const std::vector<results::Point>& points) {
  std::vector<float> launches;
  std::vector<std::int64_t> counts;
  for (const auto& p : points) {
    launches.insert(launches.end(), p.launch_times_s.begin(), p.launch_times_s.end());
    counts.push_back(static_cast<std::int64_t>(p.launch_times_s.size()));
  }
  g.write_dataset("launch_times_s", launches, "s");
  g.write_dataset("launch_counts", counts, "1");
}

// /sweeps/rank<R>/<name>: the sweep's distinct points as columns, one dataset per field, with their launch
// times. Every dataset says its `units`; `size` is the dimension scale of the per-point columns, so that
// netCDF readers (xarray with h5netcdf) see size as the coordinate; the flat launch times are a dimension
// of their own.
void write_sweep(const hdf5::H5Group& g, const SharedSweep& sweep, const std::string& metric_unit) {
  g.write_attribute("kernel", sweep.kernel);
  hdf5::write_attribute_of(g, "repeat", sweep.repeat);
  g.write_attribute("points", static_cast<std::int64_t>(sweep.points.size()));
  const auto units = [&](const char* name) { return result_file::point_column_unit(name, metric_unit); };
  hdf5::write_columns(g, sweep.points, results::kPointFields, units);
  hdf5::write_columns(g, sweep.points, results::kPointAddedFields, units);
  write_launches(g, sweep.points);
  std::vector<std::string> per_point{"launch_counts"};
  const auto add = [&](const auto& field) {
    if (std::string_view(field.name) != "size") per_point.emplace_back(field.name);
  };
  record::for_each_field(results::kPointFields, add);
  record::for_each_field(results::kPointAddedFields, add);
  g.attach_scale("size", per_point);
  g.attach_scale("launch_times_s", {});
}

// /campaigns/<kernel>/<detector>/rank<R>/repeat<K>: the knee and stop data, the path of the sweep it
// ran on, where its points lie in it (point_index, only when they are not the sweep's first ones), and
// the columns whose values differ from the sweep's (e.g. its own power correction).
void write_campaign(const hdf5::H5Group& campaigns, const results::RankResult& rank, const results::Campaign& c,
                    const std::string& sweep_path, const SweepRef& ref, const SharedSweep& sweep) {
  if (c.rank != rank.rank) {
    throw std::invalid_argument("campaign " + c.kernel + "/" + c.detector + " of rank " + std::to_string(rank.rank) +
                                " says it ran on rank " + std::to_string(c.rank));
  }
  const auto kernel = open_or_create(campaigns, group_name(c.kernel, "kernel"));
  const auto detector = open_or_create(kernel, group_name(c.detector, "detector"));
  const auto on_rank = open_or_create(detector, "rank" + std::to_string(c.rank));
  const auto g = on_rank.create_group("repeat" + std::to_string(c.repeat));
  hdf5::write_attributes(g, c, results::kCampaignFields);
  hdf5::write_attributes(g, c, results::kCampaignAddedFields);
  g.write_attribute("backend", rank.device.backend);
  g.write_attribute("device_name", rank.device.name);
  g.write_attribute("device_model", rank.device.model);
  g.write_attribute<std::string>("knee_status", results::to_string(results::knee_status(c)));
  const kernels::KernelSpec* spec = kernels::find(c.kernel);
  g.write_attribute<std::string>("bottleneck", spec ? kernels::to_string(spec->bound) : "unknown");
  g.write_attribute("points", static_cast<std::int64_t>(c.points.size()));
  g.write_attribute("sweep", sweep_path);
  if (!ref.prefix()) g.write_dataset("point_index", ref.index);
  hdf5::write_differing_columns(g, c.points, sweep.points, ref.index, results::kPointFields);
  hdf5::write_differing_columns(g, c.points, sweep.points, ref.index, results::kPointAddedFields);
}

// /sweeps_size/rank<R>/<sweep>/size: a second name of every sweep's `size` scale, for netCDF readers.
// h5netcdf (xarray) names a column's dimension by asking HDF5 for the path of the column's scale, which
// HDF5 finds by walking the file's links from the root in their storage order: this group is the root's
// first link, two objects per sweep, so the walk ends there instead of going through the file's thousands
// of objects (docs/tidy.md, "xarray: how fast"). The name sorts after `sweeps`, so a walk by name
// (h5py's visit) meets the scales at /sweeps first.
constexpr const char* kSizeNames = "sweeps_size";

// A rank's sweeps under /sweeps/rank<R> (each `size` also under /sweeps_size/rank<R>), then its campaigns
// referring to them; each campaign's sweep path.
std::vector<std::string> write_rank_campaigns(const hdf5::H5Group& sizes, const hdf5::H5Group& sweeps,
                                              const hdf5::H5Group& campaigns, const results::RankResult& rank) {
  for (const auto& c : rank.campaigns) {  // names checked before any sweep is named after them
    group_name(c.kernel, "kernel");
    group_name(c.detector, "detector");
  }
  const SharedSweeps shared = share_sweeps(rank.campaigns);
  std::vector<std::string> paths;
  if (shared.sweeps.empty()) return paths;
  const auto on_rank = sweeps.create_group("rank" + std::to_string(rank.rank));
  const auto sizes_on_rank = sizes.create_group("rank" + std::to_string(rank.rank));
  for (std::size_t s = 0; s < shared.sweeps.size(); ++s) {
    const auto& sweep = shared.sweeps[s];
    std::string unit;  // the metric's unit, from the first campaign on this sweep
    for (std::size_t i = 0; i < rank.campaigns.size() && unit.empty(); ++i)
      if (shared.refs[i].sweep == s) unit = rank.campaigns[i].metric_unit;
    const auto g = on_rank.create_group(group_name(sweep.name, "sweep"));
    write_sweep(g, sweep, unit);
    sizes_on_rank.create_group(sweep.name).create_hard_link("size", g.path() + "/size");
  }
  for (std::size_t i = 0; i < rank.campaigns.size(); ++i) {
    const SweepRef& ref = shared.refs[i];
    const SharedSweep& sweep = shared.sweeps[ref.sweep];
    paths.push_back(on_rank.path() + "/" + sweep.name);
    write_campaign(campaigns, rank, rank.campaigns[i], paths.back(), ref, sweep);
  }
  return paths;
}

// For netCDF readers (xarray: docs/tidy.md), every table has a dimension: `key`, the column naming each row
// once, is the dimension scale (the coordinate) of the group's other columns; a table without such a
// column gets the dimension kRowDimension (H5Group::add_row_dimension).
void index_by(const hdf5::H5Group& g, const std::string& key) {
  auto columns = g.child_datasets();
  std::erase(columns, key);
  g.attach_scale(key, columns);
}
constexpr const char* kRowDimension = "row";

// One group per (kernel, detector), in order of first appearance; one dataset entry per row.
void write_stability(const hdf5::H5Group& stability, const std::vector<results::StabilityRow>& rows) {
  const auto key = [](const results::StabilityRow& r) { return std::pair{r.kernel, r.detector}; };
  for (const auto& [names, group] : grouped_by_first_appearance(rows, key)) {
    const auto kernel = open_or_create(stability, group_name(names.first, "kernel"));
    const auto g = kernel.create_group(group_name(names.second, "detector"));
    hdf5::write_columns(g, group, results::kStabilityColumns);
    hdf5::write_columns(g, group, results::kStabilityKneeColumns);
    g.add_row_dimension(kRowDimension);
  }
}

// One group per kernel, in the rows' order; one dataset entry per row.
void write_consensus(const hdf5::H5Group& consensus, const std::vector<results::ConsensusRow>& rows) {
  const auto key = [](const results::ConsensusRow& r) { return r.kernel; };
  for (const auto& [kernel, group] : grouped_by_first_appearance(rows, key)) {
    const auto g = consensus.create_group(group_name(kernel, "kernel"));
    hdf5::write_columns(g, group, results::kConsensusColumns);
    hdf5::write_columns(g, group, results::kConsensusRegimeColumns);
    g.add_row_dimension(kRowDimension);
  }
}

// One entry per rank in each column, and other_s (wall_s minus the phases) for readers of the file.
void write_time_splits(const hdf5::H5Group& g, const std::vector<results::RankTimeSplit>& splits) {
  hdf5::write_columns(g, splits, results::kTimeSplitFields);
  std::vector<double> other;
  for (const auto& s : splits) other.push_back(s.other_s());
  g.write_dataset("other_s", other);
  index_by(g, "rank");
}

// /summary: the campaigns, sweeps and ranks of every rank's summary as columns (docs/output.md).
void write_summary_tables(const hdf5::H5Group& g, const std::vector<RankSummary>& ranks) {
  std::vector<results::CampaignSummary> campaigns;
  std::vector<stats::SweepHealth> sweeps;
  std::vector<stats::GpuEvidence> health;
  std::vector<std::string> parts, status;
  std::vector<std::int64_t> bytes;
  for (const auto& r : ranks) {
    health.push_back(r.health);
    health.back().sweeps.clear();
    parts.push_back(part_name(r.rank.rank));
    status.push_back(r.part_status);
    bytes.push_back(r.message_bytes);
    if (r.part_status != "written") continue;  // the file holds its device only
    campaigns.insert(campaigns.end(), r.campaigns.begin(), r.campaigns.end());
    sweeps.insert(sweeps.end(), r.health.sweeps.begin(), r.health.sweeps.end());
  }
  const auto on_campaigns = g.create_group("campaigns");
  hdf5::write_columns(on_campaigns, campaigns, results::kCampaignSummaryFields);
  on_campaigns.add_row_dimension(kRowDimension);
  const auto on_sweeps = g.create_group("sweeps");
  hdf5::write_columns(on_sweeps, sweeps, stats::kSweepHealthFields);
  on_sweeps.add_row_dimension(kRowDimension);
  const auto on_ranks = g.create_group("ranks");
  hdf5::write_columns(on_ranks, health, stats::kGpuEvidenceFields);
  on_ranks.write_dataset("part", parts);
  on_ranks.write_dataset("part_status", status);
  on_ranks.write_dataset("gathered_bytes", bytes, "B");
  index_by(on_ranks, "rank");
}

}  // namespace

void write_results(const std::string& path, const results::ResultFile& content) {
  auto file = hdf5::H5File::create(path);
  {
    const auto sizes = file.create_group(kSizeNames);  // first: see kSizeNames
    write_root(file, content.info, content.settings_json);
    const auto devices = file.create_group("devices");
    for (const auto& rank : content.ranks) write_device(devices, rank);
    const auto sweeps = file.create_group("sweeps");
    const auto campaigns = file.create_group("campaigns");
    for (const auto& rank : content.ranks) write_rank_campaigns(sizes, sweeps, campaigns, rank);
    write_stability(file.create_group("stability"), content.stability);
    write_consensus(file.create_group("consensus"), content.consensus);
    if (!content.time_splits.empty()) write_time_splits(file.create_group("time_split"), content.time_splits);
  }
  file.close();
}

std::vector<std::string> write_part(const std::string& path, const results::RunInfo& info,
                                    const std::string& settings_json, const results::RankResult& rank) {
  auto file = hdf5::H5File::create(path);
  std::vector<std::string> paths;
  {
    const auto sizes = file.create_group(kSizeNames);  // first: see kSizeNames
    write_root(file, info, settings_json, results::kSchemaVersion);
    file.write_attribute<std::string>("layout", "part");
    hdf5::write_attribute_of(file, "rank", rank.rank);
    write_device(file.create_group("devices"), rank);
    paths = write_rank_campaigns(sizes, file.create_group("sweeps"), file.create_group("campaigns"), rank);
  }
  file.close();
  return paths;
}

void write_root(const std::string& path, const RootContent& content) {
  auto file = hdf5::H5File::create(path);
  write_root(file, content.info, content.settings_json, results::kSchemaVersion);
  file.write_attribute<std::string>("layout", "parts");
  {
    const auto devices = file.create_group("devices");
    for (const auto& r : content.ranks) write_device(devices, r.rank);
    const auto sweeps = file.create_group("sweeps");
    const auto campaigns = file.create_group("campaigns");
    for (const auto& r : content.ranks) {
      if (r.part_status != "written" || r.campaigns.empty()) continue;
      const std::string part = part_name(r.rank.rank);
      const std::string on_rank = "rank" + std::to_string(r.rank.rank);
      sweeps.create_external_link(on_rank, part);
      std::set<std::pair<std::string, std::string>> linked;
      for (const auto& c : r.campaigns) {
        if (!linked.insert({c.kernel, c.detector}).second) continue;
        const auto kernel = open_or_create(campaigns, group_name(c.kernel, "kernel"));
        open_or_create(kernel, group_name(c.detector, "detector")).create_external_link(on_rank, part);
      }
    }
    write_stability(file.create_group("stability"), content.stability);
    write_consensus(file.create_group("consensus"), content.consensus);
    if (!content.time_splits.empty()) write_time_splits(file.create_group("time_split"), content.time_splits);
    write_summary_tables(file.create_group("summary"), content.ranks);
  }
  file.close();
}

}  // namespace autobench::result_file
