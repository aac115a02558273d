// The Alpaca-style prompt record of one measured launch (LLMPerf's format): the kernel's CUDA source
// with its tunables as #defines, one line per argument (id, name, qualifier, type, size or value), the
// launch sizes, and the target (time in us; models train on log2 of it); one JSON object per line.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "kernels/kernel.hpp"

namespace autobench::dataset {

inline constexpr int kSchemaVersion = 1;  // of the JSONL lines and the HDF5 dataset file

struct Argument {
  int id = 0;
  std::string name;       // as in the kernel signature
  std::string qualifier;  // "global" (device memory) or "value" (passed by value)
  std::string type;       // "const float*", "unsigned long long", ...
  std::string size_or_value;  // "size=1048576" (elements) or "value=0.999756"
};

struct PromptRecord {
  std::string device;  // the device the time was measured on (name)
  std::string source;  // the kernel's CUDA source
  kernels::Tunables defines;
  std::vector<Argument> arguments;
  std::uint64_t global_size = 0, local_size = 0, workgroups = 0;
  double time_us = 0;
};

// "#define NAME VALUE\n" per tunable, then the source.
std::string code_with_defines(const std::string& source, const kernels::Tunables& defines);
std::string instruction(const PromptRecord& r);  // what to predict, naming the device
std::string input(const PromptRecord& r);        // code, arguments and launch sizes
// {"instruction", "input", "output" (time in us as text)} plus "time_us" and "log2_time_us".
nlohmann::json alpaca(const PromptRecord& r);

// One JSON object as one line (every newline, quote, backslash and control character escaped);
// throws std::invalid_argument for a string that is not valid UTF-8.
std::string jsonl_line(const nlohmann::json& record);

}  // namespace autobench::dataset
