// Forward stepwise selection of spline terms by adjusted R² (Stargazer: Jia, Shaw & Martonosi), with
// the selection path kept as data (every candidate's adjusted R² at every step: the paper's Table 1).
#pragma once

#include <string>
#include <vector>

#include "model/linear_model.hpp"
#include "record/names.hpp"

namespace autobench::model {

// What θ and φ are compared with when a candidate raises adjusted R² from A to A′: absolute, A′ − A (the
// paper); relative, (A′ − A) / (1 − A), the share of the variance the model still leaves unexplained that
// the candidate explains. They agree at the first step (A = 0). Relative gains let a parameter in that
// matters once a dominant one (e.g. the problem size, 98 % of the variance of ln t for GEMM) is in.
enum class Gain { absolute, relative };
inline constexpr auto kGainNames = record::names<Gain>("gain", {{Gain::relative, "relative"}, {Gain::absolute, "absolute"}});

// What an interaction multiplies: every column of both parameters' splines (the default), or their
// linear columns only (Term::linear): one column per numeric pair, so an interaction costs the fit
// one degree of freedom instead of up to (knots + 1)², which small training sets can afford.
enum class Interactions { splines, linear };
inline constexpr auto kInteractionsNames =
    record::names<Interactions>("interactions", {{Interactions::splines, "splines"}, {Interactions::linear, "linear"}});

struct StepwiseOptions {
  double theta = 0.01;       // a parameter enters when it raises adjusted R² by more than this (see Gain)
  double phi = 0.01;         // an interaction enters when it raises adjusted R² by more than this
  Gain gain = Gain::relative;
  Interactions interactions = Interactions::splines;
  Refit refit = Refit::least_squares;  // the chosen terms' final fit (selection itself is least squares)
  int max_terms = 20;        // main effects and interactions together
  int interior_knots = 2;    // per numeric parameter, 1..3 (fewer when it has few distinct values)
  bool log_response = false; // model ln y
  // A candidate is tried only while the model with it keeps at least this many observations per column
  // (columns besides the intercept, 1..100; 1: only while the fit has residual degrees of freedom).
  int rows_per_column = 4;
  // Fits averaged (bagging), 1..100. 1: the training set's selection and fit. B > 1: the model is the
  // average of B selections and fits on bootstrap resamples of the training set (seeded, the same
  // parameters' coding and knots): the union of their terms, each coefficient the mean over the fits
  // (0 where a fit lacks the term), which predicts the mean of their predictions on the fitted scale
  // (ln y for a log response). Needs Refit::ridge: least-squares fits on resamples, whose points repeat,
  // can mispredict by orders of magnitude. It pays where the selection is unstable (GEMM's space: held-out
  // error 5.00 -> 4.6 % at 100 samples, bench/model/README.md), not where one fit is already good.
  int bagging = 1;
};
// Throws std::invalid_argument naming the bad option and what is allowed.
void check(const StepwiseOptions& o);

struct Candidate {
  Term term;
  double r_squared = 0;
  double adjusted_r_squared = 0;
};

// One step: the candidates tried (main effects of the parameters not yet chosen, or interactions of
// the parameter just added with those chosen before it; only those within rows_per_column) and the one
// that entered (−1: none gained enough, and this kind of step ended). r_squared/adjusted_r_squared:
// the model after the step.
struct Step {
  bool interaction = false;
  std::vector<Candidate> candidates;
  int chosen = -1;
  double r_squared = 0;
  double adjusted_r_squared = 0;
};

// Parameters to code otherwise than their values suggest (see Parameter::describe).
struct ParameterCoding {
  std::vector<std::string> categorical;  // indicators whatever their values
  std::vector<std::string> numeric;      // splines even with two values (e.g. sizes seen so far)
};

// The coding the values in `rows` (e.g. every point of a design space) suggest: more than two distinct
// values numeric, two categorical. Fitting a subset with it codes every subset alike, so a level or
// value the subset lacks does not change a parameter's kind.
ParameterCoding coding_of(const std::vector<std::string>& names, const std::vector<Row>& rows);

// The training set's selection (its path and statistics), and the model: refitted on the chosen terms,
// or with bagging the average of the bootstrap fits.
struct Selection {
  LinearModel model;
  std::vector<Step> path;
  std::vector<double> term_r_squared_gain;  // per model term: the R² it added when it entered (NaN: a
                                            // term only bootstrap fits chose)
  double r_squared = 0;
  double adjusted_r_squared = 0;
};

// Forward selection from the intercept-only model. Each step fits the current terms plus each
// parameter's main effect and takes the one with the highest adjusted R² if it gains more than θ;
// after a parameter enters, its interactions with the parameters chosen before it are tried the same
// way (one at a time, best first) while they gain more than φ. Stops when no parameter gains θ, every
// parameter is in, no candidate fits within rows_per_column, or the model has max_terms terms. `names`
// and `rows` hold one value per parameter.
Selection select(const std::vector<std::string>& names, const std::vector<Row>& rows, const std::vector<double>& y,
                 const StepwiseOptions& options, const ParameterCoding& coding = {});

}  // namespace autobench::model
