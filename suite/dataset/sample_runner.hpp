// Measures one rank's plan of samples on its device: journaled as each is measured, samples already in
// the journal taken as they are, stopping on a signal or when the time budget leaves no room.
#pragma once

#include <chrono>
#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "kernels/kernel.hpp"
#include "suite/backend/device.hpp"
#include "suite/control/time_budget.hpp"
#include "suite/dataset/dataset_sample.hpp"
#include "suite/journal/journal.hpp"

namespace autobench::dataset {

struct SampleRunner {
  backend::Device* device = nullptr;
  int rank = 0;
  backend::TimingPlan timing;
  journal::Writer* journal = nullptr;
  control::TimeBudget* budget = nullptr;
  std::chrono::steady_clock::time_point t0;  // when the run started (the budget's clock)
  std::map<std::string, bool> compiled;       // kernels whose remaining configurations are compiled
  std::map<std::uint64_t, Sample> previous;   // measured before (the journal), by sample id

  // Measures plan[begin, end); each kernel's remaining configurations are compiled together before its
  // first one. False when it stopped early (a signal, or the next configuration would not fit the budget).
  bool run(std::vector<Sample>& plan, std::size_t begin);

 private:
  // The distinct configurations of plan[from]'s kernel from there on that are still to be measured.
  std::vector<kernels::Tunables> configurations_left(const std::vector<Sample>& plan, std::size_t from) const;
};

}  // namespace autobench::dataset
