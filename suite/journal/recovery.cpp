// Journal recovery (see recovery.hpp).
#include "suite/journal/recovery.hpp"

#include <algorithm>
#include <filesystem>
#include <map>
#include <tuple>

#include "suite/autoscale/sweep.hpp"
#include "suite/energy/power_points.hpp"
#include "suite/result_file/result_reader.hpp"
#include "suite/text/echo.hpp"

namespace autobench::journal {
namespace {

bool has_finished(const std::vector<results::Campaign>& list, const std::string& kernel, const std::string& detector,
                  int repeat) {
  return std::any_of(list.begin(), list.end(), [&](const results::Campaign& c) {
    return c.kernel == kernel && c.detector == detector && c.repeat == repeat && finished(c);
  });
}

}  // namespace

bool finished(const results::Campaign& c) {
  return c.complete && c.stop_reason != results::StopReason::interrupted &&
         std::none_of(c.points.begin(), c.points.end(),
                      [](const results::Point& p) { return p.power_reason == energy::reason::stopped; });
}

results::RankResult recover_rank(const RankJournal& journal, const campaign::Plan& plan,
                                 const campaign::RunSettings& settings, int rank) {
  results::RankResult r = journal.rank;
  r.rank = rank;
  for (const auto& [key, points] : journal.unfinished) {
    const auto& [kernel, repeat] = key;
    for (const auto& sweep : plan.sweeps) {
      if (sweep.kernel != kernel || sweep.repeat != repeat) continue;
      for (const auto& detector : sweep.detectors) {
        if (has_finished(r.campaigns, kernel, detector, repeat)) continue;
        results::Campaign c;
        c.rank = rank;
        c.kernel = kernel;
        c.detector = detector;
        c.repeat = repeat;
        c.metric_unit = kernels::find(kernel)->metric_unit();
        c.points = points;  // as measured: refinement points go back between the sweep's sizes
        std::stable_sort(c.points.begin(), c.points.end(),
                         [](const results::Point& a, const results::Point& b) { return a.size < b.size; });
        c.knee_index = static_cast<std::int64_t>(points.size()) - 1;
        c.knee_size = c.points.back().size;
        c.stop_reason = results::StopReason::interrupted;
        c.detector_params = autoscale::describe_detector_params(settings.autoscale_for(kernel));
        c.complete = false;
        r.campaigns.push_back(std::move(c));
      }
    }
  }
  order_by_plan(plan, r.campaigns);
  return r;
}

void order_by_plan(const campaign::Plan& plan, std::vector<results::Campaign>& campaigns) {
  auto position = [&](const results::Campaign& c) {
    std::size_t pos = 0;
    for (const auto& sweep : plan.sweeps) {
      for (const auto& d : sweep.detectors) {
        if (sweep.kernel == c.kernel && sweep.repeat == c.repeat && d == c.detector) return pos;
        ++pos;
      }
    }
    return pos;
  };
  std::stable_sort(campaigns.begin(), campaigns.end(),
                   [&](const results::Campaign& a, const results::Campaign& b) { return position(a) < position(b); });
}

campaign::Plan remaining_plan(const campaign::Plan& plan, const std::vector<results::Campaign>& done) {
  campaign::Plan rest = plan;
  std::erase_if(rest.sweeps, [&](const campaign::SweepSpec& sweep) {
    return std::all_of(sweep.detectors.begin(), sweep.detectors.end(),
                       [&](const std::string& d) { return has_finished(done, sweep.kernel, d, sweep.repeat); });
  });
  return rest;
}

namespace {

bool planned(const campaign::Plan& plan, const results::Campaign& c) {
  return std::any_of(plan.sweeps.begin(), plan.sweeps.end(), [&](const campaign::SweepSpec& sweep) {
    return sweep.kernel == c.kernel && sweep.repeat == c.repeat &&
           std::find(sweep.detectors.begin(), sweep.detectors.end(), c.detector) != sweep.detectors.end();
  });
}

// A journal of a rank the manifest does not count (journal/rank<R>.jsonl, R >= ranks): run.json was
// edited, and merging without it would drop the rank silently. "" when there is none.
std::string journal_beyond(const std::string& run_dir, int ranks) {
  std::error_code ec;
  for (const auto& entry : std::filesystem::directory_iterator(std::filesystem::path(run_dir) / "journal", ec)) {
    const std::string name = entry.path().filename().string();
    if (name.size() < 11 || name.rfind("rank", 0) != 0 || !name.ends_with(".jsonl")) continue;
    const std::string number = name.substr(4, name.size() - 10);
    if (number.empty() || number.size() > 9 || number.find_first_not_of("0123456789") != std::string::npos) continue;
    if (std::stoi(number) >= ranks) return entry.path().string();
  }
  return "";
}

}  // namespace

RebuiltRun rebuild_run(const std::string& run_dir, const Manifest& manifest, const campaign::Plan& plan) {
  RebuiltRun run;
  if (const std::string beyond = journal_beyond(run_dir, manifest.info.ranks); !beyond.empty())
    throw std::runtime_error(beyond + " is a journal of a rank beyond run.json's " + std::to_string(manifest.info.ranks) +
                             " ranks (run.json edited?)");
  for (int r = 0; r < manifest.info.ranks; ++r) {
    const std::string path = journal_path(run_dir, r);
    results::RankResult never_started;
    never_started.rank = r;
    if (!std::filesystem::exists(path)) {
      never_started.start_error = "no journal: the rank never started";
      run.ranks.push_back(never_started);
      run.complete = false;
      continue;
    }
    const RankJournal j = read_file(path);
    if (j.started && j.run_id != manifest.run_id)
      throw std::runtime_error(path + " is not this run's journal (" +
                               (j.run_id.empty() ? std::string("it names no run") : "run id " + j.run_id) + ", run.json's is " +
                               (manifest.run_id.empty() ? std::string("missing") : manifest.run_id) + "): move it away");
    if (!j.damage.empty()) run.damage.push_back(j.damage);
    if (!j.started) {
      never_started.start_error = "its journal has no start record (damaged): the rank is measured again";
      run.ranks.push_back(never_started);
      run.complete = false;
      continue;
    }
    for (const auto& c : j.rank.campaigns)
      if (!planned(plan, c))
        throw std::runtime_error(path + " holds " + text::echo(c.kernel) + "/" + text::echo(c.detector) + " repeat " +
                                 std::to_string(c.repeat) +
                                 ", which run.json does not plan (run.json edited?)");
    run.ranks.push_back(recover_rank(j, plan, manifest.settings, r));
    // Complete only when the journal went through its plan and holds every planned campaign finished.
    run.complete = run.complete && j.done && remaining_plan(plan, run.ranks.back().campaigns).sweeps.empty();
    for (const auto& c : run.ranks.back().campaigns) run.complete = run.complete && c.complete;
  }
  return run;
}

std::string lost_in(const std::vector<results::RankResult>& held, const std::vector<results::RankResult>& rebuilt) {
  using Key = std::tuple<int, std::string, std::string, int>;
  std::map<Key, const results::Campaign*> there;
  std::map<int, const results::RankResult*> ranks;
  for (const auto& r : rebuilt) {
    ranks[r.rank] = &r;
    for (const auto& c : r.campaigns) there[{r.rank, c.kernel, c.detector, c.repeat}] = &c;
  }
  int campaigns = 0, devices = 0;
  std::string example, device_example;
  for (const auto& r : held) {
    const auto rank = ranks.find(r.rank);
    if (r.start_error.empty() && (rank == ranks.end() || !rank->second->start_error.empty()) && !devices++)
      device_example = "rank " + std::to_string(r.rank) + "'s device";
    for (const auto& c : r.campaigns) {
      const auto it = there.find({r.rank, c.kernel, c.detector, c.repeat});
      if (it != there.end() && (it->second->complete || !c.complete) && it->second->points.size() >= c.points.size())
        continue;
      if (!campaigns++)
        example = "rank " + std::to_string(r.rank) + " " + c.kernel + "/" + c.detector + " repeat " +
                  std::to_string(c.repeat);
    }
  }
  if (campaigns == 0 && devices == 0) return "";
  std::string what = campaigns ? std::to_string(campaigns) + " campaign(s)" : "";
  if (devices) what += (what.empty() ? "" : " and ") + std::to_string(devices) + " device description(s)";
  return what + " (e.g. " + (example.empty() ? device_example : example) + ")";
}

HeldFile compare_results_file(const std::string& path, const RebuiltRun& run) {
  if (!std::filesystem::exists(path)) return HeldFile::absent;
  results::ResultFile held;
  try {
    held = result_file::read_results(path);
  } catch (const std::runtime_error& e) {
    throw std::invalid_argument(path + " cannot be read (" + e.what() +
                                "); not replacing it: move it away to rebuild it from the journals");
  }
  if (const std::string lost = lost_in(held.ranks, run.ranks); !lost.empty())
    throw std::invalid_argument(path + " holds " + lost +
                                " that the journals do not (journal/ missing or damaged?); not replacing it");
  const bool nothing_new = lost_in(run.ranks, held.ranks).empty();
  if (held.info.complete && !run.complete) {
    if (nothing_new) return HeldFile::complete;
    throw std::invalid_argument(path + " is a complete run and the journals are not, yet they hold campaigns it lacks "
                                       "(journal/ of another run?); not replacing it");
  }
  return held.info.complete == run.complete && nothing_new ? HeldFile::same : HeldFile::less;
}

}  // namespace autobench::journal
