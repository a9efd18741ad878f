// The engine without a GPU: compile-only requests through the memory and disk caches.
#include "cache_file_with_header.hpp"
#include "core/jit/cache_file_format.hpp"
#include "core/jit/cache_key.hpp"
#include "core/jit/disk_cache.hpp"
#include "core/runtime/device.hpp"
#include "engine_fixture.hpp"
#include "expect_error.hpp"

#include <fstream>
#include <latch>
#include <optional>
#include <span>
#include <string>
#include <thread>
#include <vector>

using garray::jit::BinaryKind;
using garray::jit::BinaryRef;
using garray::jit::cache_key;
using garray::jit::CacheStats;
using garray::jit::compile;
using garray::jit::compile_with_nvrtc;
using garray::jit::LoweredName;
using garray::jit::Target;

namespace fs = std::filesystem;

namespace {

constexpr Target kSm90{90, BinaryKind::cubin};

std::string kernel_source(int variant) {
  return "extern \"C\" __global__ void scale(float* x, int n) {\n"
         "  const int i = blockIdx.x * blockDim.x + threadIdx.x;\n"
         "  if (i < n) x[i] *= " +
         std::to_string(variant) +
         ".0f;\n"
         "}\n";
}

// Instantiated through name expressions only: the source itself instantiates nothing.
constexpr const char* kTemplateSource = R"(
template <class T>
__global__ void my_func(T* x, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) x[i] = x[i] * T(2) + T(1);
}
)";

const std::vector<std::string> kFloatAndDouble = {"my_func<float>", "my_func<double>"};
// The Itanium C++ ABI's names of my_func<float> and my_func<double>: void my_func(T*, int).
const std::vector<LoweredName> kFloatAndDoubleSymbols = {{"my_func<float>", "_Z7my_funcIfEvPT_i"},
                                                         {"my_func<double>", "_Z7my_funcIdEvPT_i"}};

fs::path cache_file_of(const std::string& source, const Target& target,
                       std::span<const std::string> name_expressions = {}) {
  return garray::jit::DiskCache(garray::jit::disk_cache_settings())
      .path_for(cache_key(source, {}, target, name_expressions));
}

std::vector<char> read_bytes(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  return std::vector<char>(std::istreambuf_iterator<char>(in), {});
}

}  // namespace

using KernelCacheTest = EngineTest;

TEST_F(KernelCacheTest, SecondCompileIsAMemoryHitAndAfterClearingADiskHit) {
  const std::string source = kernel_source(1);
  const CacheStats start = garray::jit::cache_stats();
  const BinaryRef first = compile(source, {}, kSm90);
  CacheStats counts = since(start);
  EXPECT_EQ(counts.compiles, 1u);
  EXPECT_EQ(counts.disk_hits, 0u);
  EXPECT_EQ(counts.disk_bytes, fs::file_size(cache_file_of(source, kSm90)));

  const BinaryRef second = compile(source, {}, kSm90);
  EXPECT_EQ(second, first) << "the same object, from memory";
  counts = since(start);
  EXPECT_EQ(counts.memory_hits, 1u);
  EXPECT_EQ(counts.compiles, 1u);

  garray::jit::clear_memory_cache();
  const BinaryRef third = compile(source, {}, kSm90);
  EXPECT_EQ(third->bytes, first->bytes);
  EXPECT_EQ(third->target, kSm90);
  counts = since(start);
  EXPECT_EQ(counts.disk_hits, 1u);
  EXPECT_EQ(counts.compiles, 1u);
}

TEST_F(KernelCacheTest, OptionsAndTargetsAreSeparateEntries) {
  const std::string source = kernel_source(2);
  const CacheStats start = garray::jit::cache_stats();
  compile(source, {}, kSm90);
  compile(source, {}, {80, BinaryKind::cubin});
  compile(source, {}, {90, BinaryKind::ptx});
  compile(source, std::vector<std::string>{"-DUNUSED=1"}, kSm90);
  EXPECT_EQ(since(start).compiles, 4u);
}

TEST_F(KernelCacheTest, NameExpressionsAreSeparateEntries) {
  const CacheStats start = garray::jit::cache_stats();
  compile(kTemplateSource, {}, kSm90);
  compile(kTemplateSource, {}, kSm90, kFloatAndDouble);
  compile(kTemplateSource, {}, kSm90, std::vector<std::string>{"my_func<float>"});
  compile(kTemplateSource, {}, kSm90, std::vector<std::string>{"my_func<double>", "my_func<float>"});
  EXPECT_EQ(since(start).compiles, 4u);
  EXPECT_EQ(cache_key(kTemplateSource, {}, kSm90, {}), cache_key(kTemplateSource, {}, kSm90))
      << "no name expressions, no change to the key";
}

TEST_F(KernelCacheTest, NameExpressionsAreLoweredWithoutAGpuAndTheDiskCacheKeepsTheirSymbols) {
  const CacheStats start = garray::jit::cache_stats();
  const BinaryRef compiled = compile(kTemplateSource, {}, kSm90, kFloatAndDouble);
  EXPECT_EQ(compiled->lowered_names, kFloatAndDoubleSymbols);
  EXPECT_EQ(since(start).compiles, 1u);

  garray::jit::clear_memory_cache();  // a fresh engine: no NVRTC program to ask for the symbols
  const BinaryRef from_disk = compile(kTemplateSource, {}, kSm90, kFloatAndDouble);
  EXPECT_EQ(since(start).disk_hits, 1u);
  EXPECT_EQ(since(start).compiles, 1u);
  EXPECT_EQ(from_disk->lowered_names, kFloatAndDoubleSymbols);
  EXPECT_EQ(from_disk->bytes, compiled->bytes);
}

TEST_F(KernelCacheTest, ANameExpressionThatInstantiatesNothingIsACompileErrorWithTheLog) {
  const std::string message = expect_error(GA_ERROR_COMPILE, [] {
    compile(kTemplateSource, {}, kSm90, std::vector<std::string>{"my_func<float>", "my_func<float, 4>"});
  });
  EXPECT_NE(message.find("name expressions: my_func<float>, my_func<float, 4>"), std::string::npos)
      << message;
  EXPECT_NE(message.find("cannot determine which instance of function template \"my_func\""),
            std::string::npos)
      << "NVRTC's log: " << message;
  expect_error(GA_ERROR_COMPILE, [] {
    compile(kTemplateSource, {}, kSm90, std::vector<std::string>{"not_declared<int>"});
  });
  EXPECT_TRUE(fs::is_empty(cache_directory_.path())) << "nothing is cached for a failed compile";
}

TEST_F(KernelCacheTest, AFileOfTheFirstFormatIsRecompiledAndReplaced) {
  const std::string source = kernel_source(14);
  const fs::path path = cache_file_of(source, kSm90);
  {
    // What garray wrote before lowered names were kept: the code alone as the payload.
    const std::vector<char> file = cache_file_with_header(1, compile_with_nvrtc(source, {}, kSm90).bytes);
    std::ofstream(path, std::ios::binary).write(file.data(), static_cast<std::streamsize>(file.size()));
  }
  const CacheStats start = garray::jit::cache_stats();
  const BinaryRef binary = compile(source, {}, kSm90);
  EXPECT_EQ(since(start).disk_hits, 0u);
  EXPECT_EQ(since(start).compiles, 1u);
  const std::optional<garray::jit::CachedCode> rewritten =
      garray::jit::decode_cache_file(read_bytes(path));
  ASSERT_TRUE(rewritten) << "replaced in place by a file of the current format";
  EXPECT_EQ(rewritten->code, binary->bytes);
}

TEST_F(KernelCacheTest, CorruptAndTruncatedFilesAreRecompiledAndRewritten) {
  const std::string source = kernel_source(3);
  const BinaryRef original = compile(source, {}, kSm90);
  const fs::path path = cache_file_of(source, kSm90);
  const std::vector<char> intact = read_bytes(path);

  const auto damage = [&](auto&& how) {
    how();
    garray::jit::clear_memory_cache();
    const CacheStats start = garray::jit::cache_stats();
    EXPECT_EQ(compile(source, {}, kSm90)->bytes, original->bytes);
    EXPECT_EQ(since(start).compiles, 1u);
    EXPECT_EQ(since(start).disk_hits, 0u);
    EXPECT_EQ(read_bytes(path), intact) << "the damaged file was replaced";
  };
  damage([&] { fs::resize_file(path, intact.size() / 2); });
  damage([&] {
    std::fstream file(path, std::ios::in | std::ios::out | std::ios::binary);
    file.seekp(static_cast<std::streamoff>(intact.size() - 3));
    file.put('\x55');
  });
  damage([&] { fs::resize_file(path, 0); });
}

TEST_F(KernelCacheTest, DisabledDiskCacheKeepsKernelsInMemoryOnly) {
  garray::jit::set_disk_cache_settings({});
  const std::string source = kernel_source(4);
  const CacheStats start = garray::jit::cache_stats();
  compile(source, {}, kSm90);
  compile(source, {}, kSm90);
  EXPECT_EQ(since(start).compiles, 1u);
  EXPECT_EQ(since(start).memory_hits, 1u);
  EXPECT_EQ(since(start).disk_bytes, 0u);
  EXPECT_TRUE(fs::is_empty(cache_directory_.path()));
  garray::jit::clear_memory_cache();
  compile(source, {}, kSm90);
  EXPECT_EQ(since(start).compiles, 2u);
}

TEST_F(KernelCacheTest, AnUnwritableCacheDirectoryNeverFailsACompile) {
  std::ofstream(cache_directory_.path() / "a_file") << "not a directory";
  garray::jit::set_disk_cache_settings({cache_directory_.path() / "a_file" / "kernels", 1 << 20});
  const BinaryRef binary = compile(kernel_source(5), {}, kSm90);
  EXPECT_FALSE(binary->bytes.empty());
}

TEST_F(KernelCacheTest, DiskCacheStaysWithinItsBound) {
  const std::uintmax_t one_file = [&] {
    compile(kernel_source(6), {}, kSm90);
    return fs::file_size(cache_file_of(kernel_source(6), kSm90));
  }();
  const std::uint64_t bound = 2 * one_file + one_file / 2;
  garray::jit::set_disk_cache_settings({cache_directory_.path(), bound});
  for (int variant = 7; variant < 11; ++variant) compile(kernel_source(variant), {}, kSm90);
  EXPECT_LE(garray::jit::cache_stats().disk_bytes, bound);
  EXPECT_TRUE(fs::exists(cache_file_of(kernel_source(10), kSm90))) << "the newest file stays";
}

TEST_F(KernelCacheTest, ConcurrentRequestsForOneKernelCompileItOnce) {
  constexpr int kThreads = 16;
  const std::string source = kernel_source(11);
  const CacheStats start = garray::jit::cache_stats();
  std::vector<BinaryRef> results(kThreads);
  std::latch ready(kThreads);
  std::vector<std::thread> threads;
  for (int t = 0; t < kThreads; ++t) {
    threads.emplace_back([&, t] {
      ready.arrive_and_wait();
      results[t] = compile(source, {}, kSm90);
    });
  }
  for (std::thread& thread : threads) thread.join();
  for (const BinaryRef& result : results) EXPECT_EQ(result, results.front());
  EXPECT_EQ(since(start).compiles, 1u);
  EXPECT_EQ(since(start).memory_hits, kThreads - 1u);
}

TEST_F(KernelCacheTest, AFailedCompileReachesEveryWaiterAndIsNotCached) {
  constexpr int kThreads = 8;
  const std::string source = "int broken = ;\n";
  std::vector<ga_status_t> statuses(kThreads, GA_OK);
  std::latch ready(kThreads);
  std::vector<std::thread> threads;
  for (int t = 0; t < kThreads; ++t) {
    threads.emplace_back([&, t] {
      ready.arrive_and_wait();
      try {
        compile(source, {}, kSm90);
      } catch (const garray::Error& error) {
        statuses[t] = error.status();
      }
    });
  }
  for (std::thread& thread : threads) thread.join();
  for (const ga_status_t status : statuses) EXPECT_EQ(status, GA_ERROR_COMPILE);
  const std::string message = expect_error(GA_ERROR_COMPILE, [&] { compile(source, {}, kSm90); });
  EXPECT_NE(message.find("expected an expression"), std::string::npos) << message;
}

TEST_F(KernelCacheTest, TargetsThisNvrtcLacksAreRefused) {
  expect_error(GA_ERROR_UNSUPPORTED, [] {
    compile(kernel_source(12), {}, {35, BinaryKind::cubin});
  });
  expect_error(GA_ERROR_UNSUPPORTED, [] { compile(kernel_source(12), {}, {91, BinaryKind::ptx}); });
}

TEST_F(KernelCacheTest, KernelsNeedADevice) {
  if (garray::device_count() > 0)
    GTEST_SKIP() << "a CUDA device is present; this needs its absence";
  expect_error(GA_ERROR_NO_DEVICE,
               [] { garray::jit::get_kernel(kernel_source(13), "scale", {}, 0); });
}
