// Trace filters by name (see trace_filter.hpp).
#include "suite/energy/trace_filter.hpp"

#include <cmath>
#include <sstream>
#include <stdexcept>

#include "power/moving_average.hpp"

namespace autobench::energy {
namespace {

const char* kAllowed = "allowed: none, maf[:W] (odd W >= 1), gh[:G[,H]] (0 < G <= 1, 0 <= H < 2), kalman[:Q,R] "
                       "(Q >= 0, R > 0)";

std::vector<double> numbers(const std::string& spec, const std::string& list) {
  std::vector<double> out;
  std::istringstream in(list);
  for (std::string item; std::getline(in, item, ',');) {
    std::size_t used = 0;
    double v = 0;
    try {
      v = std::stod(item, &used);
    } catch (const std::exception&) {
      used = 0;
    }
    if (used == 0 || used != item.size() || !std::isfinite(v))
      throw std::invalid_argument("--power-filter '" + spec + "': '" + item + "' is not a number (" + kAllowed + ")");
    out.push_back(v);
  }
  return out;
}

}  // namespace

TraceFilter parse_filter(const std::string& spec) {
  const auto colon = spec.find(':');
  const std::string name = spec.substr(0, colon);
  const std::vector<double> args = colon == std::string::npos ? std::vector<double>{} : numbers(spec, spec.substr(colon + 1));
  auto bad = [&] { return std::invalid_argument("--power-filter '" + spec + "' is not allowed (" + kAllowed + ")"); };
  TraceFilter f;
  if (name == "none" && colon == std::string::npos) return f;
  if (name == "maf") {
    f.kind = TraceFilter::Kind::maf;
    if (args.size() > 1) throw bad();
    if (!args.empty()) {
      if (args[0] < 1 || args[0] != std::floor(args[0]) || std::fmod(args[0], 2.0) != 1.0) throw bad();
      f.window = static_cast<std::size_t>(args[0]);
    }
    return f;
  }
  if (name == "gh") {
    f.kind = TraceFilter::Kind::gh;
    if (args.size() > 2) throw bad();
    if (!args.empty()) {
      f.gh.g = args[0];
      f.gh.h = args.size() > 1 ? args[1] : args[0] * args[0] / (2.0 - args[0]);
    }
    if (!(f.gh.g > 0 && f.gh.g <= 1 && f.gh.h >= 0 && f.gh.h < 2)) throw bad();
    return f;
  }
  if (name == "kalman") {
    f.kind = TraceFilter::Kind::kalman;
    if (args.size() == 1 || args.size() > 2) throw bad();
    if (args.size() == 2) {
      f.kalman.process_noise = args[0];
      f.kalman.measurement_noise = args[1];
    }
    if (!(f.kalman.process_noise >= 0 && f.kalman.measurement_noise > 0)) throw bad();
    return f;
  }
  throw bad();
}

std::vector<double> TraceFilter::apply(std::span<const double> trace) const {
  switch (kind) {
    case Kind::maf: return power::moving_average(trace, window);
    case Kind::gh: return power::gh_filter(trace, gh);
    case Kind::kalman: return power::kalman_filter(trace, kalman);
    case Kind::none: break;
  }
  return {trace.begin(), trace.end()};
}

std::string TraceFilter::describe() const {
  std::ostringstream o;
  switch (kind) {
    case Kind::none: o << "none"; break;
    case Kind::maf: o << "maf:" << window; break;
    case Kind::gh: o << "gh:" << gh.g << "," << gh.h; break;
    case Kind::kalman: o << "kalman:" << kalman.process_noise << "," << kalman.measurement_noise; break;
  }
  return o.str();
}

}  // namespace autobench::energy
