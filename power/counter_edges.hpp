// Where a power window reads the energy counter: only at its two edges, the first sensor update inside
// the load and the window's last reading; the cheap instant-power readings lie in between.
#pragma once

#include <vector>

#include "power/sensor.hpp"

namespace autobench::power {

// A sensor whose energy counter is read apart from its other readings, because reading it is slow
// (NVML's takes 3.4 ms on an H100, behind a lock the node's ranks share): read() leaves energy_j NaN,
// read_energy_j() reads the counter (NaN without one). The sampler reads it at a window's edges only.
class CounterSensor : public Sensor {
 public:
  virtual double read_energy_j() = 0;
};

// The start edge of a window whose counter may be read from `from_s` on (the load's start plus the
// sensor's lag and a sampling interval): the first reading at or after from_s that shows a new
// instant-power value, i.e. right after a sensor update (the counter is published with it, so the counter
// read then is the one of that update), or the first reading at or after from_s when the sensor has no
// instant power.
class CounterStartEdge {
 public:
  explicit CounterStartEdge(double from_s) : from_s_(from_s) {}
  // Whether `current`, read after `previous` (nullptr: the first reading), is the start edge; true once.
  bool is_edge(const Sample* previous, const Sample& current);

 private:
  double from_s_;
  bool taken_ = false;
};

// A trace that read the counter at every reading (the sim meter's) as a sampled meter reads it: the
// counter kept at the start edge (CounterStartEdge from `from_s`) and at the last reading, NaN elsewhere.
void keep_counter_at_edges(std::vector<Sample>& trace, double from_s);

}  // namespace autobench::power
