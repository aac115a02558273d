// The `report` table form of a results file: the run's provenance and backend, a campaigns table
// and a knee-stability table, for reading in a terminal.
#pragma once

#include <string>

#include "suite/output/hdf5_reader.hpp"

namespace autobench::output {

// "sim (simulated devices, not GPU measurements)" for the sim backend, the backend's name otherwise.
std::string backend_label(const std::string& backend);

std::string report_table(const ResultFile& file, const std::string& path);

}  // namespace autobench::output
