// The HDF5 results reader (see result_reader.hpp and the schema in docs/output.md).
#include "suite/result_file/result_reader.hpp"

#include <algorithm>
#include <functional>
#include <map>
#include <optional>
#include <set>
#include <stdexcept>
#include <tuple>
#include <utility>

#include <nlohmann/json.hpp>

#include "suite/campaign/run_settings.hpp"
#include "record/bounded_json.hpp"
#include "suite/hdf5/hdf5_fields.hpp"
#include "suite/result_file/stored_consensus.hpp"
#include "suite/results/result_file.hpp"
#include "suite/results/knee.hpp"
#include "suite/results/consensus_fields.hpp"
#include "suite/results/stability_fields.hpp"
#include "suite/stats/consensus.hpp"
#include "suite/stats/regime_knees.hpp"
#include "suite/stats/stability.hpp"
#include "suite/text/echo.hpp"

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
  hdf5::read_present_attributes(g, rank.device, results::kDeviceAddedFields);  // serial: absent in earlier files
  rank.start_error = g.read_attribute<std::string>("start_error");
  if (g.has_attribute("error")) rank.error = g.read_attribute<std::string>("error");  // absent in earlier files
  return rank;
}

// The point columns a read leaves out.
hdf5::SkippedColumns skipped_columns(const ReadOptions& options) {
  if (options.tuner_texts) return {};
  return {"tune_probes", "tune_resources"};
}

// Whether the points of `rank` are read with their launch times.
bool with_launch_times(const ReadOptions& options, int rank) {
  return !options.launch_times_of || options.launch_times_of->count(rank) > 0;
}

// Points stored as columns, but the `skip` ones, with their launch times unless `launches_too` is false (then
// launch_counts and launch_times_s are never opened): a sweep (schema 2) or a campaign (schema 1).
// `unflagged` is set when they have no `converged` column (files written before it).
std::vector<results::Point> read_points(const hdf5::H5Group& g, bool& unflagged, const hdf5::SkippedColumns& skip,
                                        bool launches_too) {
  unflagged = unflagged || !g.has_dataset("converged");
  const auto points = g.read_attribute<std::int64_t>("points");
  if (points < 0) throw std::runtime_error(g.file_name() + ": " + g.path() + " has a negative point count");
  auto out = hdf5::read_columns<results::Point>(g, static_cast<std::size_t>(points), results::kPointFields, skip);
  hdf5::read_present_columns(g, out, results::kPointAddedFields, skip);
  if (!launches_too) return out;
  const auto counts = g.read_dataset<std::int64_t>("launch_counts");
  const auto launches = g.read_dataset<float>("launch_times_s");
  // Summed without overflow: each count must fit in the launch times the ones before it left.
  std::size_t total = 0;
  bool fits = counts.size() == out.size();
  for (auto n : counts) {
    fits = fits && n >= 0 && static_cast<std::uint64_t>(n) <= launches.size() - total;
    if (fits) total += static_cast<std::size_t>(n);
  }
  if (!fits || total != launches.size())
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

// What a read keeps of each point (ReadOptions), and what it has met so far.
struct PointReading {
  hdf5::SkippedColumns skip;
  bool launch_times = true;  // of the campaign being read
  bool unflagged = false;    // a sweep without `converged` was read
  SweepCache sweeps;
};

// Schema 2: the campaign's points are its sweep's (attribute sweep) at point_index (absent: the sweep's
// first ones), with the columns the campaign stores itself in place of the sweep's.
std::vector<results::Point> points_of_sweep(const hdf5::H5File& file, const hdf5::H5Group& g, PointReading& reading) {
  auto& sweeps = reading.sweeps;
  const auto path = g.read_attribute<std::string>("sweep");
  auto cached = sweeps.find(path);
  if (cached == sweeps.end())
    cached = sweeps.emplace(path, read_points(open_at(file, path), reading.unflagged, reading.skip, reading.launch_times))
                 .first;
  const std::vector<results::Point>& sweep = cached->second;
  const auto count = g.read_attribute<std::int64_t>("points");
  std::vector<std::int64_t> index;
  if (g.has_dataset("point_index")) {
    index = g.read_dataset<std::int64_t>("point_index");
  } else {
    for (std::int64_t i = 0; i < count && static_cast<std::size_t>(i) <= sweep.size(); ++i) index.push_back(i);
  }
  if (count < 0 || index.size() != static_cast<std::size_t>(count))
    throw std::runtime_error(g.file_name() + ": " + g.path() + " has " + std::to_string(count) + " points but " +
                             std::to_string(index.size()) + " indices into its sweep");
  std::vector<results::Point> points;
  points.reserve(index.size());
  for (const auto i : index) {
    if (i < 0 || static_cast<std::size_t>(i) >= sweep.size())
      throw std::runtime_error(g.file_name() + ": " + g.path() + "/point_index has " + std::to_string(i) +
                               ", outside the " + std::to_string(sweep.size()) + " points of " + path);
    points.push_back(sweep[static_cast<std::size_t>(i)]);
  }
  hdf5::read_present_columns(g, points, results::kPointFields, reading.skip);
  hdf5::read_present_columns(g, points, results::kPointAddedFields, reading.skip);
  return points;
}

// `regimes_stored` turns false for a campaign written before the L2 regimes.
results::Campaign read_campaign(const hdf5::H5File& file, const hdf5::H5Group& g, std::int64_t version,
                                const ReadOptions& options, PointReading& reading, bool& regimes_stored) {
  results::Campaign c;
  hdf5::read_attributes(g, c, results::kCampaignFields);
  regimes_stored = hdf5::read_present_attributes(g, c, results::kCampaignAddedFields) && regimes_stored;
  reading.launch_times = with_launch_times(options, c.rank);
  c.points = version >= 2 ? points_of_sweep(file, g, reading)
                          : read_points(g, reading.unflagged, reading.skip, reading.launch_times);
  if (c.knee_detected && !results::has_knee_point(c))
    throw std::runtime_error(g.file_name() + ": " + g.path() + " has knee_index " + std::to_string(c.knee_index) +
                             " outside its " + std::to_string(c.points.size()) + " points");
  return c;
}

// A group named after the number of the record it holds (/devices/rank<R>, /campaigns/…/rank<R>/repeat<K>)
// holds that record: one whose attributes say otherwise would be filed under another rank, or counted twice.
void check_named(const hdf5::H5Group& g, const std::string& name, const std::string& says) {
  if (name != says)
    throw std::runtime_error(g.file_name() + ": " + text::printable(g.path()) + " holds the record of " +
                             text::echo(says) + ", not of its name");
}

results::RankResult& rank_of(std::vector<results::RankResult>& ranks, const hdf5::H5Group& g, int rank) {
  for (auto& r : ranks) {
    if (r.rank == rank) return r;
  }
  throw std::runtime_error(g.file_name() + ": " + g.path() + " belongs to rank " + std::to_string(rank) +
                           ", which has no /devices entry");
}

// The names of the groups on the way down to a group.
using Names = std::vector<std::string>;
// The child groups of g (at the end of `names`) to visit: a group left out is never opened, nor listed (a
// run written in parts links each rank's groups from its part file, which listing would open).
using Children = std::function<std::vector<std::string>(const hdf5::H5Group& g, const Names& names)>;

// Calls f(group, names) for every group at the given depth below g (1: its children), with the names of the
// groups on the way down to it; `children` (if any) says which children of each group to visit.
template <class F>
void for_each_group_at(const hdf5::H5Group& g, int depth, F&& f, const Children& children = {}, Names names = {}) {
  for (const auto& name : children ? children(g, names) : g.child_groups()) {
    names.push_back(name);
    const auto child = g.open_group(name);
    if (depth == 1) {
      f(child, names);
    } else {
      for_each_group_at(child, depth - 1, f, children, names);
    }
    names.pop_back();
  }
}

// Files written before points carried `converged`: whether each point reached the noise target of its
// kernel's settings (a suite file's [kernel.NAME] or the run's), from its stored noise. Settings that do
// not parse leave every point as read (converged).
void derive_converged(results::ResultFile& out) {
  campaign::RunSettings settings;
  try {
    settings = campaign::settings_from_json(nlohmann::json::parse(out.settings_json));
  } catch (const std::exception&) {
    return;
  }
  for (auto& rank : out.ranks)
    for (auto& c : rank.campaigns) {
      const double target = settings.autoscale_for(c.kernel).noise_stop.target;
      for (auto& p : c.points) p.converged = results::reached_noise_target(p.noise, target);
    }
}

// A stored summary must agree with the data it summarises: each stability row counts the complete
// campaigns of its group, once.
void check_stability_counts(const std::string& path, const std::vector<results::StabilityRow>& stored,
                            const std::vector<results::StabilityRow>& computed) {
  using Key = std::tuple<std::string, std::string, std::string, std::string>;
  std::map<Key, int> counts;
  for (const auto& row : computed) counts[{row.kernel, row.detector, row.scope, row.group}] = row.campaigns;
  std::map<Key, int> stored_counts;
  for (const auto& row : stored) stored_counts[{row.kernel, row.detector, row.scope, row.group}] = row.campaigns;
  for (const auto& [key, n] : stored_counts) {
    const auto found = counts.find(key);
    if (found == counts.end() || found->second != n)
      throw std::runtime_error(path + ": /stability/" + text::printable(std::get<0>(key)) + "/" +
                               text::printable(std::get<1>(key)) + " counts " + std::to_string(n) + " campaigns for " +
                               text::printable(std::get<3>(key)) + ", its campaigns are " +
                               std::to_string(found == counts.end() ? 0 : found->second));
  }
  if (stored.size() != stored_counts.size()) throw std::runtime_error(path + ": /stability holds a group twice");
}

// Whether the stored consensus has the L2 regimes' columns (as its first kernel has them).
bool consensus_has_regimes(const hdf5::H5File& file) {
  const auto g = file.open_group("consensus");
  const auto kernels = g.child_groups();
  return kernels.empty() || g.open_group(kernels.front()).has_dataset("regime");
}

// The root attribute settings, refused when it nests too deep.
std::string read_settings(const hdf5::H5File& file, const std::string& path) {
  std::string settings = file.read_attribute<std::string>("settings");
  if (record::nests_deeper_than(settings, record::kMaxJsonDepth))
    throw std::runtime_error(path + ": root attribute settings nests deeper than " +
                             std::to_string(record::kMaxJsonDepth) + " levels");
  return settings;
}

// /devices/rank<R>: every rank, in the file's order, without campaigns.
std::vector<results::RankResult> read_devices(const hdf5::H5File& file) {
  std::vector<results::RankResult> ranks;
  for_each_group_at(file.open_group("devices"), 1, [&](const hdf5::H5Group& g, const Names& names) {
    ranks.push_back(read_device(g));
    check_named(g, names[0], "rank" + std::to_string(ranks.back().rank));
  });
  return ranks;
}

// /time_split: one entry per rank (none in files from before the split).
std::vector<results::RankTimeSplit> read_time_splits(const hdf5::H5File& file) {
  if (!file.has_group("time_split")) return {};
  const auto g = file.open_group("time_split");
  return hdf5::read_columns<results::RankTimeSplit>(g, g.read_dataset<std::int64_t>("rank").size(),
                                                    results::kTimeSplitFields);
}

// /stability/<kernel>/<detector>; `knee_status` turns false when a group lacks the knee-status columns (files
// written before knee status).
std::vector<results::StabilityRow> read_stability(const hdf5::H5File& file, bool& knee_status) {
  std::vector<results::StabilityRow> out;
  for_each_group_at(file.open_group("stability"), 2, [&](const hdf5::H5Group& g, const Names& names) {
    const auto count = g.read_dataset<std::string>("scope").size();
    auto rows = hdf5::read_columns<results::StabilityRow>(g, count, results::kStabilityColumns);
    knee_status = knee_status && g.has_dataset("knees_found");
    hdf5::read_present_columns(g, rows, results::kStabilityKneeColumns);
    for (auto& row : rows) {
      row.kernel = names[0];
      row.detector = names[1];
      out.push_back(std::move(row));
    }
  });
  return out;
}

// /consensus/<kernel>, with the L2 regimes' columns.
std::vector<results::ConsensusRow> read_consensus(const hdf5::H5File& file) {
  std::vector<results::ConsensusRow> out;
  for_each_group_at(file.open_group("consensus"), 1, [&](const hdf5::H5Group& g, const Names& names) {
    const auto count = g.read_dataset<std::string>("scope").size();
    auto rows = hdf5::read_columns<results::ConsensusRow>(g, count, results::kConsensusColumns);
    hdf5::read_columns_into(g, rows, results::kConsensusRegimeColumns, false);
    for (auto& row : rows) {
      row.kernel = names[0];
      out.push_back(std::move(row));
    }
  });
  return out;
}

// A table of the root's /summary: its rows (the length of its `rank` column).
template <class Record, class Fields>
std::vector<Record> read_table(const hdf5::H5Group& summary, const char* name, const Fields& fields) {
  const auto g = summary.open_group(name);
  return hdf5::read_columns<Record>(g, g.read_dataset<std::int64_t>("rank").size(), fields);
}

// The summary's campaigns in the order read_results gives them: by rank in the order of /devices, then by
// kernel and detector in the order of the root's /campaigns groups, then as the rank's part keeps them.
void in_file_order(const hdf5::H5File& file, const std::vector<results::RankResult>& ranks,
                   std::vector<results::CampaignSummary>& campaigns) {
  std::map<std::int64_t, std::size_t> rank_at;
  for (const auto& r : ranks) rank_at.emplace(r.rank, rank_at.size());
  std::map<std::string, std::size_t> kernel_at;
  std::map<std::pair<std::string, std::string>, std::size_t> detector_at;
  const auto root = file.open_group("campaigns");
  for (const auto& kernel : root.child_groups()) {
    kernel_at.emplace(kernel, kernel_at.size());
    for (const auto& detector : root.open_group(kernel).child_groups())
      detector_at.emplace(std::pair{kernel, detector}, detector_at.size());
  }
  const auto key = [&](const results::CampaignSummary& c) {
    const auto rank = rank_at.find(c.rank);
    const auto kernel = kernel_at.find(c.kernel);
    const auto detector = detector_at.find({c.kernel, c.detector});
    if (rank == rank_at.end() || kernel == kernel_at.end() || detector == detector_at.end())
      throw std::runtime_error(file.file_name() + ": /summary/campaigns has " + text::echo(c.kernel) + "/" +
                               text::echo(c.detector) + " of rank " + std::to_string(c.rank) +
                               ", which the file's /devices and /campaigns do not hold");
    return std::tuple{rank->second, kernel->second, detector->second};
  };
  std::vector<std::pair<std::tuple<std::size_t, std::size_t, std::size_t>, std::size_t>> order;
  for (std::size_t i = 0; i < campaigns.size(); ++i) order.emplace_back(key(campaigns[i]), i);
  std::stable_sort(order.begin(), order.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
  std::vector<results::CampaignSummary> sorted;
  sorted.reserve(campaigns.size());
  for (const auto& [k, i] : order) sorted.push_back(std::move(campaigns[i]));
  campaigns = std::move(sorted);
}

// Each rank's GPU-health evidence from /summary/ranks and /summary/sweeps, in the order of `ranks`. A rank
// whose part is missing has, as the file read whole gives it, the evidence of its device alone.
std::vector<stats::GpuEvidence> read_evidence(const hdf5::H5Group& summary, const std::vector<results::RankResult>& ranks) {
  auto rows = read_table<stats::GpuEvidence>(summary, "ranks", stats::kGpuEvidenceFields);
  const auto status = summary.open_group("ranks").read_dataset<std::string>("part_status");
  hdf5::check_column_length(summary.open_group("ranks"), "part_status", status.size(), rows.size());
  std::map<std::int64_t, stats::GpuEvidence> by_rank;
  for (std::size_t i = 0; i < rows.size(); ++i)
    if (status[i] == "written") by_rank.emplace(rows[i].rank, std::move(rows[i]));
  for (auto& sweep : read_table<stats::SweepHealth>(summary, "sweeps", stats::kSweepHealthFields)) {
    const auto gpu = by_rank.find(sweep.rank);
    if (gpu == by_rank.end())
      throw std::runtime_error(summary.file_name() + ": /summary/sweeps has a sweep of rank " + std::to_string(sweep.rank) +
                               ", which has no written part in /summary/ranks");
    gpu->second.sweeps.push_back(std::move(sweep));
  }
  std::vector<stats::GpuEvidence> out;
  for (const auto& r : ranks) {
    const auto gpu = by_rank.find(r.rank);
    out.push_back(gpu != by_rank.end() ? std::move(gpu->second) : stats::gpu_evidence(r));
  }
  return out;
}

}  // namespace

ReadOptions summary_read() { return {.ranks = std::nullopt, .launch_times_of = std::set<int>{}, .tuner_texts = false}; }

results::ResultFile read_results(const std::string& path, const ReadOptions& options) {
  // A run written in parts (schema 3) links each rank's part, parts/rank<R>.h5 beside it: those links are
  // followed, no other (hdf5_file.hpp); an older file is read with every link refused.
  const std::int64_t version = check_schema(hdf5::H5File::open(path));
  const auto file = hdf5::H5File::open(path, version >= 3 ? "parts/" : "");
  results::ResultFile out;
  out.schema_version = version;
  out.info = read_info(file);
  out.settings_json = read_settings(file, path);
  out.ranks = read_devices(file);
  // /campaigns/<kernel>/<detector>/rank<R>/repeat<K>
  PointReading reading{.skip = skipped_columns(options), .launch_times = true, .unflagged = false, .sweeps = {}};
  bool regimes_stored = true;
  std::set<std::tuple<std::string, std::string, int, int>> campaign_keys;  // each campaign once
  // With options.ranks, /campaigns/<kernel>/<detector> is not listed: only its groups of those ranks are looked up.
  const Children wanted_ranks = [&](const hdf5::H5Group& g, const Names& names) {
    if (names.size() != 2) return g.child_groups();
    std::vector<std::string> found;
    for (const int r : *options.ranks)
      if (g.has_group("rank" + std::to_string(r))) found.push_back("rank" + std::to_string(r));
    return found;
  };
  std::string kernel;  // whose sweeps the cache holds: a kernel's detectors share them, the next kernel's do not
  for_each_group_at(file.open_group("campaigns"), 4, [&](const hdf5::H5Group& g, const Names& names) {
    if (names[0] != kernel) reading.sweeps.clear(), kernel = names[0];
    auto c = read_campaign(file, g, version, options, reading, regimes_stored);
    check_named(g, names[2], "rank" + std::to_string(c.rank));
    check_named(g, names[3], "repeat" + std::to_string(c.repeat));
    if (!campaign_keys.emplace(c.kernel, c.detector, c.rank, c.repeat).second)
      throw std::runtime_error(path + ": " + text::printable(g.path()) + " is a second campaign " + text::echo(c.kernel) +
                               "/" + text::echo(c.detector) + " of rank " + std::to_string(c.rank) + " repeat " +
                               std::to_string(c.repeat));
    rank_of(out.ranks, g, c.rank).campaigns.push_back(std::move(c));
  }, options.ranks ? wanted_ranks : Children{});
  reading.sweeps.clear();
  if (reading.unflagged) derive_converged(out);
  if (!regimes_stored) stats::assign_regimes(out.ranks);  // a file from before the L2 regimes
  out.time_splits = read_time_splits(file);
  // Files written before knee status counted every campaign's knee, edges and misses too: their stability is
  // computed again from the campaigns.
  bool knee_status = true;
  out.stability = read_stability(file, knee_status);
  if (!knee_status) out.stability = stats::stability_of_complete(out.ranks);
  else if (!options.ranks) check_stability_counts(path, out.stability, stats::stability_of_complete(out.ranks));
  // /consensus/<kernel>; absent in files written before it, or without regimes (files written before the
  // L2 regimes took consensus over both regimes at once; told by the campaigns read, or with none read by
  // the consensus itself): computed from the campaigns.
  if (!file.has_group("consensus") || !regimes_stored || !consensus_has_regimes(file)) {
    out.consensus = stats::consensus_of_complete(out.ranks);
    return out;
  }
  out.consensus = read_consensus(file);
  if (!options.ranks) check_stored_consensus(path, out.consensus, out.ranks);  // a rank read lacks the other ranks' campaigns
  return out;
}

stats::RunSummary read_run_summary(const std::string& path) {
  const std::int64_t version = check_schema(hdf5::H5File::open(path));
  const auto file = hdf5::H5File::open(path);  // no link is followed: no part is opened
  // A root without what its summary needs (/summary, the stored consensus with its regimes) is read whole.
  if (version < 3 || !file.has_group("summary") || !file.has_group("consensus") || !consensus_has_regimes(file))
    return stats::summarize_run(read_results(path, summary_read()));
  stats::RunSummary out;
  out.schema_version = version;
  out.info = read_info(file);
  out.settings_json = read_settings(file, path);
  out.ranks = read_devices(file);
  const auto summary = file.open_group("summary");
  out.campaigns = read_table<results::CampaignSummary>(summary, "campaigns", results::kCampaignSummaryFields);
  in_file_order(file, out.ranks, out.campaigns);
  for (const auto& c : out.campaigns)
    if (c.knee_detected && (c.knee_index < 0 || c.knee_index >= c.points))
      throw std::runtime_error(path + ": /summary/campaigns has knee_index " + std::to_string(c.knee_index) + " of " +
                               text::echo(c.kernel) + "/" + text::echo(c.detector) + " rank " + std::to_string(c.rank) +
                               " repeat " + std::to_string(c.repeat) + ", outside its " + std::to_string(c.points) +
                               " points");
  out.health = read_evidence(summary, out.ranks);
  out.time_splits = read_time_splits(file);
  bool knee_status = true;
  out.stability = read_stability(file, knee_status);
  if (!knee_status) return stats::summarize_run(read_results(path, summary_read()));  // computed again from points
  check_stability_counts(path, out.stability, stats::stability_of_complete(out.campaigns));
  out.consensus = read_consensus(file);
  check_stored_consensus(path, out.consensus, out.campaigns, out.ranks);
  return out;
}

}  // namespace autobench::result_file
