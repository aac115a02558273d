// NVRTC compilation and the process-wide image cache (see nvrtc_compiler.hpp).
#include "suite/backend/cuda/nvrtc_compiler.hpp"

#include <algorithm>
#include <map>
#include <mutex>

#include <fmt/format.h>

#include "suite/backend/compile_cache.hpp"
#include "suite/backend/cuda/cuda_check.hpp"
#include "suite/backend/cuda/kernel_sources.hpp"
#include "suite/backend/cuda/nvrtc_library.hpp"
#include "suite/backend/device.hpp"
#include "suite/backend/parallel_for.hpp"
#include "suite/control/phase_timer.hpp"

namespace autobench::backend::cuda {
namespace {

// Owns an nvrtcProgram.
struct Program {
  nvrtcProgram handle = nullptr;
  ~Program() {
    if (handle) nvrtc().destroy_program(&handle);
  }
};

std::vector<std::string> options_for(const kernels::Tunables& macros, const CompileTarget& target) {
  std::vector<std::string> options = {target.option(), "-std=c++17", "-lineinfo"};
  for (const auto& [name, value] : macros) options.push_back("-D" + name + "=" + std::to_string(value));
  return options;
}

// What an image depends on: NVRTC's version, the options (target and macros included), and the text
// of the source and of every header it may include (by checksum).
std::string disk_key(const std::string& source, const std::vector<std::string>& options) {
  int major = 0, minor = 0;
  check(nvrtc().version(&major, &minor), "nvrtcVersion");
  std::string texts(kernel_source(source));
  for (const auto& [name, body] : kernel_sources())
    if (name.size() > 4 && name.compare(name.size() - 4, 4, ".cuh") == 0) texts += "\n" + name + "\n" + std::string(body);
  std::string key = "nvrtc " + std::to_string(major) + "." + std::to_string(minor) + "|" + source;
  for (const auto& o : options) key += "|" + o;
  return key + "|text " + fmt::format("{:016x}", fnv1a(texts));
}

std::string compile_uncached(const std::string& source, const kernels::Tunables& macros, const CompileTarget& target) {
  const std::vector<std::string> options = options_for(macros, target);
  const CompileCache* disk = compile_cache();
  const std::string key = disk ? disk_key(source, options) : "";
  if (disk) {
    if (auto image = disk->load(key)) return *image;
  }
  const std::string_view text = kernel_source(source);
  std::vector<std::string> header_names, header_texts;
  for (const auto& [name, body] : kernel_sources()) {
    if (name.size() > 4 && name.compare(name.size() - 4, 4, ".cuh") == 0) {
      header_names.push_back(name);
      header_texts.emplace_back(body);
    }
  }
  std::vector<const char*> names, texts;
  for (std::size_t i = 0; i < header_names.size(); ++i) {
    names.push_back(header_names[i].c_str());
    texts.push_back(header_texts[i].c_str());
  }
  Program program;
  const std::string body(text);
  check(nvrtc().create_program(&program.handle, body.c_str(), source.c_str(), static_cast<int>(names.size()),
                           texts.data(), names.data()),
        "nvrtcCreateProgram(" + source + ")");

  std::vector<const char*> argv;
  for (const auto& o : options) argv.push_back(o.c_str());

  const nvrtcResult compiled = nvrtc().compile_program(program.handle, static_cast<int>(argv.size()), argv.data());
  if (compiled != NVRTC_SUCCESS) {
    std::size_t log_size = 0;
    nvrtc().get_program_log_size(program.handle, &log_size);
    std::string log(log_size, '\0');
    if (log_size > 0) nvrtc().get_program_log(program.handle, log.data());
    while (!log.empty() && (log.back() == '\0' || log.back() == '\n')) log.pop_back();
    throw DeviceError("NVRTC could not compile " + source + " [" + kernels::to_string(macros) + "] for " +
                      target.option() + ": " + nvrtc().get_error_string(compiled) + "\n" + log);
  }
  std::size_t size = 0;
  std::string image;
  if (target.cubin) {
    check(nvrtc().get_cubin_size(program.handle, &size), "nvrtcGetCUBINSize");
    image.resize(size);
    check(nvrtc().get_cubin(program.handle, image.data()), "nvrtcGetCUBIN");
  } else {
    check(nvrtc().get_ptx_size(program.handle, &size), "nvrtcGetPTXSize");
    image.resize(size);  // includes the terminating NUL that cuModuleLoadData needs
    check(nvrtc().get_ptx(program.handle, image.data()), "nvrtcGetPTX");
  }
  if (disk) disk->store(key, image);  // best effort: an unwritable cache only costs the next compile
  return image;
}

}  // namespace

std::string CompileTarget::option() const {
  return std::string("--gpu-architecture=") + (cubin ? "sm_" : "compute_") + std::to_string(arch);
}

std::vector<int> nvrtc_supported_archs() {
  int count = 0;
  check(nvrtc().get_num_supported_archs(&count), "nvrtcGetNumSupportedArchs");
  std::vector<int> archs(static_cast<std::size_t>(count));
  if (count > 0) check(nvrtc().get_supported_archs(archs.data()), "nvrtcGetSupportedArchs");
  std::sort(archs.begin(), archs.end());
  return archs;
}

CompileTarget target_for(int cc_major, int cc_minor) {
  const int arch = cc_major * 10 + cc_minor;
  const std::vector<int> archs = nvrtc_supported_archs();
  if (std::find(archs.begin(), archs.end(), arch) != archs.end()) return {arch, true};
  int best = 0;
  for (int a : archs)
    if (a <= arch) best = a;
  if (best == 0) {
    throw DeviceError("NVRTC cannot target compute capability " + std::to_string(cc_major) + "." +
                      std::to_string(cc_minor) + " (oldest supported: sm_" +
                      (archs.empty() ? std::string("none") : std::to_string(archs.front())) + ")");
  }
  return {best, false};
}

std::shared_ptr<const std::string> compile(const std::string& source, const kernels::Tunables& macros,
                                           const CompileTarget& target) {
  control::PhaseScope compiling(&results::RankTimeSplit::compilation_s);
  static std::mutex mutex;
  static std::map<std::string, std::shared_ptr<const std::string>> cache;
  const std::string key = source + "|" + kernels::to_string(macros) + "|" + target.option();
  {
    std::lock_guard<std::mutex> lock(mutex);
    auto it = cache.find(key);
    if (it != cache.end()) return it->second;
  }
  // Compile outside the lock so that several threads (the compile-everything test) run in parallel.
  auto image = std::make_shared<const std::string>(compile_uncached(source, macros, target));
  std::lock_guard<std::mutex> lock(mutex);
  return cache.emplace(key, std::move(image)).first->second;
}

void compile_all(const std::string& source, const std::vector<kernels::Tunables>& configs, const CompileTarget& target) {
  control::PhaseScope compiling(&results::RankTimeSplit::compilation_s);  // the calling thread waits for the workers
  parallel_for(configs.size(), 1, [&](std::size_t i) { compile(source, configs[i], target); });
}

}  // namespace autobench::backend::cuda
