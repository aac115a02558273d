// Prompt records (see prompt.hpp).
#include "suite/dataset/prompt.hpp"

#include <cmath>
#include <stdexcept>

#include <fmt/format.h>

namespace autobench::dataset {

std::string code_with_defines(const std::string& source, const kernels::Tunables& defines) {
  std::string out;
  for (const auto& [name, value] : defines) out += "#define " + name + " " + std::to_string(value) + "\n";
  return out + source;
}

std::string instruction(const PromptRecord& r) {
  return "Predict the execution time in microseconds of this CUDA kernel launch on " + r.device +
         ": the code, its arguments (id, name, qualifier, type, size or value) and the launch sizes follow.";
}

std::string input(const PromptRecord& r) {
  std::string s = "### Code\n" + code_with_defines(r.source, r.defines);
  if (!s.empty() && s.back() != '\n') s += '\n';
  s += "### Arguments\n";
  for (const auto& a : r.arguments)
    s += std::to_string(a.id) + " " + a.name + " " + a.qualifier + " " + a.type + " " + a.size_or_value + "\n";
  s += "### Launch\nglobal size " + std::to_string(r.global_size) + ", local size " + std::to_string(r.local_size) +
       ", workgroups " + std::to_string(r.workgroups) + "\n";
  return s;
}

nlohmann::json alpaca(const PromptRecord& r) {
  return {{"instruction", instruction(r)}, {"input", input(r)}, {"output", fmt::format("{:.6g}", r.time_us)},
          {"time_us", r.time_us},
          {"log2_time_us", std::log2(r.time_us)}};
}

std::string jsonl_line(const nlohmann::json& record) {
  try {
    return record.dump(-1, ' ', false, nlohmann::json::error_handler_t::strict);
  } catch (const nlohmann::json::type_error& e) {
    throw std::invalid_argument(std::string("a JSONL record holds invalid UTF-8: ") + e.what());
  }
}

}  // namespace autobench::dataset
