// A background thread that polls one Sensor at a fixed interval and keeps the timestamped trace.
#pragma once

#include <chrono>
#include <condition_variable>
#include <exception>
#include <memory>
#include <mutex>
#include <thread>
#include <vector>

#include "power/counter_edges.hpp"
#include "power/sensor.hpp"

namespace autobench::power::io {

struct SamplerOptions {
  std::chrono::microseconds interval{10'000};  // time between the starts of consecutive reads
  // The energy counter is read at the start edge (power/counter_edges.hpp) from this steady time on,
  // and by finish(); NaN: by finish() only. Every other reading leaves it NaN.
  double counter_from_s = numerics::kNaN;
};

// One sampler per rank (per GPU). Each sample's t_s is the steady-clock midpoint of its read. A
// CounterSensor's energy counter is read twice per window (its edges), not at every reading: a reading
// with the counter is taken again after the counter, and the counter read again when a sensor update fell
// in between, so that the counter and the reading it is stored with show the same update (a plain Sensor
// reads everything at every reading). Reads are scheduled on a fixed grid (start + k·interval); a read
// that overruns skips the missed grid points instead of bursting to catch up. If the sensor throws,
// sampling stops and stop() rethrows.
class Sampler {
 public:
  // Throws std::invalid_argument for a null sensor or a non-positive interval.
  explicit Sampler(std::unique_ptr<Sensor> sensor, SamplerOptions options = {});
  ~Sampler();  // stops the thread (swallowing a sensor error: call stop() to see it)
  Sampler(const Sampler&) = delete;
  Sampler& operator=(const Sampler&) = delete;

  void start();  // starts the thread; no-op when already running
  void stop();   // stops and joins; rethrows the sensor's exception if one ended sampling
  // stop(), then one last reading with the energy counter: the end edge of a power window.
  void finish();
  bool running() const;

  std::vector<Sample> trace() const;  // a copy of every sample so far
  void clear();                       // forgets the samples so far (e.g. between campaigns)

 private:
  void loop();
  Sample with_counter(Sample s);  // s (timed) with the counter, or a reading after it (see above)
  std::unique_ptr<Sensor> sensor_;
  CounterSensor* counter_;  // sensor_ when it reads its counter apart (counter_edges.hpp), else null
  SamplerOptions options_;
  mutable std::mutex mutex_;
  std::condition_variable wake_;
  bool stop_requested_ = false;
  std::vector<Sample> samples_;
  std::exception_ptr error_;
  std::thread thread_;
};

}  // namespace autobench::power::io
