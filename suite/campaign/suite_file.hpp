// Suite files: a TOML file that names a run's kernel x detector x repeat matrix, its options, and
// options for one kernel's sweeps, read into command-line options (see docs/options.md, "Suite files").
#pragma once

#include <map>
#include <string>
#include <vector>

namespace autobench::campaign {

// One setting of the file as the command-line option it stands for: --name=value.
struct SuiteOption {
  std::string name;   // the long option name without dashes, e.g. "scale-factor"
  std::string value;  // as typed on a command line; arrays joined with ','
  int line = 0;       // where the file sets it
};

struct SuiteFile {
  std::string path;
  std::string name;                       // the file's stem: the run's suite name
  std::string description;
  std::vector<SuiteOption> options;       // kernels, detectors, repeats and the [options] table
  std::map<std::string, std::vector<SuiteOption>> kernel_options;  // [kernel.NAME] tables
  std::map<std::string, int> kernel_lines;                         // where each table starts
};

// True when --suite names a file rather than a built-in suite (it ends in .toml or names a path).
bool is_suite_file(const std::string& suite);

// Reads and checks the file's structure. Throws std::invalid_argument with one line starting
// "PATH:LINE:" (or "PATH:" for a missing or unreadable file) that names the bad key or value.
// Whether a value is allowed for its option is checked where options are checked.
SuiteFile read_suite_file(const std::string& path);

// "PATH:LINE: " for the first option whose --name (or one of whose values, quoted) `message`
// mentions; "PATH: " when none does.
std::string locate(const SuiteFile& file, const std::vector<SuiteOption>& options, const std::string& message);

}  // namespace autobench::campaign
