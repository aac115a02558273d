// A model run's fit (see model_fit.hpp).
#include "suite/modeling/model_fit.hpp"

#include <string>

namespace autobench::modeling {

void fit_model(ModelRun& run, const DesignSpace& space, const std::vector<DesignPoint>& points,
               const std::vector<double>& time_s, const std::vector<std::int64_t>& rank, std::size_t training) {
  for (std::size_t i = 0; i < points.size(); ++i) {
    auto& set = i < training ? run.training : run.test;
    set.rows.push_back(to_row(points[i], space));
    set.time_s.push_back(time_s[i]);
    set.rank.push_back(rank[i]);
  }
  const std::vector<std::string> names = parameter_names(space);
  std::vector<model::Row> all = run.training.rows;
  all.insert(all.end(), run.test.rows.begin(), run.test.rows.end());
  run.selection = model::select(names, run.training.rows, run.training.time_s, run.options, model::coding_of(names, all));
  run.errors = model::held_out_errors(run.selection.model, run.test.rows, run.test.time_s);
}

}  // namespace autobench::modeling
