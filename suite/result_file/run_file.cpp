// Writing a run's result files (see run_file.hpp).
#include "suite/result_file/run_file.hpp"

#include <chrono>
#include <exception>
#include <filesystem>
#include <stdexcept>
#include <utility>

#include "suite/files/atomic_file.hpp"
#include "suite/result_file/csv_export.hpp"
#include "suite/result_file/exports.hpp"
#include "suite/result_file/file_content.hpp"
#include "suite/result_file/result_reader.hpp"
#include "suite/result_file/result_writer.hpp"
#include "suite/stats/consensus.hpp"
#include "suite/stats/stability.hpp"

namespace autobench::result_file {

std::string result_path(const std::string& run_dir) {
  return (std::filesystem::path(run_dir) / "autobench.h5").string();
}

RankSummary write_rank_part(const std::string& run_dir, const results::RunInfo& info, const std::string& settings_json,
                            results::RankResult rank) {
  std::vector<results::RankResult> one;
  one.push_back(std::move(rank));
  order_campaigns(one);
  const results::RankResult& r = one.front();
  RankSummary s;
  std::vector<std::string> sweeps;
  try {
    files::ensure_directory(run_dir);
    files::own_directory(run_dir, "parts");  // a planted link is refused, as for csv/
    sweeps = write_part((std::filesystem::path(run_dir) / part_name(r.rank)).string(), info, settings_json, r);
  } catch (const std::exception& e) {
    s.part_status = std::string("missing: ") + e.what();
  }
  s.rank.rank = r.rank;
  s.rank.device = r.device;
  s.rank.start_error = r.start_error;
  s.rank.error = r.error;
  for (std::size_t i = 0; i < r.campaigns.size(); ++i)
    s.campaigns.push_back(results::summarize_campaign(r, r.campaigns[i], i < sweeps.size() ? sweeps[i] : ""));
  s.health = stats::gpu_evidence(r);
  s.consensus = stats::sweep_consensus_of_complete(r);
  try {
    if (s.part_status == "written") write_campaign_csvs((std::filesystem::path(run_dir) / "csv").string(), one);
  } catch (const std::exception& e) {
    s.export_error = e.what();
  }
  return s;
}

std::string write_root_file(const std::string& run_dir, results::RunInfo info, std::vector<RankSummary> ranks,
                            const std::string& settings_json, const std::vector<results::RankTimeSplit>& time_splits,
                            RunFileTimes* times) {
  using Clock = std::chrono::steady_clock;
  const auto since = [](Clock::time_point t) { return std::chrono::duration<double>(Clock::now() - t).count(); };
  RunFileTimes spent;
  const auto t0 = Clock::now();
  RootContent content;
  std::vector<results::CampaignSummary> campaigns;
  std::vector<results::ConsensusRow> sweep_rows;
  for (const auto& r : ranks) {
    if (r.part_status != "written") {  // its points are only in its journal: the file holds none of them
      info.complete = false;
      continue;
    }
    campaigns.insert(campaigns.end(), r.campaigns.begin(), r.campaigns.end());
    sweep_rows.insert(sweep_rows.end(), r.consensus.begin(), r.consensus.end());
  }
  content.stability = in_groups_by_first_appearance(
      stats::stability_of_complete(campaigns),
      [](const results::StabilityRow& r) { return std::pair{r.kernel, r.detector}; });
  content.consensus = stats::consensus_of_sweeps(std::move(sweep_rows));
  content.info = std::move(info);
  content.settings_json = settings_json;
  content.ranks = std::move(ranks);
  content.time_splits = time_splits;
  spent.statistics_s = since(t0);
  const std::string path = result_path(run_dir);
  const auto t_file = Clock::now();
  write_root(path, content);
  spent.file_s = since(t_file);
  const auto t_summary = Clock::now();
  // summary.json: the report of the file as written, from its root alone (the parts are not read again)
  write_summary(run_dir, summary_text(read_run_summary(path), path));
  spent.exports_s = since(t_summary);
  if (times) *times = spent;
  return path;
}

std::string write_run_file(const std::string& run_dir, const results::RunInfo& info,
                           std::vector<results::RankResult> ranks, const std::string& settings_json,
                           const std::vector<results::RankTimeSplit>& time_splits, RunFileTimes* times) {
  std::vector<RankSummary> summaries;
  std::string problem;  // the first part that could not be written
  for (auto& r : ranks) {
    summaries.push_back(write_rank_part(run_dir, info, settings_json, std::move(r)));
    if (problem.empty()) problem = part_problem(summaries.back());
  }
  const std::string path = write_root_file(run_dir, info, std::move(summaries), settings_json, time_splits, times);
  if (!problem.empty()) throw std::runtime_error(problem);  // the root names the rank missing, marked incomplete
  return path;
}

}  // namespace autobench::result_file
