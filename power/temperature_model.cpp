#include "power/temperature_model.hpp"

#include <cmath>
#include <set>
#include <stdexcept>
#include <string>
#include <vector>

namespace autobench::power {

TemperatureFit fit_temperature(std::span<const double> temperature_c, std::span<const double> power_w) {
  if (temperature_c.size() != power_w.size()) {
    throw std::invalid_argument("fit_temperature: " + std::to_string(temperature_c.size()) +
                                " temperatures but " + std::to_string(power_w.size()) + " power values");
  }
  const std::set<double> distinct(temperature_c.begin(), temperature_c.end());
  if (temperature_c.size() < 3 || distinct.size() < 2) {
    throw std::invalid_argument("fit_temperature: needs at least 3 points at 2 distinct temperatures, got " +
                                std::to_string(temperature_c.size()) + " points at " +
                                std::to_string(distinct.size()) + " temperatures");
  }
  const auto n = static_cast<Eigen::Index>(temperature_c.size());
  Eigen::MatrixXd design(n, 2);
  Eigen::VectorXd y(n);
  for (Eigen::Index i = 0; i < n; ++i) {
    const auto k = static_cast<std::size_t>(i);
    if (!std::isfinite(temperature_c[k]) || !std::isfinite(power_w[k])) {
      throw std::invalid_argument("fit_temperature: point " + std::to_string(i) + " is not finite");
    }
    design(i, 0) = 1.0;
    design(i, 1) = temperature_c[k];
    y[i] = power_w[k];
  }
  const Eigen::VectorXd p = numerics::linear_least_squares(design, y);
  TemperatureFit out{{p[0], p[1]}, {}};
  std::vector<double> predicted(temperature_c.size());
  for (std::size_t i = 0; i < predicted.size(); ++i) predicted[i] = out.model.power_w(temperature_c[i]);
  out.quality = numerics::fit_quality(power_w, predicted);
  return out;
}

}  // namespace autobench::power
