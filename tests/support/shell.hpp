// Running a shell command from a test: its exit status and its output (stderr folded into stdout).
#pragma once

#include <sys/wait.h>

#include <gtest/gtest.h>

#include <cstdio>
#include <string>

namespace autobench::testing {

struct ShellResult {
  int status = 0;   // the exit status; -1 when the command did not exit normally
  std::string out;  // stdout and stderr together
};

// The command's stdout as given (no redirection added) and its exit status.
inline ShellResult read_command(const std::string& command) {
  ShellResult r;
  FILE* pipe = popen(command.c_str(), "r");
  char buf[4096];
  while (std::size_t n = fread(buf, 1, sizeof buf, pipe)) r.out.append(buf, n);
  const int status = pclose(pipe);
  r.status = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  return r;
}

inline ShellResult run_shell(const std::string& command) { return read_command(command + " 2>&1"); }

// The stdout of a command that must succeed: a non-zero exit fails the test, naming the command.
inline std::string checked_stdout(const std::string& command) {
  const ShellResult r = read_command(command);
  EXPECT_EQ(r.status, 0) << command << "\n" << r.out;
  return r.out;
}

// The last non-empty line of a command's output (e.g. the path a command prints last).
inline std::string last_line(std::string s) {
  while (!s.empty() && s.back() == '\n') s.pop_back();
  const auto nl = s.rfind('\n');
  return nl == std::string::npos ? s : s.substr(nl + 1);
}

}  // namespace autobench::testing
