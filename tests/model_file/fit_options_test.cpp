// The fit options' one table drives both the command line of `model`/`model evaluate` and the model file's
// fit attributes: typed values round-trip through a real model file, and a file from before an attribute
// reads as the table says (or is refused naming it).
#include "suite/model_file/fit_options.hpp"

#include <gtest/gtest.h>
#include <hdf5.h>

#include <algorithm>
#include <stdexcept>
#include <string>
#include <vector>

#include "suite/cli/model_fit_options.hpp"
#include "suite/model_file/model_file.hpp"
#include "tests/support/scratch.hpp"

namespace ab = autobench;
using ab::model_file::FitSettings;
using nlohmann::json;

namespace {

FitSettings typed(std::vector<std::string> args) {
  CLI::App app;
  FitSettings f;
  ab::cli::add_fit_options(app, f);
  std::reverse(args.begin(), args.end());
  app.parse(args);
  return f;
}

// A model file of an intercept-only model fitted with `options`.
void write_model(const std::string& path, const ab::model::StepwiseOptions& options) {
  ab::modeling::ModelRun run;
  run.kernel = "gemm";
  run.device_model = "H100 SXM";
  run.options = options;
  run.selection.model = ab::model::LinearModel({ab::model::Parameter("size", ab::model::ParameterKind::numeric, true, 1,
                                                                     1000, 2, {})},
                                               {}, {0.5}, options.log_response);
  ab::model_file::write_model_file(path, run);
}

// The file with its root attribute `name` removed, as a file from before that attribute.
void remove_attribute(const std::string& path, const char* name) {
  const hid_t file = H5Fopen(path.c_str(), H5F_ACC_RDWR, H5P_DEFAULT);
  ASSERT_GE(file, 0);
  EXPECT_GE(H5Adelete(file, name), 0);
  H5Fclose(file);
}

json stored_all(const FitSettings& f) {
  json j = json::object();
  ab::campaign::write_options(ab::model_file::fit_options(), f, j);
  return j;
}

}  // namespace

TEST(FitOptions, TypedValuesRoundTripThroughAModelFile) {
  const FitSettings f = typed({"--gain", "absolute", "--refit", "ridge", "--bagging", "4", "--response", "time",
                               "--rows-per-column", "7", "--theta", "0.05", "--knots", "3", "--interactions", "linear",
                               "--launch-parameters", "true"});
  EXPECT_TRUE(f.launch_parameters);
  EXPECT_EQ(f.stepwise.gain, ab::model::Gain::absolute);
  EXPECT_FALSE(f.stepwise.log_response);
  const auto options = ab::model_file::checked_stepwise(f);
  ab::testing::ScratchDir scratch;
  write_model(scratch.path("model.h5"), options);
  FitSettings back;
  back.stepwise = ab::model_file::read_model_file(scratch.path("model.h5")).options;
  EXPECT_EQ(stored_all(back), stored_all(f));
  EXPECT_EQ(stored_all(back).at("log_response"), 0);
  EXPECT_EQ(stored_all(back).at("bagging"), 4);
  EXPECT_EQ(stored_all(back).at("rows_per_column"), 7);
  EXPECT_EQ(stored_all(back).at("interactions"), "linear");
}

TEST(FitOptions, AModelFileWithoutAnAttributeReadsAsTheTableSays) {
  ab::testing::ScratchDir scratch;
  FitSettings f;
  f.stepwise.gain = ab::model::Gain::relative;
  f.stepwise.refit = ab::model::Refit::ridge;
  f.stepwise.interactions = ab::model::Interactions::linear;
  f.stepwise.bagging = 3;
  f.stepwise.rows_per_column = 9;
  int old_defaults = 0;
  for (const auto& o : ab::model_file::fit_options()) {
    if (!o.key) continue;
    SCOPED_TRACE(o.key);
    const std::string path = scratch.path(std::string(o.key) + ".h5");
    write_model(path, f.stepwise);
    remove_attribute(path, o.key);
    if (o.old.kind == ab::campaign::OldFiles::required) {
      try {
        ab::model_file::read_model_file(path);
        ADD_FAILURE() << "read without " << o.key;
      } catch (const std::runtime_error& e) {
        EXPECT_NE(std::string(e.what()).find(path), std::string::npos) << e.what();
        EXPECT_NE(std::string(e.what()).find(std::string("'") + o.key + "'"), std::string::npos) << e.what();
      }
      continue;
    }
    FitSettings read;
    read.stepwise = ab::model_file::read_model_file(path).options;
    EXPECT_EQ(ab::campaign::stored(o, read), o.old.was);
    EXPECT_NE(ab::campaign::stored(o, read), ab::campaign::stored(o, f)) << "the file's own value is gone";
    ++old_defaults;
  }
  EXPECT_EQ(old_defaults, 5) << "gain, interactions, refit, rows_per_column and bagging came later";
}

TEST(FitOptions, ABadTypedValueIsRefusedNamingTheOptionAndTheValue) {
  try {
    typed({"--gain", "partial"});
    FAIL() << "accepted";
  } catch (const CLI::ValidationError& e) {
    EXPECT_STREQ(e.what(), "--gain: unknown gain 'partial' (allowed: relative, absolute)");
  }
  try {
    typed({"--knots", "4"});
    FAIL() << "accepted";
  } catch (const CLI::ValidationError& e) {
    EXPECT_STREQ(e.what(), "--knots: 4 is not allowed: must be a whole number in [1, 3]");
  }
  try {
    ab::model_file::checked_stepwise(typed({"--bagging", "5"}));
    FAIL() << "accepted";
  } catch (const std::invalid_argument& e) {
    EXPECT_EQ(std::string(e.what()).rfind("--bagging 5 needs the ridge refit", 0), 0u) << e.what();
  }
}
