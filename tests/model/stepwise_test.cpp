// Stepwise selection recovers known functions: additive splines plus one interaction, with noise. The
// right terms enter in the right order with the paper's absolute gains and with relative ones; θ, φ,
// the term cap and rows per column stop the selection; relative gains let in what matters after a
// dominant parameter; adjusted R² agrees with its closed form; and bagging averages bootstrap fits.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <random>

#include "model/held_out.hpp"
#include "model/stepwise.hpp"

namespace am = autobench::model;

namespace {

// y = 5 + 4 √a + 2 ln b + c (1.2 + 0.5 (b − 5.5)) + noise, a, b, d uniform on [1, 10], c a coin;
// d is a nuisance parameter. R² gains as they enter: a ≈ 0.55, b ≈ 0.38, c ≈ 0.03, c:b ≈ 0.045, d none.
struct Data {
  std::vector<std::string> names{"a", "b", "c", "d"};
  std::vector<am::Row> rows;
  std::vector<double> y;
};

double truth(const am::Row& r) {
  return 5 + 4 * std::sqrt(r[0]) + 2 * std::log(r[1]) + r[2] * (1.2 + 0.5 * (r[1] - 5.5));
}

Data make_data(std::size_t n, std::uint64_t seed, double noise = 0.05) {
  std::mt19937_64 rng(seed);
  std::uniform_real_distribution<double> u(1, 10);
  std::bernoulli_distribution coin(0.5);
  std::normal_distribution<double> eps(0, noise);
  Data d;
  for (std::size_t i = 0; i < n; ++i) {
    am::Row r{u(rng), u(rng), coin(rng) ? 1.0 : 0.0, u(rng)};
    d.y.push_back(truth(r) + eps(rng));
    d.rows.push_back(std::move(r));
  }
  return d;
}

std::vector<std::string> term_names(const am::LinearModel& m) {
  std::vector<std::string> out;
  for (const auto& t : m.terms()) out.push_back(am::term_name(t, m.parameters()));
  return out;
}

}  // namespace

TEST(Stepwise, RecoversAdditiveSplinesAndTheOneInteractionInOrder) {
  const Data d = make_data(300, 7);
  am::StepwiseOptions paper;
  paper.gain = am::Gain::absolute;
  EXPECT_EQ(term_names(am::select(d.names, d.rows, d.y, paper).model), (std::vector<std::string>{"a", "b", "c", "b:c"}));
  const auto s = am::select(d.names, d.rows, d.y, {});  // relative gains (the default)
  EXPECT_EQ(term_names(s.model), (std::vector<std::string>{"a", "b", "c", "b:c"}));
  EXPECT_GT(s.r_squared, 0.99);

  // The path, as the paper's Table 1: step 1 tries all four parameters and takes a.
  ASSERT_FALSE(s.path.empty());
  const auto& first = s.path.front();
  ASSERT_EQ(first.candidates.size(), 4u);
  EXPECT_EQ(first.chosen, 0);
  for (const auto& c : first.candidates) EXPECT_LE(c.adjusted_r_squared, first.candidates[0].adjusted_r_squared);
  // Each candidate's adjusted R² is that of the model fitted with it alone.
  am::FitStats f;
  am::LinearModel::fit(s.model.parameters(), {{1, -1}}, d.rows, d.y, false, &f);
  EXPECT_DOUBLE_EQ(first.candidates[1].adjusted_r_squared, f.adjusted_r_squared);
  // After b enters, a:b is tried and refused; the nuisance d is tried last and refused by θ.
  EXPECT_TRUE(s.path[2].interaction);
  EXPECT_EQ(s.path[2].chosen, -1);
  EXPECT_FALSE(s.path.back().interaction);
  EXPECT_EQ(s.path.back().chosen, -1);
  ASSERT_EQ(s.path.back().candidates.size(), 1u);
  EXPECT_EQ(am::term_name(s.path.back().candidates[0].term, s.model.parameters()), "d");

  // R² gains per term add up to the final R² and shrink in the order of the variance shares.
  ASSERT_EQ(s.term_r_squared_gain.size(), 4u);
  double total = 0;
  for (double g : s.term_r_squared_gain) total += g;
  EXPECT_NEAR(total, s.r_squared, 1e-12);
  EXPECT_GT(s.term_r_squared_gain[0], s.term_r_squared_gain[1]);
  EXPECT_GT(s.term_r_squared_gain[3], s.term_r_squared_gain[2]);

  // It predicts unseen points of the same function closely.
  const Data test = make_data(200, 99, 0.0);
  const auto e = am::held_out_errors(s.model, test.rows, test.y);
  EXPECT_EQ(e.points, 200u);
  EXPECT_LT(e.mean_relative, 0.02);
  EXPECT_LE(e.median_relative, e.max_relative);
}

TEST(Stepwise, ThetaPhiAndTheTermCapStopTheSelection) {
  const Data d = make_data(300, 7);
  // The paper's absolute gains: a adds about 0.55 to adjusted R², b 0.38, c 0.03, b:c 0.045.
  am::StepwiseOptions paper;
  paper.gain = am::Gain::absolute;
  am::StepwiseOptions o = paper;
  o.theta = 0.4;  // only a gains more than 0.4
  EXPECT_EQ(term_names(am::select(d.names, d.rows, d.y, o).model), std::vector<std::string>{"a"});
  o = paper;
  o.phi = 0.1;  // the interaction gains about 0.045
  EXPECT_EQ(term_names(am::select(d.names, d.rows, d.y, o).model), (std::vector<std::string>{"a", "b", "c"}));
  // Relative gains, shares of what is still unexplained: a 0.55 (of everything), b 0.83, c 0.40, b:c 0.99.
  o = {};
  o.theta = 0.5;  // c explains 0.40 of what a and b leave
  EXPECT_EQ(term_names(am::select(d.names, d.rows, d.y, o).model), (std::vector<std::string>{"a", "b"}));
  o = {};
  o.phi = 0.995;
  EXPECT_EQ(term_names(am::select(d.names, d.rows, d.y, o).model), (std::vector<std::string>{"a", "b", "c"}));
  o = {};
  o.max_terms = 2;
  EXPECT_EQ(term_names(am::select(d.names, d.rows, d.y, o).model), (std::vector<std::string>{"a", "b"}));
  // 300 rows at 40 per column allow 7 columns: a (3), b (3) and c (1); b:c (3 more) is never tried.
  o = {};
  o.rows_per_column = 40;
  const auto capped = am::select(d.names, d.rows, d.y, o);
  EXPECT_EQ(term_names(capped.model), (std::vector<std::string>{"a", "b", "c"}));
  for (const auto& step : capped.path)
    for (const auto& c : step.candidates) EXPECT_NE(am::term_name(c.term, capped.model.parameters()), "b:c");
  o = {};
  o.theta = NAN;
  EXPECT_THROW(am::select(d.names, d.rows, d.y, o), std::invalid_argument);
  o = {};
  o.interior_knots = 4;
  EXPECT_THROW(am::select(d.names, d.rows, d.y, o), std::invalid_argument);
  o = {};
  o.rows_per_column = 0;
  EXPECT_THROW(am::select(d.names, d.rows, d.y, o), std::invalid_argument);
  EXPECT_EQ(am::kGainNames.value("absolute"), am::Gain::absolute);
  EXPECT_THROW(am::kGainNames.value("partial"), std::invalid_argument);
}

TEST(Stepwise, RelativeGainsLetInWhatMattersAfterADominantParameter) {
  // t = size³ · 1.08^[vw = 8] · 0.9^[tile = 64] · 1 % noise, sizes 1024..8192, 10 repeats of each
  // point: ln t is 99.8 % size, so the tunables gain less than θ = 0.01 of adjusted R² in absolute terms
  // (as GEMM's did on an H100), but most of what the size leaves unexplained. The nuisance parameter
  // gains nothing; with few residual degrees of freedom noise can gain 1 % of what is left, hence the
  // repeats (and rows_per_column).
  std::mt19937_64 rng(5);
  std::lognormal_distribution<double> noise(0, 0.01);
  std::vector<am::Row> rows;
  std::vector<double> y;
  for (double size : {1024, 2048, 4096, 8192})
    for (double vw : {4, 8})
      for (double tile : {32, 64, 128})
        for (double nuisance : {1, 2, 3})
          for (int repeat = 0; repeat < 10; ++repeat) {
            rows.push_back({size, vw, tile, nuisance});
            y.push_back(std::pow(size / 1024, 3) * (vw == 8 ? 1.08 : 1.0) * (tile == 64 ? 0.9 : 1.0) * noise(rng));
          }
  const std::vector<std::string> names{"size", "vw", "tile", "nuisance"};
  am::StepwiseOptions o;
  o.log_response = true;
  o.gain = am::Gain::absolute;
  const auto paper = am::select(names, rows, y, o);
  EXPECT_EQ(term_names(paper.model), std::vector<std::string>{"size"});
  o.gain = am::Gain::relative;
  const auto relative = am::select(names, rows, y, o);
  EXPECT_EQ(term_names(relative.model), (std::vector<std::string>{"size", "tile", "vw"}));
  EXPECT_LT(am::held_out_errors(relative.model, rows, y).mean_relative, 0.015);
  EXPECT_GT(am::held_out_errors(paper.model, rows, y).mean_relative, 0.04);
}

TEST(Stepwise, LogResponseRecoversAMultiplicativeModel) {
  // t = 2e-3 * x^-1 * 1.5^flag: additive in ln t; predictions come back on the original scale.
  std::vector<am::Row> rows;
  std::vector<double> y;
  for (double x : {1, 2, 4, 8, 16, 32, 64})
    for (double flag : {0, 1}) {
      rows.push_back({x, flag});
      y.push_back(2e-3 / x * std::pow(1.5, flag));
    }
  am::StepwiseOptions o;
  o.log_response = true;
  o.rows_per_column = 3;  // 14 points for x's 3 columns and flag's 1 (the default 4 per column allows 3)
  const auto s = am::select({"x", "flag"}, rows, y, o);
  EXPECT_TRUE(s.model.log_response());
  EXPECT_EQ(term_names(s.model), (std::vector<std::string>{"x", "flag"}));
  EXPECT_NEAR(s.model.predict({8, 1}), 2e-3 / 8 * 1.5, 1e-9);
  EXPECT_NEAR(s.model.predict({3, 0}), 2e-3 / 3, 2e-3 / 3 * 1e-6);  // between knots: ln-linear is exact
  y[0] = -1;
  EXPECT_THROW(am::select({"x", "flag"}, rows, y, o), std::invalid_argument);
}

TEST(AdjustedRSquared, MatchesTheClosedFormOfAGroupMeansFit) {
  // A two-level factor: least squares fits the group means, so SS_res is the within-group sum of
  // squares and R² = 1 − SS_within / SS_total; with p = 1 column, adj R² = 1 − (1 − R²)(n − 1)/(n − 2).
  const std::vector<double> g0{1, 2, 3, 6}, g1{7, 9, 11};
  std::vector<am::Row> rows;
  std::vector<double> y;
  for (double v : g0) rows.push_back({0}), y.push_back(v);
  for (double v : g1) rows.push_back({1}), y.push_back(v);
  const double n = 7, mean = 39.0 / 7;
  double ss_total = 0;
  for (double v : y) ss_total += (v - mean) * (v - mean);
  const double ss_within = (4 + 1 + 0 + 9) /*mean 3*/ + (4 + 0 + 4) /*mean 9*/;
  const double r2 = 1 - ss_within / ss_total;
  const double adj = 1 - (1 - r2) * (n - 1) / (n - 2);

  const std::vector<am::Parameter> params{am::Parameter::describe("g", {0, 1}, 1)};
  am::FitStats f;
  const auto m = am::LinearModel::fit(params, {{0, -1}}, rows, y, false, &f);
  EXPECT_NEAR(f.r_squared, r2, 1e-12);
  EXPECT_NEAR(f.adjusted_r_squared, adj, 1e-12);
  EXPECT_EQ(f.columns, 1u);
  EXPECT_NEAR(m.predict({0}), 3, 1e-12);
  EXPECT_NEAR(m.predict({1}), 9, 1e-12);
  EXPECT_DOUBLE_EQ(am::adjusted_r_squared(0.5, 11, 2), 1 - 0.5 * 10 / 8);
  EXPECT_TRUE(std::isinf(am::adjusted_r_squared(0.5, 3, 2)));
}

// y = 1 + a + b + 0.8 a b + noise, a, b uniform on [2, 10] (a linear scale): with linear interactions
// a*b enters as one column (a's value times b's), with spline ones as every pair of spline columns.
TEST(Stepwise, LinearInteractionsMultiplyTheLinearColumnsOnly) {
  std::mt19937_64 rng(11);
  std::uniform_real_distribution<double> u(2, 10);
  std::normal_distribution<double> eps(0, 0.05);
  std::vector<am::Row> rows;
  std::vector<double> y;
  for (int i = 0; i < 200; ++i) {
    const double a = u(rng), b = u(rng);
    rows.push_back({a, b});
    y.push_back(1 + a + b + 0.8 * a * b + eps(rng));
  }
  am::StepwiseOptions linear;
  linear.interactions = am::Interactions::linear;
  const auto s = am::select({"a", "b"}, rows, y, linear);
  const auto names = term_names(s.model);  // a and b in either order (they are symmetric), then the product
  ASSERT_EQ(names.size(), 3u);
  EXPECT_TRUE(names[2] == "a*b" || names[2] == "b*a") << names[2];
  const auto& inter = s.model.terms()[2];
  EXPECT_TRUE(inter.interaction() && inter.linear);
  EXPECT_EQ(am::term_columns(inter, s.model.parameters()), 1);
  EXPECT_GT(s.r_squared, 0.999);
  // The same interaction from spline columns: 3 × 3 columns (2 interior knots each).
  const auto splines = am::select({"a", "b"}, rows, y, {});
  ASSERT_EQ(splines.model.terms().size(), 3u);
  EXPECT_EQ(am::term_columns(splines.model.terms()[2], splines.model.parameters()), 9);
  EXPECT_EQ(am::kInteractionsNames.name(am::kInteractionsNames.value("linear")), std::string("linear"));
  EXPECT_THROW(am::kInteractionsNames.value("cubic"), std::invalid_argument);
}

// Bagging: the model averages ridge fits on bootstrap resamples; the path and statistics stay the
// training set's own selection, every model term has a gain (NaN: only bootstrap fits chose it), the
// resamples are seeded, one fit is the selection itself, and least-squares refits are refused.
TEST(Stepwise, BaggingAveragesRidgeFitsOnBootstrapResamplesAndKeepsTheSelectionsPath) {
  const Data d = make_data(40, 21, 0.6);
  am::StepwiseOptions once, bagged;
  once.refit = bagged.refit = am::Refit::ridge;
  bagged.bagging = 20;
  const auto single = am::select(d.names, d.rows, d.y, once);
  const auto b = am::select(d.names, d.rows, d.y, bagged);
  EXPECT_EQ(b.path.size(), single.path.size()) << "the path is the training set's selection";
  EXPECT_DOUBLE_EQ(b.r_squared, single.r_squared);
  ASSERT_EQ(b.term_r_squared_gain.size(), b.model.terms().size());
  int only_bootstrap = 0;
  for (std::size_t k = 0; k < b.model.terms().size(); ++k) {
    const auto& chosen = single.model.terms();
    const auto it = std::find(chosen.begin(), chosen.end(), b.model.terms()[k]);
    if (it == chosen.end()) {
      EXPECT_TRUE(std::isnan(b.term_r_squared_gain[k]));
      ++only_bootstrap;
    } else {
      EXPECT_DOUBLE_EQ(b.term_r_squared_gain[k], single.term_r_squared_gain[static_cast<std::size_t>(it - chosen.begin())]);
    }
  }
  EXPECT_GT(only_bootstrap, 0) << "on 40 noisy points some bootstrap fit chooses a term the training set did not";
  EXPECT_NE(b.model.coefficients(), single.model.coefficients());
  // The average of 20 fits of the same function predicts it about as well as one fit (held out, noise-free).
  const Data test = make_data(400, 99, 0.0);
  const double one_err = am::held_out_errors(single.model, test.rows, test.y).mean_relative;
  const double bag_err = am::held_out_errors(b.model, test.rows, test.y).mean_relative;
  EXPECT_LT(bag_err, 2 * one_err) << one_err;
  EXPECT_LT(bag_err, 0.05);
  // Seeded: the same training set gives the same resamples and model; one fit is the selection itself.
  EXPECT_EQ(am::select(d.names, d.rows, d.y, bagged).model.coefficients(), b.model.coefficients());
  am::StepwiseOptions one = once;
  one.bagging = 1;
  EXPECT_EQ(am::select(d.names, d.rows, d.y, one).model.coefficients(), single.model.coefficients());
  for (int bad : {0, -1, 101}) {
    am::StepwiseOptions o;
    o.bagging = bad;
    EXPECT_THROW(am::check(o), std::invalid_argument) << bad;
  }
  am::StepwiseOptions least_squares;
  least_squares.bagging = 20;
  EXPECT_THROW(am::select(d.names, d.rows, d.y, least_squares), std::invalid_argument);
}
