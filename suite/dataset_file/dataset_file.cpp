// Dataset files (see dataset_file.hpp).
#include "suite/dataset_file/dataset_file.hpp"

#include <cmath>
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>
#include <stdexcept>

#include "suite/dataset/features.hpp"
#include "suite/dataset/dataset_time_split.hpp"
#include "suite/hdf5/hdf5_fields.hpp"
#include "suite/hdf5/hdf5_file.hpp"
#include "suite/results/result_fields.hpp"
#include "suite/files/atomic_file.hpp"
#include "suite/files/input_file.hpp"

namespace autobench::dataset_file {

using namespace dataset;  // the samples, kernels and features it writes
namespace {

template <class T, class F>
std::vector<T> column(const std::vector<Sample>& samples, F f) {
  std::vector<T> out;
  out.reserve(samples.size());
  for (const auto& s : samples) out.push_back(static_cast<T>(f(s)));
  return out;
}

}  // namespace

std::string hdf5_path(const std::string& run_dir) { return (std::filesystem::path(run_dir) / "dataset.h5").string(); }
std::string jsonl_path(const std::string& run_dir) { return (std::filesystem::path(run_dir) / "dataset.jsonl").string(); }

nlohmann::json jsonl_record(const Sample& s, const RankDevice& d, const DatasetKernel& k, const std::string& source,
                            const std::string& backend) {
  const LaunchConfig& c = s.config;
  PromptRecord p;
  p.device = d.device.name;
  p.source = source;
  p.defines = c.tunables;
  p.arguments = k.arguments(c.size, c.tunables);
  p.global_size = c.global_size();
  p.local_size = static_cast<std::uint64_t>(c.block_threads);
  p.workgroups = c.workgroups;
  p.time_us = s.point.time_median_s * 1e6;
  Features f;
  f.bytes = k.bytes(c.size);
  f.flops = k.flops(c.size);
  f.workgroups = static_cast<double>(c.workgroups);
  f.block_threads = c.block_threads;
  f.regime = c.regime;
  f.occupancy = backend::occupancy_for(d.device.sm_count, d.device.cc_major, d.device.cc_minor);
  f.bandwidth_gbs = d.ceilings.bandwidth_gbs;
  f.gflops = d.ceilings.gflops;
  nlohmann::json j = {{"schema_version", kSchemaVersion},
                      {"id", s.id},
                      {"kernel", c.kernel},
                      {"device", d.device.name},
                      {"backend", backend},
                      {"regime", kRegimeNames.name(c.regime)},
                      {"origin", to_string(c.origin)},
                      {"random_split", s.test ? "test" : "train"},
                      {"tunables", kernels::to_string(c.tunables)},
                      {"size", c.size}};
  j.update(alpaca(p));
  j["features"] = to_json(f);
  return j;
}

void write_hdf5(const std::string& path, const DatasetRun& run) {
  {  // built in memory; close() writes it whole or not at all (files/atomic_file.hpp)
    auto file = hdf5::H5File::create(path);
    file.write_attribute<std::string>("schema", "autobench-dataset");
    file.write_attribute<std::int64_t>("schema_version", kSchemaVersion);
    file.write_attribute<std::string>("version", run.version);
    file.write_attribute<std::string>("git_commit", run.git_commit);
    file.write_attribute<std::string>("command_line", run.command_line);
    file.write_attribute<std::string>("backend", run.backend);
    file.write_attribute<std::string>("start_time", run.start_time);
    file.write_attribute<std::string>("end_time", run.end_time);
    file.write_attribute<std::string>("settings", run.settings_json);
    file.write_attribute<std::int64_t>("ranks", run.ranks);
    file.write_attribute<std::int64_t>("complete", run.complete ? 1 : 0);
    {
      auto devices = file.create_group("devices");
      for (std::size_t r = 0; r < run.devices.size(); ++r) {
        auto g = devices.create_group("rank" + std::to_string(r));
        hdf5::write_attributes(g, run.devices[r].device, results::kDeviceFields);
        g.write_attribute<std::string>("start_error", run.devices[r].start_error);
        g.write_attribute<double>("ceiling_bandwidth_gbs", run.devices[r].ceilings.bandwidth_gbs);
        g.write_attribute<double>("ceiling_gflops", run.devices[r].ceilings.gflops);
        g.write_attribute<std::string>("ceilings_source", run.devices[r].ceilings.source);
      }
    }
    {
      const auto& s = run.samples;
      auto g = file.create_group("samples");
      g.write_dataset("id", column<std::uint64_t>(s, [](const Sample& x) { return x.id; }));
      g.write_dataset("kernel", column<std::string>(s, [](const Sample& x) { return x.config.kernel; }));
      g.write_dataset("tunables", column<std::string>(s, [](const Sample& x) { return kernels::to_string(x.config.tunables); }));
      g.write_dataset("size", column<std::uint64_t>(s, [](const Sample& x) { return x.config.size; }));
      g.write_dataset("workgroups", column<std::uint64_t>(s, [](const Sample& x) { return x.config.workgroups; }));
      g.write_dataset("block_threads", column<std::int64_t>(s, [](const Sample& x) { return x.config.block_threads; }));
      g.write_dataset("global_size", column<std::uint64_t>(s, [](const Sample& x) { return x.config.global_size(); }));
      g.write_dataset("regime", column<std::string>(s, [](const Sample& x) { return std::string(kRegimeNames.name(x.config.regime)); }));
      g.write_dataset("origin", column<std::string>(s, [](const Sample& x) { return std::string(to_string(x.config.origin)); }));
      g.write_dataset("reason", column<std::string>(s, [](const Sample& x) { return x.config.reason; }));
      g.write_dataset("random_split", column<std::string>(s, [](const Sample& x) { return std::string(x.test ? "test" : "train"); }));
      g.write_dataset("rank", column<std::int64_t>(s, [](const Sample& x) { return x.rank; }));
      g.write_dataset("verified", column<std::uint8_t>(s, [](const Sample& x) { return x.measured() && x.error.empty(); }));
      g.write_dataset("error", column<std::string>(s, [](const Sample& x) { return x.error; }));
      g.write_dataset("time_median_s", column<double>(s, [](const Sample& x) { return x.point.time_median_s; }));
      g.write_dataset("time_mean_s", column<double>(s, [](const Sample& x) { return x.point.time_mean_s; }));
      g.write_dataset("time_min_s", column<double>(s, [](const Sample& x) { return x.point.time_min_s; }));
      g.write_dataset("time_stddev_s", column<double>(s, [](const Sample& x) { return x.point.time_stddev_s; }));
      g.write_dataset("iterations", column<std::int64_t>(s, [](const Sample& x) { return x.point.iterations; }));
      g.write_dataset("sm_clock_mhz", column<double>(s, [](const Sample& x) { return x.point.sm_clock_mhz; }));
      hdf5::write_columns(g.create_group("steps"), column<StepSeconds>(s, [](const Sample& x) { return x.steps; }),
                          kStepFields);
    }
    {
      const auto split = time_split(run.samples);
      auto g = file.create_group("time_split");
      g.write_attribute<std::string>("description", "seconds of each kernel's measured configurations summed per step "
                                                    "over every rank: prepare (compile, allocate, fill), verify, time, "
                                                    "destroy");
      std::vector<std::string> kernel;
      std::vector<std::uint64_t> configurations;
      std::vector<StepSeconds> seconds;
      for (const auto& k : split) {
        kernel.push_back(k.kernel);
        configurations.push_back(k.configurations);
        seconds.push_back(k.seconds);
      }
      g.write_dataset("kernel", kernel);
      g.write_dataset("configurations", configurations);
      hdf5::write_columns(g, seconds, kStepFields);
    }
    if (run.balance) {
      const BalancePlan& b = *run.balance;
      auto g = file.create_group("balance");
      g.write_attribute<std::string>("method", "iqr");
      g.write_attribute<double>("bin_width_log2", b.before.width_log2);
      g.write_attribute<double>("q1", b.q1);
      g.write_attribute<double>("median", b.median);
      g.write_attribute<double>("q3", b.q3);
      g.write_attribute<std::uint64_t>("target", b.target);
      g.write_attribute<std::uint64_t>("requested", b.requested);
      g.write_attribute<std::uint64_t>("planned", b.requests.size());
      std::vector<double> lo;
      std::vector<std::uint64_t> before, after;
      for (std::size_t i = 0; i < b.before.counts.size(); ++i) {
        lo.push_back(b.before.bin_lo(i));
        before.push_back(b.before.counts[i]);
        after.push_back(i < run.counts_after.size() ? run.counts_after[i] : 0);
      }
      g.write_dataset("bin_lo_us", lo);
      g.write_dataset("counts_before", before);
      g.write_dataset("counts_after", after);
      g.write_dataset("unreachable", b.unreachable);
    }
    file.close();
  }
}

std::size_t write_jsonl(const std::string& path, const DatasetRun& run) {
  std::size_t lines = 0;
  std::ostringstream out;
  std::map<std::string, std::pair<DatasetKernel, std::string>> kernels;  // name -> (adapter, source)
  for (const auto& s : run.samples) {
    if (!s.measured() || !s.error.empty() || !(s.point.time_median_s > 0)) continue;
    auto it = kernels.find(s.config.kernel);
    if (it == kernels.end()) {
      const auto* spec = kernels::find(s.config.kernel);
      const auto k = spec ? dataset_kernel(*spec) : std::nullopt;
      if (!k) throw std::runtime_error("dataset export: kernel '" + s.config.kernel + "' is unknown to this build");
      it = kernels.emplace(s.config.kernel, std::pair{*k, k->source()}).first;
    }
    out << jsonl_line(jsonl_record(s, run.devices.at(static_cast<std::size_t>(s.rank)), it->second.first,
                                   it->second.second, run.backend))
        << '\n';
    ++lines;
  }
  files::write_file_atomically(path, out.str());
  return lines;
}

std::vector<Row> read_rows(const std::string& path) {
  try {  // before opening it: a FIFO would block, a device never end
    files::check_regular_file(path);
  } catch (const files::InputRefused& e) {
    throw std::invalid_argument(e.what());
  }
  std::ifstream in(path);
  if (!in) throw std::invalid_argument("'" + path + "' cannot be read");
  std::vector<Row> rows;
  std::string line;
  std::size_t number = 0;
  while (std::getline(in, line)) {
    ++number;
    try {
      rows.push_back(row_from_jsonl(line, number));
    } catch (const std::invalid_argument& e) {
      throw std::invalid_argument("'" + path + "' " + e.what());
    }
  }
  if (rows.empty()) throw std::invalid_argument("'" + path + "' holds no rows");
  return rows;
}

}  // namespace autobench::dataset_file
