// `model` with real MPI: 4 oversubscribed sim ranks share the samples and rank 0 writes one model file,
// read back and checked; `report` and `model predict` answer from it; derived parameters and linear
// interactions are recorded and recomputed; mixed device models are refused.
#include <gtest/gtest.h>

#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <map>
#include <set>

#include "kernels/kernel.hpp"
#include "suite/modeling/derived_parameters.hpp"
#include "suite/model_file/model_file.hpp"
#include "tests/support/mpirun.hpp"
#include "tests/support/shell.hpp"

namespace ab = autobench;
namespace fs = std::filesystem;

namespace {

using autobench::testing::last_line;
using autobench::testing::run_shell;

// `model predict --config` for a GEMM model's point `row` (whole-number values): every parameter, or
// without the derived ones (which predict computes).
std::string config_of(const ab::model::LinearModel& model, const ab::model::Row& row, bool derived_too) {
  std::string out;
  for (std::size_t j = 0; j < model.parameters().size(); ++j) {
    const auto& name = model.parameters()[j].name();
    if (derived_too || !ab::modeling::is_derived_parameter(*ab::kernels::find("gemm"), name))
      out += (out.empty() ? "" : ",") + name + "=" + std::to_string(static_cast<long long>(row[j]));
  }
  return out;
}

fs::path scratch(const std::string& name) {
  const fs::path out = fs::temp_directory_path() / ("autobench-model-" + name + "-" + std::to_string(getpid()));
  fs::remove_all(out);
  return out;
}

}  // namespace

TEST(ModelFourRanks, RanksShareTheSamplesAndRankZeroWritesOneModel) {
  const fs::path out = scratch("share");
  const auto r = run_shell(ab::testing::mpirun(4) + " model --kernel gemm --samples 48 --test 24 --sizes 512,1024,2048,4096 "
                    "--backend sim --iterations 3 --seed 5 --launch-parameters true --output " + out.string());
  ASSERT_EQ(r.status, 0) << r.out;
  const std::string path = last_line(r.out);
  ASSERT_TRUE(fs::exists(path)) << r.out;
  EXPECT_FALSE(fs::exists(path + ".tmp"));
  std::size_t files = 0;
  for (const auto& e : fs::recursive_directory_iterator(out)) files += e.path().extension() == ".h5";
  EXPECT_EQ(files, 1u) << "one model file, from rank 0 only";

  const auto m = ab::model_file::read_model_file(path);
  EXPECT_EQ(m.info.ranks, 4);
  EXPECT_EQ(m.info.backend, "sim");
  EXPECT_EQ(m.kernel, "gemm");
  EXPECT_EQ(m.device_model, "H100 SXM");
  ASSERT_EQ(m.training.rows.size(), 48u);
  ASSERT_EQ(m.test.rows.size(), 24u);
  // Every rank measured its share: 72 points round-robin, 18 each.
  std::map<std::int64_t, int> by_rank;
  for (const auto* set : {&m.training, &m.test})
    for (auto rank : set->rank) ++by_rank[rank];
  EXPECT_EQ(by_rank, (std::map<std::int64_t, int>{{0, 18}, {1, 18}, {2, 18}, {3, 18}}));
  // Distinct points (sampled without replacement), with positive times.
  std::set<ab::model::Row> distinct(m.training.rows.begin(), m.training.rows.end());
  distinct.insert(m.test.rows.begin(), m.test.rows.end());
  EXPECT_EQ(distinct.size(), 72u);
  for (double t : m.training.time_s) EXPECT_GT(t, 0);

  // The sim device's time depends on the size only: size enters first. Relative gains (the default) may
  // let a tunable in that explains a share of the noise left (48 samples; at most 12 columns), but no
  // more than noise: each such term adds under 0.001 to R². The paper's absolute gains keep them out.
  const auto& model = m.selection.model;
  ASSERT_FALSE(model.terms().empty());
  EXPECT_EQ(ab::model::term_name(model.terms().front(), model.parameters()), "size");
  ASSERT_EQ(m.selection.term_r_squared_gain.size(), model.terms().size());
  for (std::size_t k = 1; k < model.terms().size(); ++k) EXPECT_LT(m.selection.term_r_squared_gain[k], 0.001);
  EXPECT_GT(m.selection.r_squared, 0.99);
  EXPECT_LT(m.errors.mean_relative, 0.05);
  EXPECT_EQ(m.errors.predicted.size(), 24u);
  EXPECT_EQ(m.selection.path.front().candidates.size(), model.parameters().size() - 4)
      << "every varying parameter is a candidate; KWG, KWI, SA, SB are constant";

  const auto report = run_shell(AUTOBENCH_BINARY " report " + path);
  EXPECT_NE(report.out.find("(relative gains)"), std::string::npos) << report.out;
  EXPECT_EQ(report.status, 0) << report.out;
  EXPECT_NE(report.out.find("Selection path"), std::string::npos) << report.out;
  EXPECT_NE(report.out.find("natural cubic spline of log2"), std::string::npos) << report.out;
  EXPECT_NE(report.out.find("Held-out errors (24 points)"), std::string::npos) << report.out;

  // predict: a training point comes back with its measurement.
  const std::string config = config_of(model, m.training.rows[0], true);
  const auto predicted = run_shell(AUTOBENCH_BINARY " model predict " + path + " --config " + config);
  EXPECT_EQ(predicted.status, 0) << predicted.out;
  EXPECT_NE(predicted.out.find("predicted time"), std::string::npos) << predicted.out;
  EXPECT_NE(predicted.out.find("training sample"), std::string::npos) << predicted.out;
  // The launch parameters may be left out (computed from the rest), but not contradicted.
  const std::string tunables_and_size = config_of(model, m.training.rows[0], false);
  EXPECT_LT(tunables_and_size.size(), config.size()) << "the model has launch parameters: " << config;
  const auto computed = run_shell(AUTOBENCH_BINARY " model predict " + path + " --config " + tunables_and_size);
  EXPECT_EQ(computed.status, 0) << computed.out;
  EXPECT_EQ(computed.out, predicted.out);
  const auto contradicted = run_shell(AUTOBENCH_BINARY " model predict " + path + " --config " + tunables_and_size +
                                      ",block_threads=3");
  EXPECT_EQ(contradicted.status, 2) << contradicted.out;
  EXPECT_NE(contradicted.out.find("does not match"), std::string::npos) << contradicted.out;
  const auto missing = run_shell(AUTOBENCH_BINARY " model predict " + path + " --config MWG=64");
  EXPECT_EQ(missing.status, 2) << missing.out;
  EXPECT_NE(missing.out.find("--config has no value for "), std::string::npos) << missing.out;
  fs::remove_all(out);
}

// Linear interactions, ridge refits and bagging are recorded; the derived parameters come from rank 0's device (the sim H100: 132 SMs, compute capability 9.0),
// recorded in the file so that `model predict` and `model evaluate` compute them again.
TEST(ModelFourRanks, DerivedParametersInteractionsAndRefitAreRecordedAndRecomputed) {
  const fs::path out = scratch("derived");
  const auto r = run_shell(ab::testing::mpirun(2) + " model --kernel gemm --samples 60 --test 20 --sizes 1024,2048,4096 "
                    "--backend sim --iterations 3 --seed 3 --derived-parameters true --interactions linear --refit ridge --bagging 4 --output " +
                    out.string());
  ASSERT_EQ(r.status, 0) << r.out;
  const std::string path = last_line(r.out);
  const auto m = ab::model_file::read_model_file(path);
  EXPECT_EQ(m.sm_count, 132);
  EXPECT_EQ(m.cc_major, 9);
  EXPECT_EQ(m.options.interactions, ab::model::Interactions::linear);
  EXPECT_EQ(m.options.refit, ab::model::Refit::ridge);
  EXPECT_EQ(m.options.bagging, 4);
  EXPECT_EQ(m.selection.term_r_squared_gain.size(), m.selection.model.terms().size());
  std::vector<std::string> names;
  for (const auto& p : m.selection.model.parameters()) names.push_back(p.name());
  for (const char* derived : {"thread_tile_m", "thread_tile_n", "a_loads_per_fma", "blocks_per_sm", "resident_threads"})
    EXPECT_NE(std::find(names.begin(), names.end(), derived), names.end()) << derived;
  for (const auto& t : m.selection.model.terms()) EXPECT_EQ(t.linear, t.interaction());
  const auto report = run_shell(AUTOBENCH_BINARY " report " + path);
  EXPECT_EQ(report.status, 0) << report.out;
  EXPECT_NE(report.out.find("linear interactions, ridge refit, 4 fit(s) averaged"), std::string::npos) << report.out;

  // predict from the tunables and size alone: the derived values are computed on the recorded device.
  const std::string tunables_and_size = config_of(m.selection.model, m.training.rows[0], false);
  const auto predicted = run_shell(AUTOBENCH_BINARY " model predict " + path + " --config " + tunables_and_size);
  EXPECT_EQ(predicted.status, 0) << predicted.out;
  EXPECT_NE(predicted.out.find("training sample"), std::string::npos) << predicted.out;

  const auto evaluated = run_shell(AUTOBENCH_BINARY " model evaluate " + path + " --samples 25,50 --repeats 2 "
                                   "--derived-parameters true --interactions linear --refit ridge");
  EXPECT_EQ(evaluated.status, 0) << evaluated.out;
  EXPECT_NE(evaluated.out.find("linear interactions, ridge refit"), std::string::npos) << evaluated.out;
  EXPECT_NE(evaluated.out.find("derived parameters on"), std::string::npos) << evaluated.out;
  fs::remove_all(out);
}

TEST(ModelFourRanks, LockedClocksBecomeAParameter) {
  const fs::path out = scratch("clocks");
  const auto r = run_shell(ab::testing::mpirun(2) + " model --kernel gemm --samples 40 --test 10 --sizes 1024,2048,4096 "
                    "--clocks 1000:1980:245 --backend sim --iterations 3 --output " + out.string());
  ASSERT_EQ(r.status, 0) << r.out;
  const auto m = ab::model_file::read_model_file(last_line(r.out));
  EXPECT_EQ(m.clocks_mhz, (std::vector<unsigned>{1000, 1245, 1490, 1735, 1980}));
  std::vector<std::string> terms;
  for (const auto& t : m.selection.model.terms()) terms.push_back(ab::model::term_name(t, m.selection.model.parameters()));
  ASSERT_GE(terms.size(), 2u);
  EXPECT_EQ(std::vector<std::string>(terms.begin(), terms.begin() + 2), (std::vector<std::string>{"size", "sm_clock_mhz"}))
      << "gemm is compute-bound: t ~ 1/f on sim";
  // Relative gains may let in terms that explain a share of the noise left (40 samples): each adds under 0.001 to R².
  for (std::size_t k = 2; k < terms.size(); ++k) EXPECT_LT(m.selection.term_r_squared_gain[k], 0.001) << terms[k];
  EXPECT_LT(m.errors.mean_relative, 0.05);
  fs::remove_all(out);
}

TEST(ModelFourRanks, RefusesMixedDeviceModelsAndBadOptions) {
  const fs::path out = scratch("refuse");
  // --sim-device "" gives rank r the model r mod 2: two device models.
  const auto mixed = run_shell(ab::testing::mpirun(2) + " model --kernel gemm --samples 10 --test 5 --backend sim "
                        "--sim-device '' --output " + out.string());
  EXPECT_EQ(mixed.status, 2) << mixed.out;
  EXPECT_NE(mixed.out.find("different device models"), std::string::npos) << mixed.out;
  EXPECT_FALSE(fs::exists(out) && !fs::is_empty(out)) << "nothing written";

  for (const auto& [args, message] : std::vector<std::pair<std::string, std::string>>{
           {"--kernel gemm --samples 2", "--samples: 2 is not allowed: must be a whole number in [3, 1000000]"},
           {"--kernel gemm --test 0", "--test: 0 is not allowed"},
           {"--kernel gemm --theta nan", "--theta: nan is not allowed: must be a finite number in [0, 1)"},
           {"--kernel gemm --knots 4", "--knots: 4 is not allowed: must be a whole number in [1, 3]"},
           {"--kernel gemm --gain partial", "--gain: unknown gain 'partial' (allowed: relative, absolute)"},
           {"--kernel gemm --rows-per-column 0", "--rows-per-column: 0 is not allowed: must be a whole number in [1, 100]"},
           {"--kernel gemm --sizes 1000", "--sizes 1000 is not allowed for gemm (allowed: multiples of 128)"},
           {"--kernel gemm --samples 1000 --test 1000 --sizes 1024", "more than the 216 points of the space"},
           {"--kernel saxpy", "--kernel 'saxpy' is not a kernel"},
           {"--kernel gemm --interactions cubic", "--interactions: unknown interactions 'cubic' (allowed: splines, linear)"},
           {"--kernel gemm --derived-parameters maybe", "--derived-parameters"},
           {"--kernel gemm --refit lasso", "--refit: unknown refit 'lasso' (allowed: least-squares, ridge)"},
           {"--kernel gemm --refit ridge --bagging 101", "--bagging: 101 is not allowed: must be a whole number in [1, 100]"},
           {"--kernel gemm --bagging 5", "--bagging 5 needs the ridge refit"},
           {"--kernel gemm --response sqrt", "--response: unknown response 'sqrt' (allowed: time, log-time)"},
           {"--kernel gemm --max-terms 0", "--max-terms: 0 is not allowed: must be a whole number in [1, 100]"},
           {"--kernel gemm --seed -1", "--seed: -1 is not allowed: must be a whole number in [0, 9007199254740992]"},
           {"--kernel gemm --seed 18446744073709551615", "--seed: 18446744073709551615 is not allowed"}}) {
    const auto bad = run_shell(std::string(AUTOBENCH_BINARY) + " model --backend sim --output " + out.string() + " " + args);
    EXPECT_EQ(bad.status, 2) << args << "\n" << bad.out;
    EXPECT_NE(bad.out.find(message), std::string::npos) << args << "\n" << bad.out;
  }
  fs::remove_all(out);
}
