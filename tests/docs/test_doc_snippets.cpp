// The C snippets of README.md and docs/*.md run, and do what their text says: each test gives a
// function of tests/docs/*.c the arrays its snippet assumes, and checks what it made against values
// worked out by hand (or by NumPy, as noted). The snippets are C, compiled as C99; scripts/snippets.py
// (ctest docs_snippets) keeps the pages equal to them.
#include "doc_snippets.h"

#include <dlpack/dlpack.h>

#include "ops/user_kernel_support.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <complex>
#include <cstdint>
#include <numeric>
#include <vector>

// The deleter of the tensor of "another library" below: counts its calls.
extern "C" void count_deleter_call(DLManagedTensorVersioned* self) { ++*static_cast<int*>(self->manager_ctx); }

namespace {

using Shape = std::vector<int64_t>;

std::vector<float> iota_floats(size_t count) {
  std::vector<float> values(count);
  std::iota(values.begin(), values.end(), 0.0f);
  return values;
}

using DocSnippetsTest = GpuTest;

// README.md, "Ufuncs and user kernels from C".
TEST_F(DocSnippetsTest, ReadmeUfuncsAndKernels) {
  Handles owned;
  ga_array_t x = make(owned, std::vector<float>{1, 2, 3, 4}, {4});
  ga_array_t sum = nullptr, total = nullptr;
  ga_elementwise_kernel_t squared_diff = nullptr;
  doc_readme_ufuncs(x, &sum, &total, &squared_diff);
  owned(sum);
  owned(total);
  ASSERT_NE(squared_diff, nullptr) << ga_last_error();
  EXPECT_EQ(dtype_of_array(sum), GA_FLOAT32);  // the weak 0.5 keeps x's dtype
  EXPECT_EQ(fetch<float>(sum), (std::vector<float>{1.5f, 2.5f, 3.5f, 4.5f}));
  EXPECT_EQ(shape_of(total), Shape{});
  EXPECT_EQ(fetch<float>(total), std::vector<float>{10});
  GA_ASSERT_OK(ga_elementwise_kernel_release(squared_diff));
}

// README.md, "The C ABI": a stream, or the status and message of why there is none. Runs
// everywhere: without a GPU the snippet takes its error branch.
TEST(DocSnippets, ReadmeTheCAbi) {
  EXPECT_EQ(doc_readme_c_abi(), gpu_available() ? GA_OK : GA_ERROR_NO_DEVICE);
}

// docs/dlpack.md, "The ABI structs": a host tensor of "another library", imported by the cast.
TEST_F(DocSnippetsTest, DlpackImportThroughTheirHeader) {
  static_assert(sizeof(DLManagedTensorVersioned) == sizeof(ga_dlpack_managed_tensor_versioned_t));
  static_assert(sizeof(DLTensor) == sizeof(ga_dlpack_tensor_t));
  std::vector<float> data{1, 2, 3, 4, 5, 6};
  int64_t shape[2] = {2, 3};
  int deleted = 0;
  DLManagedTensorVersioned theirs{};
  theirs.version = {1, 0};
  theirs.manager_ctx = &deleted;
  theirs.deleter = count_deleter_call;
  theirs.dl_tensor.data = data.data();
  theirs.dl_tensor.device = {kDLCPU, 0};
  theirs.dl_tensor.ndim = 2;
  theirs.dl_tensor.dtype = {kDLFloat, 32, 1};
  theirs.dl_tensor.shape = shape;
  Handles owned;
  ga_array_t array = nullptr;
  GA_ASSERT_OK(doc_dlpack_import(&theirs, &array));
  owned(array);
  EXPECT_EQ(deleted, 1);  // host memory is copied, and the tensor given back at once
  EXPECT_EQ(shape_of(array), (Shape{2, 3}));
  EXPECT_EQ(fetch<float>(array), data);
}

// docs/fft.md, "C API": rfft2 of ones (4, 100), padded to 256 columns; the zero frequency is
// sum / sqrt(4 * 256) under "ortho".
TEST_F(DocSnippetsTest, FftRfft2IntoItself) {
  Handles owned;
  ga_array_t image = make(owned, std::vector<float>(4 * 100, 1.0f), {4, 100});
  ga_array_t spectrum = nullptr;
  ga_fft_plan_cache_info_t info{};
  GA_ASSERT_OK(doc_fft_rfft2(image, &spectrum, &info));
  owned(spectrum);
  EXPECT_EQ(shape_of(spectrum), (Shape{4, 129}));
  EXPECT_EQ(dtype_of_array(spectrum), GA_COMPLEX64);
  const std::vector<std::complex<float>> values = fetch<std::complex<float>>(spectrum);
  EXPECT_NEAR(values[0].real(), 400.0 / std::sqrt(4.0 * 256.0), 1e-4);
  EXPECT_NEAR(values[0].imag(), 0.0, 1e-4);
  for (size_t i = 129; i < values.size(); ++i) {  // the rows are equal: frequencies 1.. of axis 0 are 0
    ASSERT_NEAR(std::abs(values[i]), 0.0, 1e-4) << "at " << i;
  }
  EXPECT_EQ(info.struct_size, sizeof(ga_fft_plan_cache_info_t));
  EXPECT_GE(info.hits + info.misses, 2u);  // both transforms went through the cache
}

// docs/indexing.md, "C API": image[rows, :] and np.add.at(histogram, rows, 1).
TEST_F(DocSnippetsTest, IndexingAdvancedIndexAndUfuncAt) {
  Handles owned;
  ga_array_t image = make(owned, iota_floats(12), {4, 3});
  ga_array_t rows = make(owned, std::vector<int64_t>{3, 0, 3}, {3});
  ga_array_t histogram = make(owned, std::vector<int64_t>(4, 0), {4});
  ga_array_t picked = nullptr;
  doc_indexing(image, rows, histogram, &picked);
  owned(picked);
  EXPECT_EQ(shape_of(picked), (Shape{3, 3}));
  EXPECT_EQ(fetch<float>(picked), (std::vector<float>{9, 10, 11, 0, 1, 2, 9, 10, 11}));
  EXPECT_EQ(fetch<int64_t>(histogram), (std::vector<int64_t>{1, 0, 0, 2}));  // repeats accumulate
}

// docs/kernels.md, "User kernels from CUDA source": out = 2.5 x + y.
TEST_F(DocSnippetsTest, KernelsLaunchWithArguments) {
  constexpr uint64_t n = 1000;  // not a multiple of the block
  const char* source =
      "extern \"C\" __global__ void saxpy(float a, const float* x, const float* y, float* out,\n"
      "                                   unsigned long long n) {\n"
      "  const unsigned long long i = blockIdx.x * (unsigned long long)blockDim.x + threadIdx.x;\n"
      "  if (i < n) out[i] = a * x[i] + y[i];\n"
      "}\n";
  ga_kernel_t saxpy = nullptr;
  GA_ASSERT_OK(ga_raw_kernel_create(source, "saxpy", nullptr, 0, &saxpy));
  Handles owned;
  ga_array_t x = make(owned, iota_floats(n), {static_cast<int64_t>(n)});
  ga_array_t y = make(owned, std::vector<float>(n, 1.0f), {static_cast<int64_t>(n)});
  ga_array_t out = make(owned, std::vector<float>(n, -1.0f), {static_cast<int64_t>(n)});
  doc_kernels_launch(saxpy, x, y, out, n);
  EXPECT_STREQ(ga_last_error(), "");
  const std::vector<float> values = fetch<float>(out);
  for (uint64_t i = 0; i < n; ++i) ASSERT_EQ(values[i], 2.5f * static_cast<float>(i) + 1.0f) << "at " << i;
  GA_ASSERT_OK(ga_kernel_release(saxpy));
}

// docs/kernels.md, "Templated kernels": both instantiations found and launched, x = a x + 1.
TEST_F(DocSnippetsTest, KernelsNameExpressions) {
  ga_module_t module = nullptr;
  ga_kernel_t as_float = nullptr, as_double = nullptr;
  doc_kernels_name_expressions(&module, &as_float, &as_double);
  ASSERT_NE(module, nullptr) << ga_last_error();
  ASSERT_NE(as_float, nullptr) << ga_last_error();
  ASSERT_NE(as_double, nullptr) << ga_last_error();
  Handles owned;
  ga_array_t floats = make(owned, std::vector<float>{0, 1, 2}, {3});
  ga_array_t doubles = make(owned, std::vector<double>{0, 1, 2}, {3});
  const uint32_t grid[3] = {1, 1, 1}, block[3] = {32, 1, 1};
  const ga_kernel_arg_t float_args[3] = {array_arg(floats), scalar_arg(GA_FLOAT32, 2.0, 0),
                                         scalar_arg(GA_INT32, 0.0, 3)};
  const ga_kernel_arg_t double_args[3] = {array_arg(doubles), scalar_arg(GA_FLOAT64, 3.0, 0),
                                          scalar_arg(GA_INT32, 0.0, 3)};
  GA_ASSERT_OK(ga_kernel_launch(as_float, grid, block, 0, float_args, 3, nullptr));
  GA_ASSERT_OK(ga_kernel_launch(as_double, grid, block, 0, double_args, 3, nullptr));
  EXPECT_EQ(fetch<float>(floats), (std::vector<float>{1, 3, 5}));
  EXPECT_EQ(fetch<double>(doubles), (std::vector<double>{1, 4, 7}));
  GA_ASSERT_OK(ga_kernel_release(as_float));
  GA_ASSERT_OK(ga_kernel_release(as_double));
  GA_ASSERT_OK(ga_module_release(module));
}

// docs/linalg.md, "C API": [[1, 2], [3, 4]] @ [[5, 6], [7, 8]], twice, and its trace.
TEST_F(DocSnippetsTest, LinalgMatmulEinsumAndOut) {
  Handles owned;
  ga_array_t a = make(owned, std::vector<double>{1, 2, 3, 4}, {2, 2});
  ga_array_t b = make(owned, std::vector<double>{5, 6, 7, 8}, {2, 2});
  ga_array_t c = nullptr, trace = nullptr;
  doc_linalg(a, b, &c, &trace);
  owned(c);
  owned(trace);
  EXPECT_EQ(fetch<double>(c), (std::vector<double>{19, 22, 43, 50}));
  EXPECT_EQ(shape_of(trace), Shape{});
  EXPECT_EQ(fetch<double>(trace), std::vector<double>{69});
}

// docs/manipulation.md, "C API". Expected window values: numpy.kaiser(64, 8.6).
TEST_F(DocSnippetsTest, ManipulationJoinSplitPadWindow) {
  Handles owned;
  ga_array_t a = make(owned, std::vector<float>{0, 1, 2, 3}, {4});
  ga_array_t b = make(owned, std::vector<float>{4, 5, 6, 7}, {4});
  ga_array_t pair = make(owned, std::vector<float>(8, -1.0f), {2, 4});
  ga_array_t image = make(owned, iota_floats(20 * 20), {20, 20});
  ga_array_t parts[3] = {nullptr, nullptr, nullptr};
  ga_array_t joined = nullptr, padded = nullptr, window = nullptr;
  doc_manipulation(a, b, pair, image, parts, &joined, &padded, &window);
  for (ga_array_t part : parts) owned(part);
  owned(joined);
  owned(padded);
  owned(window);
  EXPECT_EQ(fetch<float>(joined), iota_floats(8));
  EXPECT_EQ(fetch<float>(pair), iota_floats(8));  // stack wrote into the caller's array
  EXPECT_EQ(fetch<float>(parts[0]), (std::vector<float>{0, 1}));
  EXPECT_EQ(fetch<float>(parts[1]), (std::vector<float>{2, 3, 4}));
  EXPECT_EQ(fetch<float>(parts[2]), (std::vector<float>{5, 6, 7}));
  EXPECT_EQ(shape_of(padded), (Shape{52, 52}));
  const std::vector<float> pad = fetch<float>(padded);
  EXPECT_EQ(pad[16 * 52 + 16], 0.0f);   // image[0, 0]
  EXPECT_EQ(pad[15 * 52 + 16], 20.0f);  // reflected about the edge: image[1, 0]
  EXPECT_EQ(pad[16 * 52 + 15], 1.0f);   // image[0, 1]
  EXPECT_EQ(shape_of(window), Shape{64});
  const std::vector<double> kaiser = fetch<double>(window);
  EXPECT_NEAR(kaiser[0], 0.0013325139979024198, 1e-12);
  EXPECT_NEAR(kaiser[31], 0.9989821470221687, 1e-12);
  EXPECT_EQ(kaiser[0], kaiser[63]);
}

// docs/random.md, "C API": standard normal float32 and integers 0 to 6 inclusive.
TEST_F(DocSnippetsTest, RandomGenerator) {
  Handles owned;
  ga_array_t x = nullptr, k = nullptr;
  doc_random(&x, &k);
  owned(x);
  owned(k);
  EXPECT_EQ(dtype_of_array(x), GA_FLOAT32);
  const std::vector<float> normals = fetch<float>(x);
  ASSERT_EQ(normals.size(), size_t{1} << 20);
  double sum = 0, squares = 0;
  for (float value : normals) {
    sum += value;
    squares += static_cast<double>(value) * value;
  }
  const double mean = sum / static_cast<double>(normals.size());
  EXPECT_NEAR(mean, 0.0, 0.01);
  EXPECT_NEAR(squares / static_cast<double>(normals.size()) - mean * mean, 1.0, 0.01);
  EXPECT_EQ(dtype_of_array(k), GA_INT8);
  std::vector<int64_t> counts(7, 0);
  for (int8_t value : fetch<int8_t>(k)) {
    ASSERT_GE(value, 0);
    ASSERT_LE(value, 6);
    ++counts[static_cast<size_t>(value)];
  }
  for (int64_t count : counts) EXPECT_GT(count, 0);  // endpoint=1: 6 is drawn too
}

// docs/reductions.md, "C API". x.std(axis=0, ddof=1) by NumPy: [3, sqrt(7), sqrt(7)].
TEST_F(DocSnippetsTest, ReductionsStdArgmaxAndSumIntoOut) {
  Handles owned;
  ga_array_t x = make(owned, std::vector<double>{1, 2, 3, 4, 6, 8, 7, 7, 7}, {3, 3});
  ga_array_t totals = make(owned, std::vector<double>(3, -1.0), {3});
  ga_array_t deviations = nullptr, where = nullptr;
  doc_reductions(x, totals, &deviations, &where);
  owned(deviations);
  owned(where);
  const std::vector<double> deviation = fetch<double>(deviations);
  ASSERT_EQ(deviation.size(), 3u);
  EXPECT_NEAR(deviation[0], 3.0, 1e-12);
  EXPECT_NEAR(deviation[1], std::sqrt(7.0), 1e-12);
  EXPECT_NEAR(deviation[2], std::sqrt(7.0), 1e-12);
  EXPECT_EQ(shape_of(where), Shape{});
  EXPECT_EQ(dtype_of_array(where), GA_INT64);
  EXPECT_EQ(fetch<int64_t>(where), std::vector<int64_t>{5});
  EXPECT_EQ(fetch<double>(totals), (std::vector<double>{12, 15, 18}));
}

// docs/scans-and-masks.md, "C API".
TEST_F(DocSnippetsTest, ScansAndMasks) {
  Handles owned;
  ga_array_t x = nullptr, sums = nullptr, running = nullptr, positive = nullptr, mask = nullptr;
  doc_scans_and_masks(&x, &sums, &running, &positive, &mask);
  for (ga_array_t array : {x, sums, running, positive, mask}) owned(array);
  EXPECT_EQ(fetch<double>(sums), (std::vector<double>{-3, -5, -6, -6, -5, -3, 0}));
  EXPECT_EQ(dtype_of_array(running), GA_FLOAT32);
  EXPECT_EQ(fetch<float>(running), (std::vector<float>{-3, -5, -6, -6, -5, -3, 0}));
  EXPECT_EQ(dtype_of_array(mask), GA_BOOL);
  EXPECT_EQ(fetch<uint8_t>(mask), (std::vector<uint8_t>{0, 0, 0, 0, 1, 1, 1}));
  EXPECT_EQ(fetch<double>(positive), (std::vector<double>{1, 2, 3}));
  // x[mask] = 0 gave [-3, -2, -1, 0, 0, 0, 0], then its cumsum in place.
  EXPECT_EQ(fetch<double>(x), (std::vector<double>{-3, -5, -6, -6, -6, -6, -6}));
}

// docs/sorting.md, "C API". The quartiles are numpy.quantile(x, [0.25, 0.5, 0.75], axis=0).
TEST_F(DocSnippetsTest, SortingSortArgsortQuantile) {
  Handles owned;
  ga_array_t x = make(owned, std::vector<double>{3, 1, 4, 1, 5, 9, 2, 6}, {4, 2});
  ga_array_t sorted = nullptr, order = nullptr, quartiles = nullptr;
  doc_sorting(x, &sorted, &order, &quartiles);
  owned(sorted);
  owned(order);
  owned(quartiles);
  EXPECT_EQ(fetch<double>(sorted), (std::vector<double>{1, 3, 1, 4, 5, 9, 2, 6}));
  EXPECT_EQ(fetch<int64_t>(order), (std::vector<int64_t>{1, 3, 6, 0, 2, 4, 7, 5}));  // stable
  EXPECT_EQ(shape_of(quartiles), (Shape{3, 2}));
  const std::vector<double> q = fetch<double>(quartiles);
  const std::vector<double> expected{2.75, 1.0, 3.5, 3.5, 4.25, 6.75};
  ASSERT_EQ(q.size(), expected.size());
  for (size_t i = 0; i < q.size(); ++i) EXPECT_NEAR(q[i], expected[i], 1e-12) << "at " << i;
}

// docs/user-kernels.md, "ElementwiseKernel": x (2, 5) against y (5,), broadcast.
TEST_F(DocSnippetsTest, ElementwiseKernelIntoANewArrayAndIntoZ) {
  Handles owned;
  ga_array_t x = make(owned, iota_floats(10), {2, 5});
  ga_array_t y = make(owned, std::vector<float>{0, 1, 2, 3, 4}, {5});
  ga_array_t z = make(owned, std::vector<float>(10, -1.0f), {2, 5});
  ga_array_t d = nullptr;
  doc_elementwise_kernel(x, y, z, &d);
  owned(d);
  const std::vector<float> expected{0, 0, 0, 0, 0, 25, 25, 25, 25, 25};
  EXPECT_EQ(shape_of(d), (Shape{2, 5}));
  EXPECT_EQ(fetch<float>(d), expected);
  EXPECT_EQ(fetch<float>(z), expected);
}

// docs/user-kernels.md, "ReductionKernel": the L2 norm of each row.
TEST_F(DocSnippetsTest, ReductionKernelAlongAnAxis) {
  Handles owned;
  ga_array_t x = make(owned, iota_floats(10), {2, 5});
  ga_array_t norms = nullptr;
  ga_reduction_kernel_t l2norm = nullptr;
  doc_reduction_kernel(x, &norms, &l2norm);
  owned(norms);
  ASSERT_NE(l2norm, nullptr) << ga_last_error();
  EXPECT_EQ(dtype_of_array(norms), GA_FLOAT32);
  const std::vector<float> values = fetch<float>(norms);
  ASSERT_EQ(values.size(), 2u);
  EXPECT_NEAR(values[0], std::sqrt(30.0), 1e-5);   // 0 + 1 + 4 + 9 + 16
  EXPECT_NEAR(values[1], std::sqrt(255.0), 1e-4);  // 25 + 36 + 49 + 64 + 81
  GA_ASSERT_OK(ga_reduction_kernel_release(l2norm));
}

}  // namespace
