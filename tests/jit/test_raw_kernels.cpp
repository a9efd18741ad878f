// RawKernel and RawModule through the C API: the seeds' raw kernels against host references, and
// every refusal.
#include "raw_kernel_support.hpp"

#include <cmath>
#include <numeric>
#include <string>
#include <vector>

namespace {

using RawKernelTest = GpuTest;

constexpr const char* kSaxpy = R"(
extern "C" __global__ void saxpy(float a, const float* x, const float* y, float* out, unsigned long long n) {
  const unsigned long long i = blockIdx.x * (unsigned long long)blockDim.x + threadIdx.x;
  if (i < n) out[i] = a * x[i] + y[i];
}
)";

constexpr const char* kTwoKernels = R"(
extern "C" __global__ void scale(float* values, float factor, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) values[i] *= factor;
}
extern "C" __global__ void shift(float* values, float offset, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) values[i] += offset;
}
)";

// Each block sums its slice through dynamic shared memory of blockDim.x floats.
constexpr const char* kBlockSum = R"(
extern "C" __global__ void block_sum(const float* values, float* sums, int n) {
  extern __shared__ float partial[];
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  partial[threadIdx.x] = i < n ? values[i] : 0.0f;
  __syncthreads();
  for (int half = blockDim.x / 2; half > 0; half /= 2) {
    if (threadIdx.x < half) partial[threadIdx.x] += partial[threadIdx.x + half];
    __syncthreads();
  }
  if (threadIdx.x == 0) sums[blockIdx.x] = partial[0];
}
)";

}  // namespace

TEST_F(RawKernelTest, SaxpyMatchesTheHost) {
  const size_t n = 1000003;
  std::vector<float> x(n), y(n);
  for (size_t i = 0; i < n; ++i) {
    x[i] = static_cast<float>(i % 977) * 0.5f;
    y[i] = static_cast<float>(i % 131) - 40.0f;
  }
  ga_array_t dx = upload(x), dy = upload(y), out = upload(std::vector<float>(n, -1.0f));
  ga_kernel_t kernel = nullptr;
  GA_ASSERT_OK(ga_raw_kernel_create(kSaxpy, "saxpy", nullptr, 0, &kernel));
  const ga_kernel_arg_t args[] = {scalar_arg(GA_FLOAT32, 2.5, 0), array_arg(dx), array_arg(dy), array_arg(out),
                                  scalar_arg(GA_UINT64, 0, 0)};
  ga_kernel_arg_t count = args[4];
  count.scalar.as_uint = n;
  const ga_kernel_arg_t launch_args[] = {args[0], args[1], args[2], args[3], count};
  const uint32_t grid[3] = {static_cast<uint32_t>((n + 255) / 256), 1, 1};
  const uint32_t block[3] = {256, 1, 1};
  GA_ASSERT_OK(ga_kernel_launch(kernel, grid, block, 0, launch_args, 5, nullptr));
  const std::vector<float> result = download<float>(out, n);
  for (size_t i = 0; i < n; ++i) ASSERT_EQ(result[i], 2.5f * x[i] + y[i]) << i;
  for (ga_array_t a : {dx, dy, out}) GA_ASSERT_OK(ga_array_release(a));
  GA_ASSERT_OK(ga_kernel_release(kernel));
}

TEST_F(RawKernelTest, MyAddOnAFiveByFiveGrid) {
  constexpr const char* kMyAdd = R"(
extern "C" __global__ void my_add(const float* x1, const float* x2, float* y) {
  const int tid = blockDim.x * blockIdx.x + threadIdx.x;
  y[tid] = x1[tid] + x2[tid];
}
)";
  std::vector<float> a(25 * 5), b(25 * 5);
  std::iota(a.begin(), a.end(), 0.0f);
  std::iota(b.begin(), b.end(), 100.0f);
  ga_array_t da = upload(a), db = upload(b), out = upload(std::vector<float>(a.size(), 0.0f));
  ga_kernel_t kernel = nullptr;
  GA_ASSERT_OK(ga_raw_kernel_create(kMyAdd, "my_add", nullptr, 0, &kernel));
  const ga_kernel_arg_t args[] = {array_arg(da), array_arg(db), array_arg(out)};
  const uint32_t grid[3] = {5, 1, 1};
  const uint32_t block[3] = {25, 1, 1};
  GA_ASSERT_OK(ga_kernel_launch(kernel, grid, block, 0, args, 3, nullptr));
  const std::vector<float> result = download<float>(out, a.size());
  for (size_t i = 0; i < a.size(); ++i) EXPECT_EQ(result[i], a[i] + b[i]) << i;
  for (ga_array_t x : {da, db, out}) GA_ASSERT_OK(ga_array_release(x));
  GA_ASSERT_OK(ga_kernel_release(kernel));
}

TEST_F(RawKernelTest, ModuleWithTwoKernelsOutlivedByItsFunctions) {
  ga_module_t module = nullptr;
  const char* options[] = {"-DUNUSED_BY_THE_SOURCE=1"};
  GA_ASSERT_OK(ga_module_create(kTwoKernels, options, 1, &module));
  ga_kernel_t scale = nullptr, shift = nullptr;
  GA_ASSERT_OK(ga_module_get_function(module, "scale", &scale));
  GA_ASSERT_OK(ga_module_get_function(module, "shift", &shift));
  GA_ASSERT_OK(ga_module_release(module));
  std::vector<float> values(300);
  std::iota(values.begin(), values.end(), -150.0f);
  ga_array_t data = upload(values);
  const uint32_t grid[3] = {2, 1, 1};
  const uint32_t block[3] = {256, 1, 1};
  ga_kernel_arg_t count{};
  count.kind = GA_KERNEL_ARG_SCALAR;
  count.scalar.dtype = GA_INT32;
  count.scalar.as_int = 300;
  const ga_kernel_arg_t scale_args[] = {array_arg(data), scalar_arg(GA_FLOAT32, 3.0, 0), count};
  const ga_kernel_arg_t shift_args[] = {array_arg(data), scalar_arg(GA_FLOAT32, 0.5, 0), count};
  GA_ASSERT_OK(ga_kernel_launch(scale, grid, block, 0, scale_args, 3, nullptr));
  GA_ASSERT_OK(ga_kernel_launch(shift, grid, block, 0, shift_args, 3, nullptr));
  const std::vector<float> result = download<float>(data, values.size());
  for (size_t i = 0; i < values.size(); ++i) EXPECT_EQ(result[i], values[i] * 3.0f + 0.5f) << i;
  GA_ASSERT_OK(ga_array_release(data));
  GA_ASSERT_OK(ga_kernel_release(scale));
  GA_ASSERT_OK(ga_kernel_release(shift));
}

TEST_F(RawKernelTest, SharedMemoryBlockSumAlsoBeyondFortyEightKiB) {
  ga_kernel_t kernel = nullptr;
  GA_ASSERT_OK(ga_raw_kernel_create(kBlockSum, "block_sum", nullptr, 0, &kernel));
  for (uint32_t threads : {256u, 1024u}) {
    const int n = 100000;
    std::vector<float> values(n);
    for (int i = 0; i < n; ++i) values[i] = static_cast<float>(i % 7) - 3.0f;
    const uint32_t blocks = (n + threads - 1) / threads;
    ga_array_t data = upload(values), sums = upload(std::vector<float>(blocks, 0.0f));
    ga_kernel_arg_t count{};
    count.kind = GA_KERNEL_ARG_SCALAR;
    count.scalar.dtype = GA_INT32;
    count.scalar.as_int = n;
    const ga_kernel_arg_t args[] = {array_arg(data), array_arg(sums), count};
    const uint32_t grid[3] = {blocks, 1, 1};
    const uint32_t block[3] = {threads, 1, 1};
    // 64 KiB more than the kernel reads, so that the launch needs the opt-in past 48 KiB.
    const size_t shared = threads * sizeof(float) + (threads == 1024u ? 64 * 1024 : 0);
    GA_ASSERT_OK(ga_kernel_launch(kernel, grid, block, shared, args, 3, nullptr));
    const std::vector<float> result = download<float>(sums, blocks);
    for (uint32_t b = 0; b < blocks; ++b) {
      float expected = 0.0f;
      for (uint32_t t = 0; t < threads && b * threads + t < static_cast<uint32_t>(n); ++t) expected += values[b * threads + t];
      EXPECT_EQ(result[b], expected) << "block " << b << " of " << threads << " threads";
    }
    GA_ASSERT_OK(ga_array_release(data));
    GA_ASSERT_OK(ga_array_release(sums));
  }
  GA_ASSERT_OK(ga_kernel_release(kernel));
}

TEST_F(RawKernelTest, CompileErrorCarriesTheLogAndCreatesNoHandle) {
  const char* broken = "extern \"C\" __global__ void broken(float* x) {\n  x[0] = undeclared_name;\n}\n";
  ga_kernel_t kernel = nullptr;
  GA_EXPECT_STATUS(ga_raw_kernel_create(broken, "broken", nullptr, 0, &kernel), GA_ERROR_COMPILE);
  EXPECT_EQ(kernel, nullptr);
  EXPECT_NE(std::string(ga_last_error()).find("undeclared_name"), std::string::npos) << ga_last_error();
  ga_module_t module = nullptr;
  GA_EXPECT_STATUS(ga_module_create(broken, nullptr, 0, &module), GA_ERROR_COMPILE);
  EXPECT_EQ(module, nullptr);
}

TEST_F(RawKernelTest, BadArgumentsAreRefused) {
  ga_kernel_t kernel = nullptr;
  GA_EXPECT_STATUS(ga_raw_kernel_create(kSaxpy, "no_such_kernel", nullptr, 0, &kernel), GA_ERROR_INVALID_ARGUMENT);
  GA_EXPECT_STATUS(ga_raw_kernel_create(nullptr, "saxpy", nullptr, 0, &kernel), GA_ERROR_INVALID_ARGUMENT);
  GA_EXPECT_STATUS(ga_raw_kernel_create(kSaxpy, nullptr, nullptr, 0, &kernel), GA_ERROR_INVALID_ARGUMENT);
  GA_EXPECT_STATUS(ga_raw_kernel_create(kSaxpy, "saxpy", nullptr, 2, &kernel), GA_ERROR_INVALID_ARGUMENT);
  const char* architecture[] = {"-arch=sm_80"};
  GA_EXPECT_STATUS(ga_raw_kernel_create(kSaxpy, "saxpy", architecture, 1, &kernel), GA_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(kernel, nullptr);
  GA_EXPECT_STATUS(ga_raw_kernel_create(kSaxpy, "saxpy", nullptr, 0, nullptr), GA_ERROR_INVALID_ARGUMENT);

  GA_ASSERT_OK(ga_raw_kernel_create(kSaxpy, "saxpy", nullptr, 0, &kernel));
  const uint32_t one[3] = {1, 1, 1};
  const uint32_t zero[3] = {1, 0, 1};
  ga_kernel_arg_t bad_kind{};
  bad_kind.kind = static_cast<ga_kernel_arg_kind_t>(7);
  GA_EXPECT_STATUS(ga_kernel_launch(kernel, zero, one, 0, nullptr, 0, nullptr), GA_ERROR_INVALID_ARGUMENT);
  GA_EXPECT_STATUS(ga_kernel_launch(kernel, one, nullptr, 0, nullptr, 0, nullptr), GA_ERROR_INVALID_ARGUMENT);
  GA_EXPECT_STATUS(ga_kernel_launch(kernel, one, one, 0, nullptr, 3, nullptr), GA_ERROR_INVALID_ARGUMENT);
  GA_EXPECT_STATUS(ga_kernel_launch(kernel, one, one, 0, &bad_kind, 1, nullptr), GA_ERROR_INVALID_ARGUMENT);
  ga_kernel_arg_t released_array = array_arg(nullptr);
  GA_EXPECT_STATUS(ga_kernel_launch(kernel, one, one, 0, &released_array, 1, nullptr), GA_ERROR_INVALID_HANDLE);
  ga_kernel_arg_t bad_scalar = scalar_arg(static_cast<ga_dtype_t>(99), 0, 0);
  GA_EXPECT_STATUS(ga_kernel_launch(kernel, one, one, 0, &bad_scalar, 1, nullptr), GA_ERROR_DTYPE);
  const uint32_t too_many_threads[3] = {4096, 1, 1};
  GA_EXPECT_STATUS(ga_kernel_launch(kernel, one, too_many_threads, 0, nullptr, 0, nullptr), GA_ERROR_CUDA);
  GA_ASSERT_OK(ga_kernel_release(kernel));
  GA_EXPECT_STATUS(ga_kernel_launch(kernel, one, one, 0, nullptr, 0, nullptr), GA_ERROR_INVALID_HANDLE);
  GA_EXPECT_STATUS(ga_kernel_release(kernel), GA_ERROR_INVALID_HANDLE);
  GA_EXPECT_STATUS(ga_module_release(nullptr), GA_ERROR_INVALID_HANDLE);
  ga_kernel_t function = nullptr;
  GA_EXPECT_STATUS(ga_module_get_function(nullptr, "saxpy", &function), GA_ERROR_INVALID_HANDLE);
  // The device is still usable after the refused launch.
  GA_ASSERT_OK(ga_device_synchronize());
}

TEST(RawKernelWithoutDevice, CreationSaysThereIsNoDevice) {
  if (gpu_available()) GTEST_SKIP() << "a CUDA device is present; this test needs its absence";
  ga_module_t module = nullptr;
  GA_EXPECT_STATUS(ga_module_create(kSaxpy, nullptr, 0, &module), GA_ERROR_NO_DEVICE);
  EXPECT_EQ(module, nullptr);
  ga_kernel_t kernel = nullptr;
  GA_EXPECT_STATUS(ga_raw_kernel_create(kSaxpy, "saxpy", nullptr, 0, &kernel), GA_ERROR_NO_DEVICE);
  EXPECT_EQ(kernel, nullptr);
}
