// Runs one of the project's Python scripts (scripts/*.py: the figures, the HTML page) with the python3 on
// PATH, for the subcommands that draw.
#pragma once

#include <string>
#include <vector>

namespace autobench::cli {

// Runs `python3 SCRIPT ARGS...`, SCRIPT being the installed copy (<prefix>/share/autobench-mpi/`script`
// next to <prefix>/bin/autobench-mpi) or else the source tree's scripts/`script`; its output goes to
// this program's stdout and stderr. The script prints its own errors: its exit 2 throws UsageError(""),
// any other failure RunFailure (with a message, naming `command`, when python3 cannot run at all).
void run_python_script(const std::string& command, const std::string& script, const std::vector<std::string>& args);

}  // namespace autobench::cli
