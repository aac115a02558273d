// The text of `model evaluate`: the learning curve of a model file's points and the model tuner's replay.
#pragma once

#include <string>
#include <vector>

#include "model/stepwise.hpp"
#include "suite/modeling/derived_parameters.hpp"
#include "suite/modeling/learning_curves.hpp"
#include "suite/modeling/model_run.hpp"
#include "suite/modeling/tuner_replay.hpp"

namespace autobench::formatting {

// The refits' settings and one line per training-set size. `points`: the measured points the curve drew from.
std::string learning_curve_text(const modeling::ModelRun& run, std::size_t points, const modeling::EvaluationSettings& s,
                                const model::StepwiseOptions& options, const modeling::Offered& offered,
                                const std::vector<modeling::EvaluationRow>& rows);

// The replay's table, one row per size, and its summary. `launches`: whether the tuner had the kernel's
// launches on the device (autoscale::launches_on).
std::string tuner_replay_text(const std::vector<modeling::TunerReplayRow>& replay, const modeling::TunerReplaySettings& t,
                              bool launches);

}  // namespace autobench::formatting
