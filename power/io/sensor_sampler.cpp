#include "power/io/sensor_sampler.hpp"

#include <cmath>
#include <stdexcept>
#include <string>

namespace autobench::power::io {

Sampler::Sampler(std::unique_ptr<Sensor> sensor, SamplerOptions options)
    : sensor_(std::move(sensor)), counter_(dynamic_cast<CounterSensor*>(sensor_.get())), options_(options) {
  if (!sensor_) throw std::invalid_argument("Sampler: no sensor given");
  if (options_.interval.count() <= 0) {
    throw std::invalid_argument("Sampler: interval " + std::to_string(options_.interval.count()) +
                                " us must be > 0");
  }
}

Sampler::~Sampler() {
  try {
    stop();
  } catch (...) {
    // The destructor cannot report a sensor failure; stop() does.
  }
}

void Sampler::start() {
  std::lock_guard lock(mutex_);
  if (thread_.joinable()) return;
  stop_requested_ = false;
  error_ = nullptr;
  thread_ = std::thread(&Sampler::loop, this);
}

void Sampler::stop() {
  {
    std::lock_guard lock(mutex_);
    stop_requested_ = true;
  }
  wake_.notify_all();
  if (thread_.joinable()) thread_.join();
  std::exception_ptr error;
  {
    std::lock_guard lock(mutex_);
    std::swap(error, error_);
  }
  if (error) std::rethrow_exception(error);
}

void Sampler::finish() {
  stop();
  const double before = steady_seconds();
  Sample s = sensor_->read();
  s.t_s = 0.5 * (before + steady_seconds());
  s = with_counter(s);
  std::lock_guard lock(mutex_);
  samples_.push_back(s);
}

Sample Sampler::with_counter(Sample s) {
  if (!counter_) return s;  // a sensor that reads everything at once
  s.energy_j = counter_->read_energy_j();
  const double before = steady_seconds();
  Sample after = sensor_->read();
  if (after.power_instant_w != s.power_instant_w && !(std::isnan(after.power_instant_w) && std::isnan(s.power_instant_w))) {
    after.t_s = 0.5 * (before + steady_seconds());  // an update fell between the reading and the counter:
    after.energy_j = counter_->read_energy_j();     // the counter again, after it
    return after;
  }
  return s;
}

bool Sampler::running() const {
  std::lock_guard lock(mutex_);
  return thread_.joinable() && !stop_requested_ && !error_;
}

std::vector<Sample> Sampler::trace() const {
  std::lock_guard lock(mutex_);
  return samples_;
}

void Sampler::clear() {
  std::lock_guard lock(mutex_);
  samples_.clear();
}

void Sampler::loop() {
  using clock = std::chrono::steady_clock;
  auto next = clock::now();
  power::CounterStartEdge start_edge(options_.counter_from_s);
  Sample previous;
  bool first = true;
  while (true) {
    Sample s;
    try {
      const double before = steady_seconds();
      s = sensor_->read();
      s.t_s = 0.5 * (before + steady_seconds());
      if (start_edge.is_edge(first ? nullptr : &previous, s)) s = with_counter(s);
      previous = s;
      first = false;
    } catch (...) {
      std::lock_guard lock(mutex_);
      error_ = std::current_exception();
      return;
    }
    std::unique_lock lock(mutex_);
    samples_.push_back(s);
    next += options_.interval;
    const auto now = clock::now();
    if (next < now) next += ((now - next) / options_.interval + 1) * options_.interval;
    if (wake_.wait_until(lock, next, [this] { return stop_requested_; })) return;
  }
}

}  // namespace autobench::power::io
