// Checks that an output can be written, made before any work and creating nothing: the directory or
// file itself when it exists, else the nearest directory above it that does.
#pragma once

#include <string>

namespace autobench::writing {

// `dir` is a directory that exists and is writable, or one that could be created below the nearest
// existing directory above it, which is writable. Creates nothing. Throws std::invalid_argument
// "--output 'a/b' is not usable: 'a' is not a directory" naming `option`.
void check_output_directory(const std::string& option, const std::string& dir);

// `file` can be written (replaced whole): it is not a directory, and the directory it lies in exists
// and is writable. Creates nothing. Throws std::invalid_argument naming `option`.
void check_output_file(const std::string& option, const std::string& file);

}  // namespace autobench::writing
