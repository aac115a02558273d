// Writes and reads the HDF5 file of a `model` run (layout in docs/models.md).
#pragma once

#include <string>

#include "suite/modeling/model_run.hpp"

namespace autobench::model_file {

inline constexpr std::int64_t kModelSchemaVersion = 1;

// Writes `path + ".tmp"` and renames it to `path` once complete; throws std::runtime_error naming the file.
void write_model_file(const std::string& path, const modeling::ModelRun& run);
// Throws std::runtime_error naming the file when it cannot be read or is not a model file.
modeling::ModelRun read_model_file(const std::string& path);
// Whether the file is an HDF5 model file (root attribute file_kind = "model"); false when unreadable.
bool is_model_file(const std::string& path);

}  // namespace autobench::model_file
