// NVRTC compiles every configuration of every kernel's tuning space (no GPU needed), and the sources it
// compiles are the embedded copies of kernels/cuda/.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "kernels/kernel.hpp"
#include "kernels/tuning.hpp"
#include "suite/backend/cuda/kernel_runner.hpp"
#include "suite/backend/cuda/kernel_sources.hpp"
#include "suite/backend/cuda/nvrtc_compiler.hpp"
#include "suite/backend/device.hpp"

using namespace autobench;
using namespace autobench::backend::cuda;

namespace {

// DAS-6's Ada cards (sm_89) get the full sweep; Hopper (sm_90) the spot checks (the GPU tests compile
// its CUBINs for real).
const CompileTarget kPtx89{89, false};
const CompileTarget kPtx90{90, false};

bool has_entry(const std::string& ptx, const std::string& entry) {
  return ptx.find(".entry " + entry + "(") != std::string::npos;
}

}  // namespace

TEST(NvrtcCompile, EmbeddedSourcesAreTheFilesOfKernelsCuda) {
  std::size_t files = 0;
  for (const auto& entry : std::filesystem::directory_iterator(std::filesystem::path(AUTOBENCH_SOURCE_DIR) / "kernels" / "cuda")) {
    const std::string ext = entry.path().extension().string();
    if (ext != ".cu" && ext != ".cuh") continue;
    ++files;
    std::ifstream in(entry.path());
    std::stringstream text;
    text << in.rdbuf();
    EXPECT_EQ(std::string(kernel_source(entry.path().filename().string())), text.str()) << entry.path();
  }
  EXPECT_EQ(kernel_sources().size(), files);
  EXPECT_THROW(kernel_source("missing.cu"), backend::DeviceError);
}

TEST(NvrtcCompile, EveryConfigurationOfEveryKernel) {
  for (const auto& kernel : kernels::all()) {
    const auto runner = make_runner(kernel);
    const auto space = kernels::tuning_space(kernel, kernel.round_size(4096));
    ASSERT_FALSE(space.empty()) << kernel.name;
    compile_all(runner->source(), space, kPtx89);
    for (const auto& config : space) {
      const auto ptx = compile(runner->source(), config, kPtx89);  // cached by compile_all
      EXPECT_TRUE(has_entry(*ptx, runner->entry())) << kernel.name << " [" << kernels::to_string(config) << "]";
      EXPECT_NE(ptx->find(".target sm_89"), std::string::npos);
      EXPECT_EQ(ptx->find(".local"), std::string::npos)
          << kernel.name << " [" << kernels::to_string(config) << "] indexes a register array at run time";
    }
    EXPECT_TRUE(has_entry(*compile(runner->source(), space.back(), kPtx90), runner->entry()));
    std::cout << kernel.name << ": " << space.size() << " configurations compiled to PTX for compute_89\n";
  }
}

TEST(NvrtcCompile, HelperKernels) {
  EXPECT_TRUE(has_entry(*compile("fill.cu", {}, kPtx90), "fill"));
  EXPECT_TRUE(has_entry(*compile("clock_probe.cu", {}, kPtx90), "clock_probe"));
}

TEST(NvrtcCompile, CubinForTheDevicesOwnArchitecture) {
  const CompileTarget t = target_for(9, 0);
  EXPECT_TRUE(t.cubin);
  EXPECT_EQ(t.arch, 90);
  EXPECT_EQ(t.option(), "--gpu-architecture=sm_90");
  const auto cubin = compile("vecadd.cu", {{"BLOCK_SIZE", 256}, {"ELEMS_PER_THREAD", 4}}, t);
  ASSERT_GE(cubin->size(), 4u);
  EXPECT_EQ(cubin->substr(0, 4), std::string("\x7f" "ELF"));
}

TEST(NvrtcCompile, UnknownNewerArchitectureFallsBackToPtx) {
  const auto archs = nvrtc_supported_archs();
  ASSERT_FALSE(archs.empty());
  const CompileTarget t = target_for(99, 9);
  EXPECT_FALSE(t.cubin);
  EXPECT_EQ(t.arch, archs.back());
  EXPECT_EQ(t.option(), "--gpu-architecture=compute_" + std::to_string(archs.back()));
  EXPECT_THROW(target_for(1, 0), backend::DeviceError);
}

TEST(NvrtcCompile, ErrorsCarryTheLog) {
  try {
    compile("gemm.cu", {{"MWG", 64}}, kPtx90);  // the other macros missing
    FAIL() << "compiled without its tunables";
  } catch (const backend::DeviceError& e) {
    const std::string what = e.what();
    EXPECT_NE(what.find("gemm.cu [MWG=64]"), std::string::npos) << what;
    EXPECT_NE(what.find("compute_90"), std::string::npos) << what;
    EXPECT_NE(what.find("error"), std::string::npos) << what;
  }
}
