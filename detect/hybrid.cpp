// `hybrid`: one detector proposes a knee, a second must find one near it for the knee to count.
#include <memory>
#include <stdexcept>
#include <string>

#include "detector.hpp"

namespace autobench::detect {
namespace {

// The proposer's (Params::proposer) knees count when the confirmer (Params::confirmer) found a knee at
// most Params::tolerance indices away; the saturation knee is the proposer's own, if confirmed. Guards
// each method's failure mode with the other's: kneedle, for instance, reports the first point of a curve
// that starts flat in log x, which triangle never does. Score: the proposer's.
class Hybrid final : public Detector {
 public:
  explicit Hybrid(const Params& p) : tolerance_(p.tolerance) {
    for (const std::string* name : {&p.proposer, &p.confirmer})
      if (*name == "hybrid")
        throw std::invalid_argument("hybrid cannot use 'hybrid' as proposer or confirmer (allowed: any other detector)");
    proposer_ = make(p.proposer, p);
    confirmer_ = make(p.confirmer, p);
  }

  Knee find(const Curve& curve) const override {
    const Knee proposed = proposer_->find(curve);
    if (!proposed.index) return {};
    const Knee confirming = confirmer_->find(curve);
    auto confirmed = [&](std::size_t k) {
      for (std::size_t c : confirming.all)
        if ((k > c ? k - c : c - k) <= tolerance_) return true;
      return false;
    };
    Knee out;
    for (std::size_t k : proposed.all)
      if (confirmed(k)) out.all.push_back(k);
    if (confirmed(*proposed.index)) out.index = proposed.index, out.score = proposed.score;
    return out;
  }

 private:
  std::size_t tolerance_;
  std::unique_ptr<Detector> proposer_;
  std::unique_ptr<Detector> confirmer_;
};

const Registration kRegistration("hybrid", "a proposer's knee (kneedle) confirmed by a second detector (triangle)",
                                 [](const Params& p) { return std::make_unique<Hybrid>(p); });

}  // namespace
}  // namespace autobench::detect
