// Compile, load and launch on a GPU through the engine; kernel handles cached per device.
#include "core/jit/kernel_cache.hpp"
#include "core/jit/target.hpp"
#include "device_buffer.hpp"
#include "expect_error.hpp"
#include "gpu_engine_fixture.hpp"

#include <cuda_runtime_api.h>

#include <string>
#include <vector>

using garray::jit::CacheStats;
using garray::jit::get_kernel;
using garray::jit::KernelRef;
using garray::jit::LaunchConfig;

namespace {

constexpr const char* kPatternKernel = R"(
extern "C" __global__ void pattern(unsigned int* out, unsigned int n, unsigned int seed) {
  const unsigned int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = i * 2654435761u ^ seed;
}
extern "C" __global__ void constant(unsigned int* out, unsigned int n, unsigned int value) {
  const unsigned int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = value;
}
)";

constexpr unsigned kCount = 1000;  // not a multiple of the block size

void launch_over(const KernelRef& kernel, DeviceBuffer<unsigned>& out, unsigned value,
                 cudaStream_t stream) {
  // [snippet:launch] (docs/kernels.md, after the region get-kernel)
  unsigned count = kCount;
  void* arguments[] = {out.argument(), &count, &value};
  kernel->launch(LaunchConfig{dim3((kCount + 127) / 128), dim3(128)}, arguments, stream);
  // [snippet-end]
}

void expect_pattern(const std::vector<unsigned>& values, unsigned seed) {
  for (unsigned i = 0; i < values.size(); ++i) {
    ASSERT_EQ(values[i], (i * 2654435761u) ^ seed) << "at " << i;
  }
}

}  // namespace

using LaunchTest = GpuEngineTest;

TEST_F(LaunchTest, LaunchedKernelWritesItsPatternOnTheDefaultAndOnACreatedStream) {
  // [snippet:get-kernel]
  const KernelRef kernel = get_kernel(kPatternKernel, "pattern", {}, 0);
  // [snippet-end]
  EXPECT_EQ(kernel->device(), 0);
  DeviceBuffer<unsigned> out(kCount);
  launch_over(kernel, out, 0x5eed, nullptr);
  expect_pattern(out.to_host(), 0x5eed);

  cudaStream_t stream = nullptr;
  ASSERT_EQ(cudaStreamCreateWithFlags(&stream, cudaStreamNonBlocking), cudaSuccess);
  launch_over(kernel, out, 0xbeef, stream);
  ASSERT_EQ(cudaStreamSynchronize(stream), cudaSuccess);
  expect_pattern(out.to_host(), 0xbeef);
  ASSERT_EQ(cudaStreamDestroy(stream), cudaSuccess);
}

TEST_F(LaunchTest, KernelHandleIsCachedAndOutlivesAClearedCache) {
  const CacheStats start = garray::jit::cache_stats();
  const KernelRef first = get_kernel(kPatternKernel, "pattern", {}, 0);
  const KernelRef second = get_kernel(kPatternKernel, "pattern", {}, 0);
  EXPECT_EQ(second, first);
  EXPECT_EQ(since(start).compiles, 1u);
  EXPECT_EQ(since(start).memory_hits, 1u);

  garray::jit::clear_memory_cache();
  DeviceBuffer<unsigned> out(kCount);
  launch_over(first, out, 7, nullptr);  // its library stays loaded while the handle lives
  expect_pattern(out.to_host(), 7);
  const KernelRef reloaded = get_kernel(kPatternKernel, "pattern", {}, 0);
  EXPECT_NE(reloaded, first);
  EXPECT_EQ(since(start).disk_hits, 1u);
  EXPECT_EQ(since(start).compiles, 1u);
}

TEST_F(LaunchTest, KernelsOfOneSourceShareOneCompilation) {
  const CacheStats start = garray::jit::cache_stats();
  const KernelRef pattern = get_kernel(kPatternKernel, "pattern", {}, 0);
  const KernelRef constant = get_kernel(kPatternKernel, "constant", {}, 0);
  EXPECT_NE(pattern->native(), constant->native());
  EXPECT_EQ(since(start).compiles, 1u);
  DeviceBuffer<unsigned> out(kCount);
  launch_over(constant, out, 42, nullptr);
  EXPECT_EQ(out.to_host(), std::vector<unsigned>(kCount, 42));
}

TEST_F(LaunchTest, AnUnknownKernelNameIsAnInvalidArgument) {
  const std::string message = expect_error(
      GA_ERROR_INVALID_ARGUMENT, [] { get_kernel(kPatternKernel, "no_such_kernel", {}, 0); });
  EXPECT_NE(message.find("no_such_kernel"), std::string::npos) << message;
  expect_error(GA_ERROR_NO_DEVICE, [] { get_kernel(kPatternKernel, "pattern", {}, 1 << 20); });
}

TEST_F(LaunchTest, DynamicSharedMemoryBeyondTheDefaultIsOptedInto) {
  int optin = 0;
  ASSERT_EQ(cudaDeviceGetAttribute(&optin, cudaDevAttrMaxSharedMemoryPerBlockOptin, 0),
            cudaSuccess);
  constexpr unsigned kSharedBytes = 64 * 1024;
  if (static_cast<unsigned>(optin) < kSharedBytes)
    GTEST_SKIP() << "the device offers " << optin << " bytes";
  const char* source = R"(
extern "C" __global__ void through_shared(unsigned int* out, unsigned int n, unsigned int seed) {
  extern __shared__ unsigned int staged[];
  const unsigned int words = 64 * 1024 / 4;
  for (unsigned int w = threadIdx.x; w < words; w += blockDim.x) staged[w] = w ^ seed;
  __syncthreads();
  for (unsigned int i = threadIdx.x; i < n; i += blockDim.x) out[i] = staged[(i * 17) % words];
}
)";
  const KernelRef kernel = get_kernel(source, "through_shared", {}, 0);
  DeviceBuffer<unsigned> out(kCount);
  unsigned count = kCount;
  unsigned seed = 3;
  void* arguments[] = {out.argument(), &count, &seed};
  kernel->launch(LaunchConfig{dim3(1), dim3(256), kSharedBytes}, arguments, nullptr);
  const std::vector<unsigned> values = out.to_host();
  for (unsigned i = 0; i < kCount; ++i)
    ASSERT_EQ(values[i], ((i * 17) % (kSharedBytes / 4)) ^ seed);
}

TEST_F(LaunchTest, TheDevicesTargetIsItsOwnArchitectureWhenNvrtcKnowsIt) {
  int major = 0;
  int minor = 0;
  ASSERT_EQ(cudaDeviceGetAttribute(&major, cudaDevAttrComputeCapabilityMajor, 0), cudaSuccess);
  ASSERT_EQ(cudaDeviceGetAttribute(&minor, cudaDevAttrComputeCapabilityMinor, 0), cudaSuccess);
  EXPECT_EQ(garray::jit::target_for_device(0),
            garray::jit::choose_target(major * 10 + minor, garray::jit::supported_architectures()));
}
