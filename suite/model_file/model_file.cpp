// The model file (see model_file.hpp).
#include "suite/model_file/model_file.hpp"

#include <cmath>
#include <filesystem>
#include <optional>
#include <stdexcept>

#include <nlohmann/json.hpp>

#include "suite/files/input_file.hpp"
#include "suite/hdf5/hdf5_fields.hpp"
#include "suite/hdf5/hdf5_file.hpp"
#include "suite/model_file/fit_options.hpp"
#include "suite/results/result_fields.hpp"

namespace autobench::model_file {
namespace {

using model::Parameter;

void write_samples(const hdf5::H5Group& g, const std::vector<Parameter>& parameters, const modeling::Samples& s) {
  for (std::size_t j = 0; j < parameters.size(); ++j) {
    std::vector<double> column;
    for (const auto& r : s.rows) column.push_back(r.at(j));
    g.write_dataset(parameters[j].name(), column);
  }
  g.write_dataset("time_s", s.time_s);
  g.write_dataset("rank", s.rank);
}

modeling::Samples read_samples(const hdf5::H5Group& g, const std::vector<Parameter>& parameters) {
  modeling::Samples s;
  s.time_s = g.read_dataset<double>("time_s");
  s.rank = g.read_dataset<std::int64_t>("rank");
  s.rows.assign(s.time_s.size(), model::Row(parameters.size()));
  for (std::size_t j = 0; j < parameters.size(); ++j) {
    const auto column = g.read_dataset<double>(parameters[j].name());
    if (column.size() != s.rows.size()) throw std::runtime_error(g.file_name() + ": " + g.path() + "/" + parameters[j].name() + " has the wrong length");
    for (std::size_t i = 0; i < column.size(); ++i) s.rows[i][j] = column[i];
  }
  return s;
}

void write_parameter(const hdf5::H5Group& parent, const Parameter& p) {
  const auto g = parent.create_group(p.name());
  g.write_attribute<std::string>("kind", model::kParameterKindNames.name(p.kind()));
  g.write_attribute<std::int64_t>("log_scale", p.log_scale());
  g.write_attribute("lo", p.lo());
  g.write_attribute("hi", p.hi());
  g.write_attribute<std::int64_t>("interior_knots", p.interior_knots());
  g.write_dataset("knots", p.knot_values());
  g.write_dataset("levels", p.levels());
}

Parameter parameter_in(const hdf5::H5Group& g, const std::string& name) {
  const auto kind = model::kParameterKindNames.value(g.read_attribute<std::string>("kind"));
  // The count of interior knots must agree with the knots stored (0 and 1 besides them): a forged count
  // would size the spline basis without bound.
  const auto interior = g.read_attribute<std::int64_t>("interior_knots");
  const std::size_t knots = g.dataset_length("knots");
  if (kind == model::ParameterKind::numeric && (interior < 0 || static_cast<std::uint64_t>(interior) + 2 != knots))
    throw std::runtime_error(g.file_name() + ": " + g.path() + " has interior_knots " + std::to_string(interior) +
                             " but " + std::to_string(knots) + " knots");
  return Parameter(name, kind, g.read_attribute<std::int64_t>("log_scale") != 0, g.read_attribute<double>("lo"),
                   g.read_attribute<double>("hi"), static_cast<int>(interior), g.read_dataset<double>("levels"));
}

Parameter read_parameter(const hdf5::H5Group& parent, const std::string& name) {
  const auto g = parent.open_group(name);
  try {
    return parameter_in(g, name);
  } catch (const std::invalid_argument& e) {  // an unknown kind, an empty range: the file's fault
    throw std::runtime_error(g.file_name() + ": " + g.path() + ": " + e.what());
  }
}

void write_path(const hdf5::H5Group& g, const std::vector<model::Step>& path) {
  std::vector<std::int64_t> step, first, second;
  std::vector<std::uint8_t> interaction, chosen;
  std::vector<double> r2, adj;
  for (std::size_t s = 0; s < path.size(); ++s)
    for (std::size_t c = 0; c < path[s].candidates.size(); ++c) {
      const auto& cand = path[s].candidates[c];
      step.push_back(static_cast<std::int64_t>(s));
      first.push_back(cand.term.first);
      second.push_back(cand.term.second);
      interaction.push_back(path[s].interaction);
      chosen.push_back(path[s].chosen == static_cast<int>(c));
      r2.push_back(cand.r_squared);
      adj.push_back(cand.adjusted_r_squared);
    }
  g.write_dataset("step", step);
  g.write_dataset("interaction", interaction);
  g.write_dataset("term_first", first);
  g.write_dataset("term_second", second);
  g.write_dataset("r_squared", r2);
  g.write_dataset("adjusted_r_squared", adj);
  g.write_dataset("chosen", chosen);
}

// Steps come back from the long table; each step's model statistics are its chosen candidate's, or the
// previous step's when nothing entered.
std::vector<model::Step> read_path(const hdf5::H5Group& g, bool linear_interactions) {
  const auto step = g.read_dataset<std::int64_t>("step");
  const auto interaction = g.read_dataset<std::uint8_t>("interaction");
  const auto first = g.read_dataset<std::int64_t>("term_first");
  const auto second = g.read_dataset<std::int64_t>("term_second");
  const auto r2 = g.read_dataset<double>("r_squared");
  const auto adj = g.read_dataset<double>("adjusted_r_squared");
  const auto chosen = g.read_dataset<std::uint8_t>("chosen");
  std::vector<model::Step> path;
  for (std::size_t i = 0; i < step.size(); ++i) {
    if (step[i] != static_cast<std::int64_t>(path.size()) - 1) {
      model::Step s;
      s.interaction = interaction[i] != 0;
      if (!path.empty()) s.r_squared = path.back().r_squared, s.adjusted_r_squared = path.back().adjusted_r_squared;
      path.push_back(s);
    }
    auto& s = path.back();
    s.candidates.push_back(
        {{static_cast<int>(first[i]), static_cast<int>(second[i]), linear_interactions && second[i] >= 0}, r2[i], adj[i]});
    if (chosen[i]) {
      s.chosen = static_cast<int>(s.candidates.size()) - 1;
      s.r_squared = r2[i];
      s.adjusted_r_squared = adj[i];
    }
  }
  return path;
}

// The fit settings as root attributes, one per key of the fit options' table: text as a string, whole
// numbers as int64, others as double.
void write_fit(const hdf5::H5Group& g, const model::StepwiseOptions& options) {
  FitSettings f;
  f.stepwise = options;
  nlohmann::json j = nlohmann::json::object();
  campaign::write_options(fit_options(), f, j);
  for (const auto& [key, value] : j.items()) {
    if (value.is_string())
      g.write_attribute<std::string>(key, value.get<std::string>());
    else if (value.is_number_integer())
      g.write_attribute<std::int64_t>(key, value.get<std::int64_t>());
    else
      g.write_attribute<double>(key, value.get<double>());
  }
}

// And back: each attribute read as its option's stored form is typed, a missing one as the table says;
// throws naming a missing required attribute, an unknown name or a value outside its option's range.
model::StepwiseOptions read_fit(const hdf5::H5Group& g) {
  FitSettings f;
  campaign::read_options_by(fit_options(), f, [&g](const campaign::Option<FitSettings>& o) -> std::optional<nlohmann::json> {
    if (!g.has_attribute(o.key)) return std::nullopt;
    const nlohmann::json as = campaign::stored(o, FitSettings{});
    if (as.is_string()) return g.read_attribute<std::string>(o.key);
    if (as.is_number_integer()) return g.read_attribute<std::int64_t>(o.key);
    return g.read_attribute<double>(o.key);
  });
  campaign::check_limits(fit_options(), f);
  return f.stepwise;
}

void write_file(const std::string& path, const modeling::ModelRun& run) {
  auto file = hdf5::H5File::create(path);
  file.write_attribute<std::string>("file_kind", "model");
  file.write_attribute("schema_version", kModelSchemaVersion);
  hdf5::write_attributes(file, run.info, results::kRunFields);
  file.write_attribute<std::string>("status", "complete");
  file.write_attribute("kernel", run.kernel);
  file.write_attribute("device_model", run.device_model);
  file.write_attribute<std::int64_t>("sm_count", run.sm_count);
  file.write_attribute<std::int64_t>("cc_major", run.cc_major);
  file.write_attribute<std::int64_t>("cc_minor", run.cc_minor);
  file.write_attribute("seed", run.seed);
  write_fit(file, run.options);
  file.write_attribute("r_squared", run.selection.r_squared);
  file.write_attribute("adjusted_r_squared", run.selection.adjusted_r_squared);
  file.write_dataset("sizes", run.sizes);
  file.write_dataset("clocks_mhz", std::vector<std::uint64_t>(run.clocks_mhz.begin(), run.clocks_mhz.end()));
  const auto& m = run.selection.model;
  {
    const auto parameters = file.create_group("parameters");
    for (const auto& p : m.parameters()) write_parameter(parameters, p);
    const auto g = file.create_group("model");
    std::vector<std::int64_t> first, second, columns;
    std::vector<std::string> names;
    for (const auto& t : m.terms()) {
      first.push_back(t.first);
      second.push_back(t.second);
      names.push_back(model::term_name(t, m.parameters()));
      columns.push_back(model::term_columns(t, m.parameters()));
    }
    g.write_dataset("term_name", names);
    g.write_dataset("term_first", first);
    g.write_dataset("term_second", second);
    g.write_dataset("term_columns", columns);
    g.write_dataset("term_r_squared_gain", run.selection.term_r_squared_gain);
    g.write_dataset("coefficients", m.coefficients());
    write_path(file.create_group("path"), run.selection.path);
    write_samples(file.create_group("training"), m.parameters(), run.training);
    const auto test = file.create_group("test");
    write_samples(test, m.parameters(), run.test);
    test.write_dataset("predicted_s", run.errors.predicted);
    test.write_attribute("mean_relative_error", run.errors.mean_relative);
    test.write_attribute("median_relative_error", run.errors.median_relative);
    test.write_attribute("max_relative_error", run.errors.max_relative);
  }
  file.close();
}

}  // namespace

void write_model_file(const std::string& path, const modeling::ModelRun& run) {
  const std::string tmp = path + ".tmp";
  try {
    write_file(tmp, run);
    std::filesystem::rename(tmp, path);
  } catch (...) {
    std::error_code ignored;
    std::filesystem::remove(tmp, ignored);
    throw;
  }
}

bool is_model_file(const std::string& path) {
  try {
    const auto file = hdf5::H5File::open(path);
    return file.has_attribute("file_kind") && file.read_attribute<std::string>("file_kind") == "model";
  } catch (const std::runtime_error&) {
    return false;
  }
}

namespace {

// A model read back is checked like a results file: every term names parameters of the file and every
// coefficient is a finite number; throws std::runtime_error naming the path and the first problem.
void check_model(const std::string& path, std::size_t parameters, const std::vector<std::int64_t>& first,
                 const std::vector<std::int64_t>& second, const std::vector<double>& coefficients) {
  const auto n = static_cast<std::int64_t>(parameters);
  if (first.size() != second.size())
    throw std::runtime_error(path + ": /model/term_first and /model/term_second differ in length");
  for (std::size_t i = 0; i < first.size(); ++i)
    if (first[i] < 0 || first[i] >= n || second[i] < -1 || second[i] >= n || second[i] == first[i])
      throw std::runtime_error(path + ": /model term " + std::to_string(i) + " names parameter " +
                               std::to_string(first[i]) + (second[i] >= 0 ? " and " + std::to_string(second[i]) : "") +
                               ", but the file has parameters 0.." + std::to_string(n - 1));
  for (std::size_t i = 0; i < coefficients.size(); ++i)
    if (!std::isfinite(coefficients[i]))
      throw std::runtime_error(path + ": /model/coefficients[" + std::to_string(i) + "] is not a finite number");
}

}  // namespace

modeling::ModelRun read_model_file(const std::string& path) {
  files::check_regular_file(path);  // a FIFO would block the HDF5 library's open
  if (!is_model_file(path)) throw std::runtime_error(path + " is not an autobench model file (no file_kind = model)");
  const auto file = hdf5::H5File::open(path);
  const auto version = file.read_attribute<std::int64_t>("schema_version");
  if (version != kModelSchemaVersion)
    throw std::runtime_error(path + " has model schema version " + std::to_string(version) + "; this autobench-mpi reads " +
                             std::to_string(kModelSchemaVersion));
  modeling::ModelRun run;
  hdf5::read_attributes(file, run.info, results::kRunFields);
  run.info.complete = file.read_attribute<std::string>("status") == "complete";
  run.kernel = file.read_attribute<std::string>("kernel");
  run.device_model = file.read_attribute<std::string>("device_model");
  // Attributes added with the derived parameters, linear interactions and ridge refits; older files have none.
  const auto int_or_zero = [&](const char* name) {
    return file.has_attribute(name) ? static_cast<int>(file.read_attribute<std::int64_t>(name)) : 0;
  };
  run.sm_count = int_or_zero("sm_count");
  run.cc_major = int_or_zero("cc_major");
  run.cc_minor = int_or_zero("cc_minor");
  run.seed = file.read_attribute<std::uint64_t>("seed");
  try {
    run.options = read_fit(file);
  } catch (const nlohmann::json::exception& e) {  // a missing required attribute
    throw std::runtime_error(path + ": " + e.what());
  } catch (const std::invalid_argument& e) {  // an unknown name, a value outside its option's range
    throw std::runtime_error(path + ": " + e.what());
  }
  run.selection.r_squared = file.read_attribute<double>("r_squared");
  run.selection.adjusted_r_squared = file.read_attribute<double>("adjusted_r_squared");
  run.sizes = file.read_dataset<std::uint64_t>("sizes");
  for (auto c : file.read_dataset<std::uint64_t>("clocks_mhz")) run.clocks_mhz.push_back(static_cast<unsigned>(c));
  {
    std::vector<Parameter> parameters;
    const auto pg = file.open_group("parameters");
    try {
      for (const auto& name : pg.child_groups()) parameters.push_back(read_parameter(pg, name));
    } catch (const std::invalid_argument& e) {  // a kind, range or knot count no fit gives
      throw std::runtime_error(path + ": /parameters: " + e.what());
    }
    const auto g = file.open_group("model");
    const auto first = g.read_dataset<std::int64_t>("term_first");
    const auto second = g.read_dataset<std::int64_t>("term_second");
    const auto coefficients = g.read_dataset<double>("coefficients");
    check_model(path, parameters.size(), first, second, coefficients);
    std::vector<model::Term> terms;
    const bool linear = run.options.interactions == model::Interactions::linear;
    for (std::size_t i = 0; i < first.size(); ++i)
      terms.push_back({static_cast<int>(first[i]), static_cast<int>(second[i]), linear && second[i] >= 0});
    try {
      run.selection.model = model::LinearModel(parameters, terms, coefficients, run.options.log_response);
    } catch (const std::invalid_argument& e) {
      throw std::runtime_error(path + ": " + e.what());
    }
    run.selection.term_r_squared_gain = g.read_dataset<double>("term_r_squared_gain");
    run.selection.path = read_path(file.open_group("path"), linear);
    run.training = read_samples(file.open_group("training"), parameters);
    const auto test = file.open_group("test");
    run.test = read_samples(test, parameters);
    run.errors.points = run.test.rows.size();
    run.errors.predicted = test.read_dataset<double>("predicted_s");
    run.errors.mean_relative = test.read_attribute<double>("mean_relative_error");
    run.errors.median_relative = test.read_attribute<double>("median_relative_error");
    run.errors.max_relative = test.read_attribute<double>("max_relative_error");
  }
  return run;
}

}  // namespace autobench::model_file
