// t(f) = t_fixed + W/f (see scaling_time_model.hpp).
#include "power/scaling_time_model.hpp"

#include <stdexcept>
#include <vector>

namespace autobench::power {

ScalingTimeFit fit_scaling_time(std::span<const double> clock_mhz, std::span<const double> time) {
  const numerics::FitData d = numerics::fit_data("fit_scaling_time", clock_mhz, time, 2);
  if (!(d.x_min > 0)) throw std::invalid_argument("fit_scaling_time: a clock of 0 MHz has no 1/f");
  Eigen::MatrixXd design(d.x.size(), 2);
  design.col(0).setOnes();
  design.col(1) = d.x.cwiseInverse();
  const Eigen::VectorXd p = numerics::linear_least_squares(design, d.y);
  const Eigen::VectorXd se = numerics::standard_errors(design, (design * p - d.y).squaredNorm());
  ScalingTimeFit out{{p[0], p[1]}, {se[0], se[1]}, {}};
  std::vector<double> predicted;
  for (double f : clock_mhz) predicted.push_back(out.model.time(f));
  out.quality = numerics::fit_quality(time, predicted);
  return out;
}

}  // namespace autobench::power
