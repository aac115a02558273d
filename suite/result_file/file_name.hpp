// Names read from a file (kernel, detector, device) made safe as one part of a file name, so every
// output stays inside its directory.
#pragma once

#include <string>
#include <string_view>

namespace autobench::result_file {

// `name` with every byte outside [A-Za-z0-9._+-] replaced by '_' and a leading '.' too (no "..", no
// hidden file, no '/'), cut to 64 bytes; "_" for an empty name. Names the suite gives itself ("vecadd",
// "triangle") come back unchanged. scripts/plot_results.py applies the same rule.
std::string file_name_part(std::string_view name);

}  // namespace autobench::result_file
