// The settings of `--suite FILE` (see suite_file_settings.hpp).
#include "suite/cli/suite_file_settings.hpp"

#include <algorithm>
#include <set>

#include "suite/campaign/plan.hpp"
#include "suite/campaign/suite_file.hpp"
#include "suite/cli/errors.hpp"
#include "suite/cli/run_options.hpp"
#include "suite/text/echo.hpp"
#include "suite/writing/output_check.hpp"

namespace autobench::cli {

namespace {

// Run options given on the command line, by long name without dashes.
std::set<std::string> typed_names(const CLI::App& app) {
  std::set<std::string> names;
  for (const CLI::Option* o : app.get_options())
    if (o->count() > 0)
      for (const auto& n : o->get_lnames()) names.insert(n);
  return names;
}

// `file_options` (those not typed on the command line) followed by the command line's own
// arguments, parsed as run options; arguments of other options (--resume, ...) are ignored here.
campaign::RunSettings parse_with(const std::vector<campaign::SuiteOption>& file_options,
                                 const std::set<std::string>& typed, const std::vector<std::string>& args) {
  CLI::App app;
  app.allow_extras();
  RunOptions options;
  add_run_options(app, options);
  std::vector<std::string> all;
  for (const auto& o : file_options) {
    if (typed.count(o.name)) continue;
    if (o.value.empty() && app.get_option("--" + o.name)->get_expected_min() == 0)
      throw UsageError("--" + o.name + " '' is not allowed: a flag is true or false");
    if (o.value.empty())  // "--output=" would take the next argument as its value; as typed: --output ''
      all.insert(all.end(), {"--" + o.name, ""});
    else
      all.push_back("--" + o.name + "=" + o.value);
  }
  all.insert(all.end(), args.begin(), args.end());
  std::reverse(all.begin(), all.end());  // CLI11 takes a vector of arguments last-first
  app.parse(all);
  return to_settings(options, app);
}

// Checks that every name is a run option (in one of `groups`, when given).
void check_names(const campaign::SuiteFile& file, const std::vector<campaign::SuiteOption>& options,
                 const std::vector<std::string>& groups, const std::string& where) {
  CLI::App app;
  RunOptions unused;
  add_run_options(app, unused);
  for (const auto& o : options) {
    const bool not_run_option = o.name == "suite" || o.name == "help";
    const CLI::Option* opt = not_run_option ? nullptr : app.get_option_no_throw("--" + o.name);
    const bool allowed = opt && (groups.empty() || std::count(groups.begin(), groups.end(), opt->get_group()));
    if (!allowed) {
      std::string names;
      for (const CLI::Option* c : app.get_options())
        if (!c->get_lnames().empty() && c->get_lnames()[0] != "suite" && c->get_lnames()[0] != "help" &&
            (groups.empty() || std::count(groups.begin(), groups.end(), c->get_group())))
          names += (names.empty() ? "" : ", ") + c->get_lnames()[0];
      throw UsageError(file.path + ":" + std::to_string(o.line) + ": unknown option " + text::echo(o.name) + " in " + where +
                       " (allowed: " + names + ")");
    }
  }
}

// Runs `make` and rethrows its errors as UsageError located in the file.
template <typename Make>
auto located(const campaign::SuiteFile& file, const std::vector<campaign::SuiteOption>& options, Make make) {
  try {
    return make();
  } catch (const CLI::ParseError& e) {
    throw UsageError(campaign::locate(file, options, e.what()) + e.what());
  } catch (const std::invalid_argument& e) {
    throw UsageError(campaign::locate(file, options, e.what()) + e.what());
  } catch (const UsageError& e) {
    throw UsageError(campaign::locate(file, options, e.what()) + e.what());
  }
}

}  // namespace

campaign::RunSettings settings_with_suite_file(const std::string& path, const CLI::App& typed,
                                               const std::vector<std::string>& args) {
  campaign::SuiteFile file;
  try {
    file = campaign::read_suite_file(path);
  } catch (const std::invalid_argument& e) {
    throw UsageError(e.what());
  }
  check_names(file, file.options, {}, "[options]");
  const std::set<std::string> on_command_line = typed_names(typed);
  for (const auto& o : file.options)  // as the typed --output is checked, but located: `output = ""` names no directory
    if (o.name == "output" && !on_command_line.count("output"))
      located(file, {o}, [&] {
        writing::check_output_directory("--output", o.value);
        return 0;
      });

  // The file alone first, so its own mistakes are reported against its lines.
  located(file, file.options, [&] {
    auto s = parse_with(file.options, {}, {});
    s.suite_file = path;
    return campaign::check_plan(s);
  });
  campaign::RunSettings settings = parse_with(file.options, on_command_line, args);
  settings.suite = file.name;
  settings.suite_file = path;
  const auto file_kernels = parse_with(file.options, {}, {}).kernels;

  for (const auto& [kernel, own] : file.kernel_options) {
    if (std::find(file_kernels.begin(), file_kernels.end(), kernel) == file_kernels.end())
      throw UsageError(path + ":" + std::to_string(file.kernel_lines.at(kernel)) + ": [kernel." + kernel +
                       "] but '" + kernel + "' is not in the file's kernels");
    check_names(file, own, campaign::kKernelGroups, "[kernel." + kernel + "]");
    std::vector<campaign::SuiteOption> merged;  // the file's run-wide options, then the kernel's over them
    for (const auto& o : file.options)
      if (std::none_of(own.begin(), own.end(), [&](const campaign::SuiteOption& k) { return k.name == o.name; }))
        merged.push_back(o);
    merged.insert(merged.end(), own.begin(), own.end());
    located(file, own, [&] {
      auto s = parse_with(merged, {}, {});
      s.suite_file = path;
      s.kernels = {kernel};
      return campaign::check_plan(s);
    });
    if (std::count(settings.kernels.begin(), settings.kernels.end(), kernel))  // --kernels may narrow the run
      settings.kernel_autoscale[kernel] = parse_with(merged, on_command_line, args).autoscale;
  }
  std::vector<campaign::SuiteOption> every_table;  // a kernel's settings against the run's (power windows)
  for (const auto& [kernel, own] : file.kernel_options) every_table.insert(every_table.end(), own.begin(), own.end());
  located(file, every_table, [&] { return campaign::check_plan(settings); });
  return settings;
}

}  // namespace autobench::cli
