// Time budget (see time_budget.hpp).
#include "suite/control/time_budget.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <stdexcept>
#include <vector>

namespace autobench::control {

TimeBudget::TimeBudget(double budget_s) : budget_s_(budget_s) {}

bool TimeBudget::may_start(const std::string& kernel, double elapsed_s) const {
  double expected = 0.0;
  if (auto it = longest_.find(kernel); it != longest_.end()) {
    expected = it->second;
  } else {
    for (const auto& [_, s] : longest_) expected = std::max(expected, s);
  }
  return elapsed_s + expected <= budget_s_;
}

void TimeBudget::record(const std::string& kernel, double sweep_s) {
  auto& longest = longest_[kernel];
  longest = std::max(longest, sweep_s);
}

double parse_slurm_duration(const std::string& text) {
  if (text == "UNLIMITED" || text == "INVALID" || text == "NOT_SET") return INFINITY;
  const auto bad = [&] { return std::invalid_argument("not a SLURM duration: '" + text + "'"); };
  double days = 0;
  std::string rest = text;
  if (auto dash = rest.find('-'); dash != std::string::npos) {
    days = std::stod(rest.substr(0, dash));
    rest = rest.substr(dash + 1);
  }
  std::vector<double> parts;
  std::size_t start = 0;
  while (true) {
    const auto colon = rest.find(':', start);
    const std::string field = rest.substr(start, colon - start);
    if (field.empty() || field.find_first_not_of("0123456789") != std::string::npos) throw bad();
    parts.push_back(std::stod(field));
    if (colon == std::string::npos) break;
    start = colon + 1;
  }
  if (parts.size() > 3) throw bad();
  double seconds = 0;
  if (text.find('-') != std::string::npos) {  // D-HH[:MM[:SS]]
    const double unit[] = {3600, 60, 1};
    for (std::size_t i = 0; i < parts.size(); ++i) seconds += parts[i] * unit[i];
  } else if (parts.size() == 1) {  // minutes
    seconds = parts[0] * 60;
  } else {  // MM:SS or HH:MM:SS
    for (double p : parts) seconds = seconds * 60 + p;
  }
  return days * 86400 + seconds;
}

double slurm_time_left_s() {
  if (const char* end = std::getenv("SLURM_JOB_END_TIME")) {
    const double t = std::strtod(end, nullptr);
    if (t > 0) return t - static_cast<double>(std::time(nullptr));
  }
  const char* job = std::getenv("SLURM_JOB_ID");
  if (!job) return INFINITY;
  const std::string command = std::string("squeue -h -j ") + std::to_string(std::atol(job)) + " -o %L 2>/dev/null";
  FILE* pipe = popen(command.c_str(), "r");
  if (!pipe) return INFINITY;
  char buf[128] = {0};
  const bool got = std::fgets(buf, sizeof buf, pipe) != nullptr;
  pclose(pipe);
  std::string text = got ? buf : "";
  while (!text.empty() && (text.back() == '\n' || text.back() == ' ')) text.pop_back();
  try {
    return text.empty() ? INFINITY : parse_slurm_duration(text);
  } catch (const std::invalid_argument&) {
    return INFINITY;
  }
}

}  // namespace autobench::control
