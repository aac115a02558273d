// Runs one of the project's Python scripts (scripts/*.py: the figures, the HTML page) with the project's
// interpreter, for the subcommands that draw.
#pragma once

#include <string>
#include <vector>

namespace autobench::cli {

// Runs `PYTHON SCRIPT ARGS...`. SCRIPT is the installed copy (<prefix>/share/autobench-mpi/`script` next to
// <prefix>/bin/autobench-mpi) or else the source tree's scripts/`script`. PYTHON is, in order:
// $AUTOBENCH_PYTHON (an explicit choice, used even if it does not exist); the venv installed next to this
// binary (<prefix>/share/autobench-mpi/venv); the interpreter configured at build time (CMake's
// AUTOBENCH_PYTHON, by default the project venv of scripts/install-deps.sh); python3 on PATH. Its standard
// output is copied, through a pipe, into this program's (escaped and checked as all it prints), its errors
// go to stderr directly and it prints its own errors: its exit 2 throws UsageError(""),
// any other failure RunFailure (with a message naming `command` and every interpreter tried when none
// can run at all).
void run_python_script(const std::string& command, const std::string& script, const std::vector<std::string>& args);

}  // namespace autobench::cli
