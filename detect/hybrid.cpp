// `hybrid`: one detector proposes a knee, a second must find one near it for the knee to count.
#include <algorithm>
#include <memory>
#include <string>
#include <vector>

#include "chord.hpp"
#include "detector.hpp"
#include "detector_params.hpp"
#include "unit_curve.hpp"

namespace autobench::detect {
namespace {

// The proposer's knees count when the confirmer found a knee at most `tolerance` indices away (all three
// declared below). The saturation knee is the proposer's choice if confirmed, else
// the latest of its other confirmed knees (online Kneedle's choice is its latest knee, which on a noisy
// plateau is a ripple while the real knee is among the earlier ones). Guards each method's failure mode
// with the other's: kneedle reports the first point of a curve that starts flat in log x, and knees in
// noise, which triangle does not confirm. Score: the chosen knee's distance from the first-last chord in
// the unit square (so it means the same whichever detectors are combined).
class Hybrid final : public Detector {
 public:
  explicit Hybrid(const Params& p)
      : p_(p),
        tolerance_(static_cast<std::size_t>(param(p, "hybrid", "tolerance"))),
        proposer_(make(choice(p, "hybrid", "proposer"), p)),
        confirmer_(make(choice(p, "hybrid", "confirmer"), p)) {}

  Knee find(const Curve& curve) const override {
    const Knee proposed = proposer_->find(curve);
    if (!proposed.index) return {};
    std::vector<std::size_t> confirming = confirmer_->find(curve).all;
    std::sort(confirming.begin(), confirming.end());
    auto confirmed = [&](std::size_t k) {  // a confirming knee in [k - tolerance, k + tolerance]: O(log n)
      const auto c = std::lower_bound(confirming.begin(), confirming.end(), k - std::min(k, tolerance_));
      return c != confirming.end() && *c <= k + tolerance_;
    };
    Knee out;
    for (std::size_t k : proposed.all)
      if (confirmed(k)) out.all.push_back(k);
    if (confirmed(*proposed.index))
      out.index = proposed.index;
    else if (!out.all.empty())
      out.index = out.all.back();
    if (out.index)
      out.score = chord_distance(unit_curve(curve, p_.x_scale), *out.index, 0, curve.size() - 1, p_.shape);
    return out;
  }

 private:
  Params p_;
  std::size_t tolerance_;
  std::unique_ptr<Detector> proposer_;
  std::unique_ptr<Detector> confirmer_;
};

const Registration kHybridRegistration(
    "hybrid", "a proposer's knee (kneedle) confirmed by a second detector (triangle)",
    [](const Params& p) { return std::make_unique<Hybrid>(p); },
    {{.key = "tolerance", .default_value = 3.0, .min = 0.0, .max = 1000.0, .whole = true,
      .help = "how many indices apart the proposed and the confirming knee may be"},
     {.key = "proposer", .help = "the detector that proposes knees",
      .choices = detectors_except({"hybrid"}), .default_choice = "kneedle"},
     {.key = "confirmer", .help = "the detector that must find a knee near a proposed one",
      .choices = detectors_except({"hybrid"}), .default_choice = "triangle"}});

}  // namespace
}  // namespace autobench::detect
