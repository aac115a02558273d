// A background thread that polls one Sensor at a fixed interval and keeps the timestamped trace.
#pragma once

#include <chrono>
#include <condition_variable>
#include <exception>
#include <memory>
#include <mutex>
#include <thread>
#include <vector>

#include "power/sensor.hpp"

namespace autobench::power::io {

struct SamplerOptions {
  std::chrono::microseconds interval{10'000};  // time between the starts of consecutive reads
};

// One sampler per rank (per GPU). Each sample's t_s is the steady-clock midpoint of its read. Reads are
// scheduled on a fixed grid (start + k·interval); a read that overruns skips the missed grid points
// instead of bursting to catch up. If the sensor throws, sampling stops and stop() rethrows.
class Sampler {
 public:
  // Throws std::invalid_argument for a null sensor or a non-positive interval.
  explicit Sampler(std::unique_ptr<Sensor> sensor, SamplerOptions options = {});
  ~Sampler();  // stops the thread (swallowing a sensor error: call stop() to see it)
  Sampler(const Sampler&) = delete;
  Sampler& operator=(const Sampler&) = delete;

  void start();  // starts the thread; no-op when already running
  void stop();   // stops and joins; rethrows the sensor's exception if one ended sampling
  bool running() const;

  std::vector<Sample> trace() const;  // a copy of every sample so far
  void clear();                       // forgets the samples so far (e.g. between campaigns)

 private:
  void loop();
  std::unique_ptr<Sensor> sensor_;
  SamplerOptions options_;
  mutable std::mutex mutex_;
  std::condition_variable wake_;
  bool stop_requested_ = false;
  std::vector<Sample> samples_;
  std::exception_ptr error_;
  std::thread thread_;
};

}  // namespace autobench::power::io
