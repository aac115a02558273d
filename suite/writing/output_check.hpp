// Checks that an output can be written, made before any work and creating nothing: the directory or
// file itself when it exists, else the nearest directory above it that does.
#pragma once

#include <filesystem>
#include <string>
#include <vector>

namespace autobench::writing {

// `dir` is a directory that exists and is writable, or one that could be created below the nearest
// existing directory above it, which is writable; the directories `own` below it that the program would
// write into (e.g. "csv") are not links or other files (files::own_directory_problem). Creates nothing.
// Throws std::invalid_argument "--output 'a/b' is not usable: 'a' is not a directory (it is a FIFO)" naming
// `option`.
void check_output_directory(const std::string& option, const std::string& dir,
                            const std::vector<std::string>& own = {});

// `file` can be written (replaced whole): it is a regular file or does not exist (a directory, FIFO or
// device is refused, named as what it is), and the directory it lies in exists and is writable. Creates
// nothing. Throws std::invalid_argument naming `option`.
void check_output_file(const std::string& option, const std::string& file);

}  // namespace autobench::writing
