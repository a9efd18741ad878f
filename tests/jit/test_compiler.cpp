// NVRTC without a GPU: CUBIN and PTX for explicit architectures, options, and compile errors that
// point at the user's own lines.
#include "core/jit/compiler.hpp"
#include "core/jit/preamble.hpp"
#include "expect_error.hpp"
#include "scoped_environment.hpp"
#include "scratch_directory.hpp"

#include <gtest/gtest.h>

#include <fstream>
#include <sstream>
#include <string>
#include <vector>

using garray::jit::BinaryKind;
using garray::jit::compile_with_nvrtc;
using garray::jit::Target;

namespace {

constexpr const char* kFillKernel = R"(
extern "C" __global__ void fill(float* out, int n, float value) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = value;
}
)";

constexpr int kElfMachineCuda = 190;  // EM_CUDA

void expect_cuda_elf(const std::vector<char>& bytes) {
  ASSERT_GT(bytes.size(), 20u);
  EXPECT_EQ(std::string(bytes.data(), 4),
            "\x7f"
            "ELF");
  const int machine =
      static_cast<unsigned char>(bytes[18]) | (static_cast<unsigned char>(bytes[19]) << 8);
  EXPECT_EQ(machine, kElfMachineCuda);
}

std::string read_text(const std::filesystem::path& path) {
  std::ifstream in(path);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

}  // namespace

TEST(Compiler, CompilesToCubinForEachArchitectureWithoutAGpu) {
  for (const int arch : {80, 90}) {
    const auto binary = compile_with_nvrtc(kFillKernel, {}, {arch, BinaryKind::cubin});
    EXPECT_EQ(binary.target, (Target{arch, BinaryKind::cubin}));
    expect_cuda_elf(binary.bytes);
  }
}

TEST(Compiler, CompilesToNulTerminatedPtxForAVirtualArchitecture) {
  const auto binary = compile_with_nvrtc(kFillKernel, {}, {90, BinaryKind::ptx});
  ASSERT_FALSE(binary.bytes.empty());
  EXPECT_EQ(binary.bytes.back(), '\0');
  const std::string ptx(binary.bytes.data());
  EXPECT_NE(ptx.find(".target sm_90"), std::string::npos);
  EXPECT_NE(ptx.find(".entry fill"), std::string::npos);
}

TEST(Compiler, CallerOptionsFollowTheDefaultsAndFastMathIsOffByDefault) {
  const std::string source = std::string(R"(
#if VALUE != 3
#error VALUE was not passed
#endif
#if __USE_FAST_MATH__ != FAST
#error fast math is not as asked
#endif
)") + kFillKernel;
  EXPECT_NO_THROW(compile_with_nvrtc(source, std::vector<std::string>{"-DVALUE=3", "-DFAST=0"},
                                     {90, BinaryKind::cubin}));
  EXPECT_NO_THROW(compile_with_nvrtc(
      source, std::vector<std::string>{"-DVALUE=3", "-DFAST=1", "--use_fast_math"},
      {90, BinaryKind::cubin}));
}

TEST(Compiler, OptionsThatChooseTheArchitectureAreRefused) {
  for (const char* option : {"-arch=sm_80", "--gpu-architecture=compute_80"}) {
    const std::string message = expect_error(GA_ERROR_INVALID_ARGUMENT, [&] {
      compile_with_nvrtc(kFillKernel, std::vector<std::string>{option}, {90, BinaryKind::cubin});
    });
    EXPECT_NE(message.find(option), std::string::npos) << message;
  }
}

TEST(Compiler, CompileErrorCarriesTheLogWithTheUsersLineNumbers) {
  const std::string user_code =
      "extern \"C\" __global__ void broken(float* out) {\n"  // line 1
      "  const int i = threadIdx.x;\n"                       // line 2
      "  out[i] = undefined_name;\n"                         // line 3
      "}\n";
  const std::string message = expect_error(GA_ERROR_COMPILE, [&] {
    compile_with_nvrtc(garray::jit::with_preamble(user_code, "user_kernel.cu"), {},
                       {90, BinaryKind::cubin});
  });
  EXPECT_NE(message.find("user_kernel.cu(3): error"), std::string::npos) << message;
  EXPECT_NE(message.find("undefined_name"), std::string::npos) << message;
  EXPECT_NE(message.find("sm_90"), std::string::npos) << message;
}

TEST(Compiler, SourceWithoutALineDirectiveIsReportedUnderTheProgramName) {
  const std::string message = expect_error(GA_ERROR_COMPILE, [] {
    compile_with_nvrtc("\n\nint x = y;\n", {}, {80, BinaryKind::cubin});
  });
  EXPECT_NE(message.find(std::string(garray::jit::kProgramName) + "(3): error"), std::string::npos)
      << message;
}

TEST(Compiler, FailedSourceIsDumpedWhenAsked) {
  ScratchDirectory directory;
  ScopedEnvironment environment;
  environment.set("GA_DUMP_FAILED_SOURCE", directory.path().string());
  const std::string source = "int x = missing_symbol_for_dump;\n";
  const std::string message = expect_error(GA_ERROR_COMPILE, [&] {
    compile_with_nvrtc(source, std::vector<std::string>{"-DMARKER=1"}, {90, BinaryKind::cubin});
  });
  const auto start = message.find(directory.path().string());
  ASSERT_NE(start, std::string::npos) << message;
  const std::string path = message.substr(start, message.find(':', start) - start);
  const std::string dumped = read_text(path);
  EXPECT_EQ(dumped.rfind(source, 0), 0u) << "the dump starts with the source as compiled";
  EXPECT_NE(dumped.find("-arch=sm_90 -DMARKER=1\n"), std::string::npos) << dumped;
  EXPECT_NE(dumped.find("missing_symbol_for_dump\" is undefined"), std::string::npos) << dumped;

  environment.set("GA_DUMP_FAILED_SOURCE", "0");
  const std::string quiet = expect_error(GA_ERROR_COMPILE, [&] {
    compile_with_nvrtc(source, {}, {90, BinaryKind::cubin});
  });
  EXPECT_EQ(quiet.find("written to"), std::string::npos) << quiet;
}

TEST(Compiler, NvrtcVersionIsKnown) { EXPECT_GE(garray::jit::nvrtc_version(), 12000); }
