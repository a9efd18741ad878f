// The kernel engine through the C API, as users and bindings call it: compiling without a GPU,
// errors, cache statistics.
#include "gpu_test.hpp"

#include <unistd.h>

#include <chrono>
#include <cstring>
#include <string>

namespace {

// A kernel no earlier run has cached: the disk cache directory outlives test runs.
std::string fresh_kernel_source() {
  const auto now = std::chrono::steady_clock::now().time_since_epoch().count();
  return "// run " + std::to_string(getpid()) + "-" + std::to_string(now) +
         "\nextern \"C\" __global__ void add_one(float* x, int n) {\n"
         "  const int i = blockIdx.x * blockDim.x + threadIdx.x;\n"
         "  if (i < n) x[i] += 1.0f;\n"
         "}\n";
}

ga_kernel_cache_stats_t stats_now() {
  ga_kernel_cache_stats_t stats = {sizeof(stats)};
  EXPECT_EQ(ga_kernel_cache_stats(&stats), GA_OK) << ga_last_error();
  return stats;
}

}  // namespace

TEST(JitCapi, CompilesCubinAndPtxWithoutAGpu) {
  const std::string source = fresh_kernel_source();
  void* binary = nullptr;
  size_t size = 0;
  GA_ASSERT_OK(ga_jit_compile(source.c_str(), nullptr, 0, 80, 0, &binary, &size));
  ASSERT_GT(size, 4u);
  EXPECT_EQ(std::memcmp(binary,
                        "\x7f"
                        "ELF",
                        4),
            0);
  GA_ASSERT_OK(ga_jit_free_binary(binary));

  const char* options[] = {"-DUNUSED=1", "-lineinfo"};
  GA_ASSERT_OK(ga_jit_compile(source.c_str(), options, 2, 90, 1, &binary, &size));
  const char* ptx = static_cast<const char*>(binary);
  EXPECT_EQ(ptx[size - 1], '\0');
  EXPECT_NE(std::strstr(ptx, ".target sm_90"), nullptr);
  GA_ASSERT_OK(ga_jit_free_binary(binary));
  GA_ASSERT_OK(ga_jit_free_binary(nullptr));
}

TEST(JitCapi, CompileErrorReturnsTheLogAndLeavesOutputsAlone) {
  const char* source = "extern \"C\" __global__ void k(int* x) {\n  x[0] = nope;\n}\n";
  void* binary = reinterpret_cast<void*>(0x1);
  size_t size = 7;
  GA_EXPECT_STATUS(ga_jit_compile(source, nullptr, 0, 90, 0, &binary, &size), GA_ERROR_COMPILE);
  const std::string message = ga_last_error();
  EXPECT_EQ(message.rfind("ga_jit_compile: ", 0), 0u) << message;
  EXPECT_NE(message.find("(2): error: identifier \"nope\" is undefined"), std::string::npos)
      << message;
  EXPECT_EQ(binary, reinterpret_cast<void*>(0x1));
  EXPECT_EQ(size, 7u);
}

TEST(JitCapi, BadArgumentsAreRefused) {
  const std::string source = fresh_kernel_source();
  void* binary = nullptr;
  size_t size = 0;
  GA_EXPECT_STATUS(ga_jit_compile(nullptr, nullptr, 0, 90, 0, &binary, &size),
                   GA_ERROR_INVALID_ARGUMENT);
  GA_EXPECT_STATUS(ga_jit_compile(source.c_str(), nullptr, 1, 90, 0, &binary, &size),
                   GA_ERROR_INVALID_ARGUMENT);
  const char* null_option[] = {"-DA=1", nullptr};
  GA_EXPECT_STATUS(ga_jit_compile(source.c_str(), null_option, 2, 90, 0, &binary, &size),
                   GA_ERROR_INVALID_ARGUMENT);
  EXPECT_NE(std::string(ga_last_error()).find("options[1]"), std::string::npos) << ga_last_error();
  GA_EXPECT_STATUS(ga_jit_compile(source.c_str(), nullptr, 0, 0, 0, &binary, &size),
                   GA_ERROR_INVALID_ARGUMENT);
  GA_EXPECT_STATUS(ga_jit_compile(source.c_str(), nullptr, 0, 90, 0, nullptr, &size),
                   GA_ERROR_INVALID_ARGUMENT);
  GA_EXPECT_STATUS(ga_jit_compile(source.c_str(), nullptr, 0, 90, 0, &binary, nullptr),
                   GA_ERROR_INVALID_ARGUMENT);
  const char* architecture[] = {"-arch=sm_80"};
  GA_EXPECT_STATUS(ga_jit_compile(source.c_str(), architecture, 1, 90, 0, &binary, &size),
                   GA_ERROR_INVALID_ARGUMENT);
  GA_EXPECT_STATUS(ga_jit_compile(source.c_str(), nullptr, 0, 35, 0, &binary, &size),
                   GA_ERROR_UNSUPPORTED);
  EXPECT_NE(std::string(ga_last_error()).find("90"), std::string::npos)
      << "the message lists the supported architectures: " << ga_last_error();
  EXPECT_EQ(binary, nullptr);
}

TEST(JitCapi, StatisticsCountMemoryAndDiskHitsAndCompiles) {
  const std::string source = fresh_kernel_source();
  const ga_kernel_cache_stats_t start = stats_now();
  void* binary = nullptr;
  size_t size = 0;
  for (int call = 0; call < 2; ++call) {
    GA_ASSERT_OK(ga_jit_compile(source.c_str(), nullptr, 0, 90, 0, &binary, &size));
    GA_ASSERT_OK(ga_jit_free_binary(binary));
  }
  ga_kernel_cache_stats_t now = stats_now();
  EXPECT_EQ(now.compiles - start.compiles, 1u);
  EXPECT_EQ(now.memory_hits - start.memory_hits, 1u);

  GA_ASSERT_OK(ga_kernel_cache_clear_memory());
  GA_ASSERT_OK(ga_jit_compile(source.c_str(), nullptr, 0, 90, 0, &binary, &size));
  GA_ASSERT_OK(ga_jit_free_binary(binary));
  now = stats_now();
  EXPECT_EQ(now.compiles - start.compiles, 1u) << "read back from the disk cache (GA_CACHE_DIR)";
  EXPECT_EQ(now.disk_hits - start.disk_hits, 1u);
  EXPECT_GT(now.disk_bytes, size);
}

TEST(JitCapi, StatisticsHonourStructSize) {
  GA_EXPECT_STATUS(ga_kernel_cache_stats(nullptr), GA_ERROR_INVALID_ARGUMENT);
  ga_kernel_cache_stats_t too_small = {0};
  GA_EXPECT_STATUS(ga_kernel_cache_stats(&too_small), GA_ERROR_INVALID_ARGUMENT);
  // A caller built against a header that knew only the first counter.
  ga_kernel_cache_stats_t older = {};
  older.struct_size = offsetof(ga_kernel_cache_stats_t, disk_hits);
  older.disk_hits = 12345;
  GA_ASSERT_OK(ga_kernel_cache_stats(&older));
  EXPECT_EQ(older.disk_hits, 12345u) << "fields beyond struct_size are not written";
}
