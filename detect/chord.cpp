// Chord distances and the knee-counting rule (see chord.hpp).
#include "chord.hpp"

#include <algorithm>
#include <cmath>

namespace autobench::detect {

double chord_distance(const Curve& c, std::size_t i, std::size_t first, std::size_t last, Shape shape) {
  const double dx = c.x[last] - c.x[first], dy = c.y[last] - c.y[first];
  const double cross = dx * (c.y[i] - c.y[first]) - dy * (c.x[i] - c.x[first]);
  const double d = cross / std::hypot(dx, dy);
  return shape == Shape::concave ? d : -d;
}

bool clears_chord(const Curve& c, std::size_t i, std::size_t first, std::size_t last, Shape shape,
                  double threshold) {
  return chord_distance(c, i, first, last, shape) > std::max(threshold, kRoundoff);
}

std::size_t starting_elbow(const Curve& c, Shape knee, double threshold) {
  const Shape elbow = knee == Shape::concave ? Shape::convex : Shape::concave;
  std::size_t at = 0;
  double farthest = 0.0;
  for (std::size_t i = 1; i + 1 < c.size(); ++i) {
    const double d = chord_distance(c, i, 0, c.size() - 1, elbow);
    if (!clears_chord(c, i, 0, c.size() - 1, elbow, threshold)) break;
    if (d > farthest) at = i, farthest = d;
  }
  return at;
}

Knee gated_knee(const Curve& c, std::size_t index, double score, const Params& params) {
  if (!clears_chord(c, index, 0, c.size() - 1, params.shape, params.distance_threshold)) return {};
  return Knee{index, {index}, score};
}

}  // namespace autobench::detect
