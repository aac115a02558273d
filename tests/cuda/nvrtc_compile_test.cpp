// NVRTC compiles every configuration of every kernel's tuning space (no GPU needed), and the sources it
// compiles are the embedded copies of kernels/*/*.cu and *.cuh.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "kernels/kernel.hpp"
#include "kernels/tuning.hpp"
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

TEST(NvrtcCompile, EmbeddedSourcesAreTheFilesOfTheKernelFolders) {
  std::size_t files = 0;
  for (const auto& entry : std::filesystem::recursive_directory_iterator(std::filesystem::path(AUTOBENCH_SOURCE_DIR) / "kernels")) {
    const std::string ext = entry.path().extension().string();
    if (ext != ".cu" && ext != ".cuh") continue;
    ASSERT_EQ(entry.path().parent_path().parent_path().filename(), "kernels") << entry.path() << ": one level deep only";
    ++files;
    std::ifstream in(entry.path());
    std::stringstream text;
    text << in.rdbuf();
    // Sources by file name; headers by the path they are included with.
    const std::string key = ext == ".cu" ? entry.path().filename().string()
                                         : std::filesystem::relative(entry.path(), AUTOBENCH_SOURCE_DIR).generic_string();
    EXPECT_EQ(std::string(kernel_source(key)), text.str()) << entry.path();
  }
  EXPECT_EQ(kernel_sources().size(), files);
  EXPECT_THROW(kernel_source("missing.cu"), backend::DeviceError);
}

TEST(NvrtcCompile, EveryConfigurationOfEveryKernel) {
  for (const auto& kernel : kernels::all()) {
    const auto space = kernels::tuning_space(kernel, kernel.round_size(4096));
    ASSERT_FALSE(space.empty()) << kernel.name;
    compile_all(kernel.source(), space, kPtx89);
    for (const auto& config : space) {
      const auto ptx = compile(kernel.source(), config, kPtx89);  // cached by compile_all
      EXPECT_TRUE(has_entry(*ptx, kernel.name)) << kernel.name << " [" << kernels::to_string(config) << "]";
      for (const auto& buffer : kernel.buffers(kernel.round_size(4096)))
        if (!buffer.init.empty()) {
          EXPECT_TRUE(has_entry(*ptx, buffer.init)) << kernel.name << " init " << buffer.init;
        }
      EXPECT_NE(ptx->find(".target sm_89"), std::string::npos);
      EXPECT_EQ(ptx->find(".local"), std::string::npos)
          << kernel.name << " [" << kernels::to_string(config) << "] indexes a register array at run time";
    }
    EXPECT_TRUE(has_entry(*compile(kernel.source(), space.back(), kPtx90), kernel.name));
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
