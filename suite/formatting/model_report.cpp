// Model file report (see model_report.hpp).
#include "suite/formatting/model_report.hpp"

#include <fmt/format.h>
#include <cstdio>
#include <sstream>

#include "suite/formatting/text_table.hpp"

namespace autobench::formatting {
namespace {

std::string join(const std::vector<double>& v) {
  std::string s;
  for (double x : v) s += (s.empty() ? "" : ", ") + fmt::format("{:g}", x);
  return s;
}

// Rows are steps, columns the parameters; a main step fills the cells of the parameters it tried, an
// interaction step those of the partners of the parameter just added. '*' marks what entered.
std::string path_table(const modeling::ModelRun& run) {
  const auto& params = run.selection.model.parameters();
  std::vector<std::size_t> shown;
  std::vector<TextTable::Column> cols{{"step", TextTable::Align::right}, {"tries", TextTable::Align::left}};
  for (std::size_t j = 0; j < params.size(); ++j)
    if (params[j].kind() != model::ParameterKind::constant) {
      shown.push_back(j);
      cols.push_back({params[j].name(), TextTable::Align::right});
    }
  cols.push_back({"R2", TextTable::Align::right});
  cols.push_back({"adj R2", TextTable::Align::right});
  TextTable t(cols);
  for (std::size_t s = 0; s < run.selection.path.size(); ++s) {
    const auto& step = run.selection.path[s];
    std::vector<std::string> cells{std::to_string(s + 1), "main"};
    std::vector<std::string> values(shown.size());
    for (std::size_t c = 0; c < step.candidates.size(); ++c) {
      const auto& term = step.candidates[c].term;
      // In an interaction step the cell is the partner's: the parameter the new one (second) pairs with.
      const int column = term.first;
      if (step.interaction) cells[1] = params[static_cast<std::size_t>(term.second)].name() + " x";
      for (std::size_t k = 0; k < shown.size(); ++k)
        if (static_cast<int>(shown[k]) == column)
          values[k] = fmt::format("{:.4f}", step.candidates[c].adjusted_r_squared) + (step.chosen == static_cast<int>(c) ? "*" : "");
    }
    cells.insert(cells.end(), values.begin(), values.end());
    cells.push_back(fmt::format("{:.4f}", step.r_squared));
    cells.push_back(fmt::format("{:.4f}", step.adjusted_r_squared));
    t.add_row(cells);
  }
  return t.str();
}

std::string terms_table(const modeling::ModelRun& run) {
  const auto& m = run.selection.model;
  TextTable t({{"term", TextTable::Align::left},
               {"columns", TextTable::Align::right},
               {"R2 gain", TextTable::Align::right},
               {"coding", TextTable::Align::left}});
  for (std::size_t i = 0; i < m.terms().size(); ++i) {
    const auto& term = m.terms()[i];
    std::string coding = "interaction (products of both terms' columns)";
    if (!term.interaction()) {
      const auto& p = m.parameters()[static_cast<std::size_t>(term.first)];
      coding = p.kind() == model::ParameterKind::categorical
                   ? "indicators, levels " + join(p.levels())
                   : std::string("natural cubic spline") + (p.log_scale() ? " of log2" : "") + ", knots " + join(p.knot_values());
    }
    const double gain = i < run.selection.term_r_squared_gain.size() ? run.selection.term_r_squared_gain[i] : 0.0;
    t.add_row({model::term_name(term, m.parameters()), std::to_string(model::term_columns(term, m.parameters())),
               fmt::format("{:.4f}", gain), coding});
  }
  return t.str();
}

}  // namespace

std::string model_report(const modeling::ModelRun& run, const std::string& path) {
  std::ostringstream o;
  o << "model file " << path << "\n";
  o << "kernel " << run.kernel << " on " << run.device_model << " (" << run.info.backend << " backend"
    << (run.info.backend == "sim" ? ": simulated, not a GPU measurement" : "") << "), " << run.info.ranks
    << " rank(s), " << run.training.rows.size() << " training and " << run.test.rows.size() << " held-out samples\n";
  o << "selection: theta " << run.options.theta << ", phi " << run.options.phi << " (" << model::kGainNames.name(run.options.gain)
    << " gains), at most " << run.options.max_terms << " terms, " << run.options.rows_per_column
    << " observations per column, " << run.options.interior_knots << " interior knot(s) per numeric parameter, "
    << model::kInteractionsNames.name(run.options.interactions) << " interactions, " << model::kRefitNames.name(run.options.refit)
    << " refit, " << run.options.bagging << " fit(s) averaged, response "
    << (run.options.log_response ? "ln(time)" : "time") << "\n\n";
  o << "Selection path (adjusted R2 of each candidate; * entered; 'P x' rows try P's interactions)\n"
    << path_table(run) << "\n";
  o << "Final model: " << run.selection.model.terms().size() << " terms, "
    << run.selection.model.coefficients().size() << " coefficients, R2 " << fmt::format("{:.4f}", run.selection.r_squared)
    << ", adjusted R2 " << fmt::format("{:.4f}", run.selection.adjusted_r_squared) << "\n"
    << terms_table(run) << "\n";
  o << "Held-out errors (" << run.errors.points << " points): mean " << fmt::format("{:.2f}", 100 * run.errors.mean_relative)
    << " %, median " << fmt::format("{:.2f}", 100 * run.errors.median_relative) << " %, max "
    << fmt::format("{:.2f}", 100 * run.errors.max_relative) << " %\n";
  return o.str();
}

}  // namespace autobench::formatting
