// The text of `model evaluate` (see model_evaluation_text.hpp).
#include "suite/formatting/model_evaluation_text.hpp"

#include <algorithm>
#include <iterator>

#include <fmt/format.h>

namespace autobench::formatting {

std::string learning_curve_text(const modeling::ModelRun& run, std::size_t points, const modeling::EvaluationSettings& s,
                                const model::StepwiseOptions& options, const modeling::Offered& offered,
                                const std::vector<modeling::EvaluationRow>& rows) {
  std::string out;
  auto to = std::back_inserter(out);
  fmt::format_to(to, "{} on {} ({} backend): {} measured points, {} random training sets per row, top-{} per size\n",
                 run.kernel, run.device_model, run.info.backend, points, s.repeats, s.top_k);
  fmt::format_to(to, "refits: theta {}, phi {} ({} gains), at most {} terms, {} observations per column, {} interior "
                 "knot(s), {} interactions, {} refit, {} fit(s) averaged, response {}, launch parameters {}, derived "
                 "parameters {}\n",
                 options.theta, options.phi, model::kGainNames.name(options.gain), options.max_terms, options.rows_per_column,
                 options.interior_knots, model::kInteractionsNames.name(options.interactions), model::kRefitNames.name(options.refit),
                 options.bagging, options.log_response ? "ln(time)" : "time", offered.launch ? "on" : "off",
                 offered.derived ? "on" : "off");
  fmt::format_to(to, "{:>8} {:>9} {:>14} {:>12} {:>6} {:>18} {:>18}\n", "samples", "measured", "stepwise err %",
                 "fixed err %", "terms", "model best/opt", "random best/opt");
  for (const auto& r : rows)
    fmt::format_to(to, "{:8} {:8.1f}% {:14.2f} {:12.2f} {:6.1f} {:9.4f} (max {:.3f}) {:8.4f} (max {:.3f})\n", r.samples,
                   100 * r.measured_fraction, 100 * r.stepwise_error, 100 * r.fixed_error, r.stepwise_terms,
                   r.model_ratio_mean, r.model_ratio_max, r.random_ratio_mean, r.random_ratio_max);
  return out;
}

std::string tuner_replay_text(const std::vector<modeling::TunerReplayRow>& replay, const modeling::TunerReplaySettings& t,
                              bool launches) {
  std::string out;
  auto to = std::back_inserter(out);
  fmt::format_to(to, "model tuner replayed over the sizes in ascending order ({} seeds; warm-up {} random, then the "
                 "refitted top-{} until timed; top-{} + {} incumbents{} + {} random, then the one-tunable neighbours of "
                 "the fastest{}, per guided size; {})\n",
                 t.repeats, t.warmup_budget, t.top_k, t.top_k, t.incumbents, launches ? " + one per grid" : "", t.random,
                 launches ? " and of the fastest on another grid" : "",
                 launches ? "each launch's waves and blocks per SM as parameters"
                          : "no launch geometry: the kernel has none or the device's SM count is not recorded");
  fmt::format_to(to, "{:>10} {:>8} {:>7} {:>7} {:>9} {:>18} {:>10}\n", "size", "configs", "guided", "timed", "further",
                 "best/opt", "within 2%");
  double timed = 0, configs = 0, worst = 1;
  int within = 0, guided_within = 0, guided_runs = 0;  // guided: at the sizes the model guided in every repeat
  for (const auto& r : replay) {
    fmt::format_to(to, "{:10.0f} {:8} {:4}/{:<2} {:7.1f} {:9.1f} {:9.4f} (max {:.3f}) {:7}/{}\n", r.size, r.configurations,
                   r.guided, t.repeats, r.timed_mean, r.further_mean, r.ratio_mean, r.ratio_max, r.within_2_percent,
                   t.repeats);
    timed += r.timed_mean;
    configs += static_cast<double>(r.configurations);
    worst = std::max(worst, r.ratio_max);
    within += r.within_2_percent;
    if (r.guided == t.repeats) {
      guided_within += r.within_2_percent;
      guided_runs += t.repeats;
    }
  }
  fmt::format_to(to, "timed {:.1f} % of the configurations; within 2 % of the best in {} of {} (size, seed) pairs ({:.1f} "
                 "of {} sizes per seed), at the guided sizes in {} of {}; worst {:.3f}\n",
                 100 * timed / configs, within, static_cast<int>(replay.size()) * t.repeats,
                 static_cast<double>(within) / t.repeats, replay.size(), guided_within, guided_runs, worst);
  return out;
}

}  // namespace autobench::formatting
