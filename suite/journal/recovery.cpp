// Journal recovery (see recovery.hpp).
#include "suite/journal/recovery.hpp"

#include <algorithm>

#include "suite/autoscale/sweep.hpp"

namespace autobench::journal {
namespace {

bool has_finished(const std::vector<results::Campaign>& list, const std::string& kernel, const std::string& detector,
                  int repeat) {
  return std::any_of(list.begin(), list.end(), [&](const results::Campaign& c) {
    return c.kernel == kernel && c.detector == detector && c.repeat == repeat && finished(c);
  });
}

}  // namespace

bool finished(const results::Campaign& c) { return c.complete && c.stop_reason != results::StopReason::interrupted; }

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

}  // namespace autobench::journal
