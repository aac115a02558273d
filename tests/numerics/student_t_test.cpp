#include "numerics/student_t.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <stdexcept>

namespace autobench::numerics {
namespace {

TEST(StudentT, QuantilesMatchTables) {
  // scipy.stats.t.ppf(0.975, df)
  EXPECT_NEAR(student_t_quantile(0.975, 1), 12.70620474, 1e-7);
  EXPECT_NEAR(student_t_quantile(0.975, 2), 4.30265273, 1e-7);
  EXPECT_NEAR(student_t_quantile(0.975, 2.5), 3.57465484, 1e-7);  // a Welch df need not be whole
  EXPECT_NEAR(student_t_quantile(0.975, 4), 2.77644511, 1e-7);
  EXPECT_NEAR(student_t_quantile(0.975, 9), 2.26215716, 1e-7);
  EXPECT_NEAR(student_t_quantile(0.975, 30), 2.04227246, 1e-7);
  EXPECT_NEAR(student_t_quantile(0.975, 1e7), 1.95996398, 1e-5);  // the normal's
}

TEST(StudentT, SymmetricAndInverseOfCdf) {
  EXPECT_DOUBLE_EQ(student_t_quantile(0.025, 3), -student_t_quantile(0.975, 3));
  EXPECT_DOUBLE_EQ(student_t_cdf(0.0, 5), 0.5);
  for (double df : {1.0, 3.7, 20.0})
    for (double p : {0.01, 0.3, 0.9, 0.995}) EXPECT_NEAR(student_t_cdf(student_t_quantile(p, df), df), p, 1e-9);
}

TEST(StudentT, RefusesBadArguments) {
  EXPECT_THROW(student_t_quantile(0.0, 3), std::invalid_argument);
  EXPECT_THROW(student_t_quantile(1.0, 3), std::invalid_argument);
  EXPECT_THROW(student_t_quantile(0.5, 0), std::invalid_argument);
  EXPECT_THROW(student_t_cdf(1.0, std::nan("")), std::invalid_argument);
}

}  // namespace
}  // namespace autobench::numerics
