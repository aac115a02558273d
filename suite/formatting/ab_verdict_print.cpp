// Printing A/B verdicts (see ab_verdict_print.hpp).
#include "suite/formatting/ab_verdict_print.hpp"

#include "record/json.hpp"
#include "suite/formatting/number_text.hpp"
#include "suite/formatting/text_table.hpp"

namespace autobench::formatting {
namespace {

using Align = TextTable::Align;

std::string settle_text(const stats::RatioVerdict& v) {
  if (v.verdict != stats::Verdict::ambiguous) return "";
  if (v.more_launches < 0) return "at the threshold: more launches will not settle it";
  return "about " + std::to_string(v.more_launches) + " more launches";
}

}  // namespace

std::string ab_table(const stats::AbComparison& c) {
  TextTable table({{"kernel"},
                   {"region"},
                   {"sizes"},
                   {"launches a/b", Align::right},
                   {"time b/a", Align::right},
                   {"interval", Align::right},
                   {"verdict"},
                   {"to settle"}});
  for (const auto& r : c.rows) {
    const auto& v = r.verdict;
    if (v.strata == 0) {
      table.add_row({r.kernel, stats::to_string(r.region), "none on both sides", "-", "-", "-", "-", ""});
      continue;
    }
    table.add_row({r.kernel, stats::to_string(r.region),
                   std::to_string(v.strata) + " (" + std::to_string(r.size_low) + ".." + std::to_string(r.size_high) + ")",
                   std::to_string(v.launches_a) + "/" + std::to_string(v.launches_b), number_or(v.ratio, "{:.4f}", "-"),
                   "[" + number_or(v.low, "{:.4f}", "-") + ", " + number_or(v.high, "{:.4f}", "-") + "]",
                   stats::to_string(v.verdict), settle_text(v)});
  }
  std::string out = "A/B verdicts (b relative to a; FASTER: b takes less time)\n  a: " + c.a + "\n  b: " + c.b +
                    "\n  time b/a: geometric mean over the sizes of mean launch time b / a, " +
                    number_or(100 * c.level, "{:.0f}", "-") + "% bootstrap interval; SAME: interval within +-" +
                    number_or(100 * c.threshold, "{:g}", "-") + "%; regions cut at a's median knee size (x/" +
                    number_or(stats::kKneeBand, "{:g}", "-") + " .. x" + number_or(stats::kKneeBand, "{:g}", "-") +
                    ")\n" + table.str();
  if (!c.unmatched_kernels.empty()) {
    out += "Not compared (no launch times on both sides):";
    for (const auto& k : c.unmatched_kernels) out += " " + k;
    out += "\n";
  }
  return out;
}

nlohmann::json ab_json(const stats::AbComparison& c) {
  nlohmann::json rows = nlohmann::json::array();
  for (const auto& r : c.rows) {
    const auto& v = r.verdict;
    const bool judged = v.strata > 0;
    rows.push_back({{"kernel", r.kernel},
                    {"region", stats::to_string(r.region)},
                    {"knee_size", r.knee_size},
                    {"size_low", r.size_low},
                    {"size_high", r.size_high},
                    {"sizes", v.strata},
                    {"launches_a", v.launches_a},
                    {"launches_b", v.launches_b},
                    {"verdict", judged ? nlohmann::json(stats::to_string(v.verdict)) : nlohmann::json()},
                    {"ratio", record::number_to_json(v.ratio)},
                    {"ratio_low", record::number_to_json(v.low)},
                    {"ratio_high", record::number_to_json(v.high)},
                    {"more_launches", judged && v.verdict == stats::Verdict::ambiguous ? nlohmann::json(v.more_launches)
                                                                                        : nlohmann::json()}});
  }
  return {{"a", c.a},         {"b", c.b},         {"a_model", c.a_model},
          {"b_model", c.b_model}, {"threshold", c.threshold}, {"level", c.level},
          {"unmatched_kernels", c.unmatched_kernels}, {"rows", rows}};
}

}  // namespace autobench::formatting
