// Reading suite files with toml++ (see suite_file.hpp).
#include "suite/campaign/suite_file.hpp"

#include <algorithm>
#include <filesystem>
#include <stdexcept>

#include <fmt/format.h>

#include "suite/text/echo.hpp"

#ifdef AUTOBENCH_HAVE_TOML
#include <toml++/toml.h>
#endif

namespace autobench::campaign {
namespace {

[[noreturn]] void fail(const std::string& path, int line, const std::string& message) {
  throw std::invalid_argument(path + (line ? ":" + std::to_string(line) : "") + ": " + message);
}

#ifdef AUTOBENCH_HAVE_TOML

int line_of(const toml::node& n) { return static_cast<int>(n.source().begin.line); }

// A scalar as it would be typed on the command line.
std::string scalar_text(const toml::node& n, const std::string& path, const std::string& key) {
  if (auto s = n.as_string()) return s->get();
  if (auto i = n.as_integer()) return std::to_string(i->get());
  if (auto b = n.as_boolean()) return b->get() ? "true" : "false";
  if (auto f = n.as_floating_point()) return fmt::format("{}", f->get());  // shortest exact form: 1.1, not 1.1000...1
  fail(path, line_of(n), "'" + key + "' must be a string, number, boolean or a list of them");
}

SuiteOption option_of(const std::string& key, const toml::node& n, const std::string& path) {
  SuiteOption o{key, "", line_of(n)};
  if (auto arr = n.as_array()) {
    if (arr->empty()) fail(path, o.line, "'" + key + "' is an empty list");
    for (const auto& element : *arr) {
      if (element.is_array() || element.is_table()) fail(path, line_of(element), "'" + key + "' must be a flat list");
      o.value += (o.value.empty() ? "" : ",") + scalar_text(element, path, key);
    }
  } else if (n.is_table()) {
    fail(path, o.line, "'" + key + "' must be a value, not a table");
  } else {
    o.value = scalar_text(n, path, key);
  }
  return o;
}

std::vector<SuiteOption> options_of(const toml::table& table, const std::string& path) {
  std::vector<SuiteOption> out;
  for (const auto& [key, value] : table) out.push_back(option_of(std::string(key.str()), value, path));
  return out;
}

#endif

}  // namespace

bool is_suite_file(const std::string& suite) {
  return suite.find('/') != std::string::npos || (suite.size() > 5 && suite.ends_with(".toml"));
}

SuiteFile read_suite_file(const std::string& path) {
  if (!std::filesystem::is_regular_file(path)) fail(path, 0, "no such suite file");
#ifndef AUTOBENCH_HAVE_TOML
  fail(path, 0, "suite files need TOML support, which this build lacks (install libtomlplusplus-dev and rebuild)");
#else
  toml::table root;
  try {
    root = toml::parse_file(path);
  } catch (const toml::parse_error& e) {
    fail(path, static_cast<int>(e.source().begin.line), "not valid TOML: " + std::string(e.description()));
  }
  SuiteFile file;
  file.path = path;
  file.name = std::filesystem::path(path).stem().string();
  for (const auto& [key_, value] : root) {
    const std::string key(key_.str());
    const int line = line_of(value);
    if (key == "description") {
      if (!value.is_string()) fail(path, line, "'description' must be a string");
      file.description = value.as_string()->get();
    } else if (key == "kernels" || key == "detectors") {
      if (!value.is_array()) fail(path, line, "'" + key + "' must be a list of names, e.g. [\"vecadd\", \"gemm\"]");
      file.options.push_back(option_of(key, value, path));
    } else if (key == "repeats") {
      if (!value.is_integer()) fail(path, line, "'repeats' must be a whole number");
      file.options.push_back(option_of(key, value, path));
    } else if (key == "options") {
      if (!value.is_table()) fail(path, line, "'options' must be a table: [options]");
      for (auto& o : options_of(*value.as_table(), path)) file.options.push_back(std::move(o));
    } else if (key == "kernel") {
      if (!value.is_table()) fail(path, line, "'kernel' must hold tables: [kernel.NAME]");
      for (const auto& [name, table] : *value.as_table()) {
        if (!table.is_table()) fail(path, line_of(table), "'kernel." + std::string(name.str()) + "' must be a table");
        file.kernel_options[std::string(name.str())] = options_of(*table.as_table(), path);
        file.kernel_lines[std::string(name.str())] = line_of(table);
      }
    } else {
      fail(path, line, "unknown key " + text::echo(key) +
                           " (allowed at the top: description, kernels, detectors, repeats, [options], [kernel.NAME])");
    }
  }
  for (std::size_t i = 0; i < file.options.size(); ++i)  // [options] kernels beside a top-level kernels, ...
    for (std::size_t j = 0; j < i; ++j)
      if (file.options[j].name == file.options[i].name) {
        const auto [first, second] = std::minmax(file.options[i].line, file.options[j].line);
        fail(path, second, "'" + file.options[i].name + "' is set twice (also on line " + std::to_string(first) +
                               "; set it once)");
      }
  for (const char* required : {"kernels", "detectors"}) {
    bool found = false;
    for (const auto& o : file.options) found = found || o.name == required;
    if (!found) fail(path, 0, std::string("missing '") + required + "' (a suite file names the whole matrix)");
  }
  return file;
#endif
}

std::string locate(const SuiteFile& file, const std::vector<SuiteOption>& options, const std::string& message) {
  for (const auto& o : options)
    if (message.find("--" + o.name) != std::string::npos) return file.path + ":" + std::to_string(o.line) + ": ";
  for (const auto& o : options) {
    std::size_t start = 0;
    while (start <= o.value.size()) {
      const std::size_t comma = std::min(o.value.find(',', start), o.value.size());
      if (message.find("'" + o.value.substr(start, comma - start) + "'") != std::string::npos)
        return file.path + ":" + std::to_string(o.line) + ": ";
      start = comma + 1;
    }
  }
  return file.path + ": ";
}

}  // namespace autobench::campaign
