// The joint P(f) fit: one static power and voltage curve per device, one dynamic coefficient per kernel;
// it recovers a known device, and on a real H100 calibration (where each kernel's own fit put P_static
// at 154 W and 96 W) the kernels agree on one static power with a standard error under 15 W.
#include <gtest/gtest.h>

#include <cmath>
#include <random>
#include <stdexcept>
#include <vector>

#include "power/joint_power_fit.hpp"

using namespace autobench::power;

namespace {

// NVIDIA H100 80GB HBM3, driver 580.159.04, 2026-11-23: `autobench-mpi calibrate --clocks 705:1980:85`
// (bench/power/h100-20261123/calibration.json): measured clock, power and launch time per locked clock.
const std::vector<double> kClock = {705, 795, 885, 960, 1050, 1140, 1215, 1305, 1395, 1470, 1560, 1650, 1725, 1815, 1905, 1980};
const std::vector<double> kGemmPower = {180.346, 194.001, 207.732, 219.017, 233.352, 249.01, 268.213, 299.88,
                                        340.129, 377.248, 414.146, 443.854, 481.838, 546.954, 619.718, 685.099};
const std::vector<double> kGemmTime = {0.0088659, 0.00787126, 0.00706592, 0.00651255, 0.00595476, 0.00548491,
                                       0.00514664, 0.00479353, 0.00448567, 0.00426009, 0.00401496, 0.00380128,
                                       0.00363968, 0.00346602, 0.0033062, 0.00318525};
const std::vector<double> kFp32Power = {116.988, 121.068, 126.882, 134.752, 137.826, 144.402, 153.062, 165.331,
                                        185.734, 200.784, 217.187, 225.529, 242.369, 269.644, 299.702, 326.432};
const std::vector<double> kFp32Time = {0.00614705, 0.0054518, 0.0048972, 0.00431288, 0.0041278, 0.0038021,
                                       0.00354643, 0.00332164, 0.00310729, 0.00294891, 0.00277861, 0.00262741,
                                       0.00251372, 0.00238899, 0.00227947, 0.00219038};

}  // namespace

TEST(JointPowerFit, RecoversAKnownDeviceFromTwoKernels) {
  const PowerFrequencyModel device{70.0, 0.0, 6e-4, 1200.0};
  std::mt19937_64 rng(3);
  std::normal_distribution<double> noise(0.0, 3.0);
  std::vector<double> f, p_a, p_b;
  for (double c = 700; c <= 1980; c += 80) {
    f.push_back(c);
    const double v = device.voltage(c);
    p_a.push_back(70.0 + 0.15 * c * v * v + noise(rng));
    p_b.push_back(70.0 + 0.06 * c * v * v + noise(rng));
  }
  const JointPowerFit fit = fit_power_frequency_joint({{"a", f, p_a, {}}, {"b", f, p_b, {}}});
  ASSERT_EQ(fit.models.size(), 2u);
  EXPECT_NEAR(fit.models[0].static_w, 70.0, 3 * fit.standard_errors[0].static_w);
  EXPECT_LT(fit.standard_errors[0].static_w, 15.0);
  EXPECT_EQ(fit.models[0].static_w, fit.models[1].static_w);
  EXPECT_EQ(fit.models[0].ridge_mhz, fit.models[1].ridge_mhz);
  EXPECT_NEAR(fit.models[0].dynamic_w_per_mhz, 0.15, 0.01);
  EXPECT_NEAR(fit.models[1].dynamic_w_per_mhz, 0.06, 0.01);
  EXPECT_TRUE(fit.kernels_agree);
  EXPECT_GT(fit.quality.r_squared, 0.99);
}

TEST(JointPowerFit, KernelsOfOneH100AgreeOnOneStaticPower) {
  // Each kernel alone: the ridge sits on the lowest clock and P_static trades against the voltage slope.
  const auto gemm_alone = fit_power_frequency(kClock, kGemmPower, kGemmTime);
  const auto fp32_alone = fit_power_frequency(kClock, kFp32Power, kFp32Time);
  EXPECT_GT(std::fabs(gemm_alone.model.static_w - fp32_alone.model.static_w), 40.0);

  const JointPowerFit fit = fit_power_frequency_joint({{"gemm", kClock, kGemmPower, kGemmTime}, {"fp32", kClock, kFp32Power, kFp32Time}});
  EXPECT_LE(fit.standard_errors[0].static_w, 15.0);
  EXPECT_GT(fit.models[0].static_w, 40.0);
  EXPECT_LT(fit.models[0].static_w, 110.0);
  ASSERT_EQ(fit.per_kernel_static.size(), 2u);
  const StaticCheck &g = fit.per_kernel_static[0], &s = fit.per_kernel_static[1];
  EXPECT_LE(g.standard_error_w, 15.0);
  EXPECT_LE(s.standard_error_w, 15.0);
  EXPECT_LE(std::fabs(g.static_w - s.static_w), std::hypot(g.standard_error_w, s.standard_error_w));
  EXPECT_TRUE(fit.kernels_agree);
  EXPECT_GT(fit.quality.r_squared, 0.99);
}

TEST(JointPowerFit, KernelsThatDisagreeAreSaidToDisagree) {
  // Two "kernels" whose static powers differ by 60 W cannot share one: the check says so.
  std::vector<double> f, p_a, p_b;
  for (double c = 700; c <= 1980; c += 80) {
    f.push_back(c);
    p_a.push_back(40.0 + 0.1 * c + 0.5 * std::sin(c));
    p_b.push_back(100.0 + 0.1 * c + 0.5 * std::cos(c));
  }
  EXPECT_FALSE(fit_power_frequency_joint({{"a", f, p_a, {}}, {"b", f, p_b, {}}}).kernels_agree);
}

TEST(JointPowerFit, BadInputNamesTheKernel) {
  EXPECT_THROW(fit_power_frequency_joint({}), std::invalid_argument);
  const std::vector<double> two = {700, 800}, p = {100, 110};
  try {
    fit_power_frequency_joint({{"gemm", kClock, kGemmPower, kGemmTime}, {"tiny", two, p, {}}});
    FAIL() << "two clocks accepted";
  } catch (const std::invalid_argument& e) {
    EXPECT_NE(std::string(e.what()).find("tiny"), std::string::npos) << e.what();
  }
}
