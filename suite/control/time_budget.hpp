// The time budget of a run: stop starting sweeps that cannot finish before the job's end.
// Pure logic, fed with the time so far; the SLURM edge only reads how much time is left.
#pragma once

#include <map>
#include <string>

namespace autobench::control {

class TimeBudget {
 public:
  explicit TimeBudget(double budget_s);  // infinity: no limit

  // True when a sweep of `kernel` started at `elapsed_s` is expected to end within the budget:
  // expected duration = the longest sweep of that kernel so far (or of any kernel; 0 before any).
  bool may_start(const std::string& kernel, double elapsed_s) const;
  void record(const std::string& kernel, double sweep_s);
  double budget_s() const { return budget_s_; }

 private:
  double budget_s_;
  std::map<std::string, double> longest_;
};

// SLURM durations as squeue prints them: "MM:SS", "HH:MM:SS", "D-HH:MM:SS", "D-HH", "M";
// "UNLIMITED"/"INVALID"/"NOT_SET" give infinity. Throws std::invalid_argument on anything else.
double parse_slurm_duration(const std::string& text);

// Seconds left in the current SLURM job (SLURM_JOB_END_TIME, else `squeue -o %L`); infinity when
// not inside a job or unknown.
double slurm_time_left_s();

}  // namespace autobench::control
