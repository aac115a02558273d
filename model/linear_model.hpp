// A linear model over parameters' columns: main-effect and pairwise-interaction terms, its least-squares
// fit, prediction and fit statistics (R², adjusted R²).
#pragma once

#include <Eigen/Dense>

#include <string>
#include <vector>

#include "model/parameter.hpp"
#include "record/names.hpp"

namespace autobench::model {

// A main effect (second < 0) or the interaction of two parameters (indices into the parameters):
// an interaction's columns are the products of every column of the one with every column of the other,
// or, when `linear`, of a numeric parameter's linear column only (its value on the model's scale) with
// the other's (a categorical keeps its indicators): one column for two numeric parameters.
struct Term {
  int first = 0;
  int second = -1;
  bool linear = false;
  bool interaction() const { return second >= 0; }
  bool operator==(const Term&) const = default;
};
// "MWG", "MWG:NWG", or "MWG*NWG" for a linear interaction.
std::string term_name(const Term& t, const std::vector<Parameter>& parameters);
int term_columns(const Term& t, const std::vector<Parameter>& parameters);

// One observation: a value per parameter, in the parameters' order.
using Row = std::vector<double>;

// One parameter's columns at every row (rows × its columns), and an interaction's: every column of
// `a` times every column of `b` (a's column-major: a₁b₁, a₁b₂, …).
Eigen::MatrixXd parameter_block(const std::vector<Parameter>& parameters, int parameter, const std::vector<Row>& rows);
Eigen::MatrixXd product_block(const Eigen::MatrixXd& a, const Eigen::MatrixXd& b);
// A term's columns from its parameters' blocks (`second` is ignored for a main effect).
Eigen::MatrixXd term_block(const std::vector<Parameter>& parameters, const Term& t, const Eigen::MatrixXd& first,
                           const Eigen::MatrixXd& second);
// The design matrix: an intercept column, then the terms' columns in order.
Eigen::MatrixXd design_matrix(const std::vector<Parameter>& parameters, const std::vector<Term>& terms,
                              const std::vector<Row>& rows);

// 1 − SS_res/SS_tot of a fit to n observations, and 1 − (1 − R²)(n − 1)/(n − p − 1) for p columns
// besides the intercept (−∞ when n − p − 1 <= 0: the fit has no residual degrees of freedom).
double adjusted_r_squared(double r_squared, std::size_t n, std::size_t p);

struct FitStats {
  double r_squared = 0;
  double adjusted_r_squared = 0;
  std::size_t columns = 0;  // p: columns besides the intercept
};

// What a fit targets: y, or ln y when log_response; throws std::invalid_argument for a non-finite value
// (or a non-positive one for a log response).
Eigen::VectorXd fit_target(const std::vector<double>& y, bool log_response);
// Least-squares coefficients of `target` on the columns of `a` (the first the intercept), with the fit's
// statistics in `stats` when given.
Eigen::VectorXd least_squares(const Eigen::MatrixXd& a, const Eigen::VectorXd& target, FitStats* stats = nullptr);

// How a model's coefficients are fitted once its terms are known: least squares, or ridge with the
// penalty chosen by generalized cross-validation (model/ridge.hpp).
enum class Refit { least_squares, ridge };
inline constexpr auto kRefitNames = record::names<Refit>("refit", {{Refit::least_squares, "least-squares"}, {Refit::ridge, "ridge"}});

class LinearModel {
 public:
  LinearModel() = default;
  LinearModel(std::vector<Parameter> parameters, std::vector<Term> terms, std::vector<double> coefficients,
              bool log_response);
  // Least squares (or `refit`) of y (or ln y when log_response; y must then be positive) on the terms'
  // columns; `stats` are the least-squares fit's.
  static LinearModel fit(const std::vector<Parameter>& parameters, const std::vector<Term>& terms,
                         const std::vector<Row>& rows, const std::vector<double>& y, bool log_response,
                         FitStats* stats = nullptr, Refit refit = Refit::least_squares);

  // The response at one point (back-transformed with exp when log_response).
  double predict(const Row& x) const;

  const std::vector<Parameter>& parameters() const { return parameters_; }
  const std::vector<Term>& terms() const { return terms_; }
  const std::vector<double>& coefficients() const { return coefficients_; }  // intercept first, then per column
  bool log_response() const { return log_response_; }

 private:
  std::vector<Parameter> parameters_;
  std::vector<Term> terms_;
  std::vector<double> coefficients_;
  bool log_response_ = false;
};

}  // namespace autobench::model
