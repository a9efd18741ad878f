// ReductionKernel through the C API: the seeds' sum_squares and l2norm, every reduction layout
// (along the unit stride, across it, split into chunks, on every kind of stream), several and
// negative axes, keepdims, no identity, a wider reduce type, and every refusal.
#include "destination_support.hpp"
#include "user_kernel_support.hpp"

#include <cuda_runtime_api.h>

#include <algorithm>
#include <cmath>
#include <numeric>
#include <string>

namespace {

using ReductionKernelTest = GpuTest;

ga_reduction_kernel_t make_reduction(const char* in, const char* out, const char* map, const char* reduce,
                                     const char* post_map, const char* identity, const char* name,
                                     const char* reduce_type = nullptr) {
  ga_reduction_kernel_t kernel = nullptr;
  EXPECT_EQ(ga_reduction_kernel_create(in, out, map, reduce, post_map, identity, name, reduce_type, nullptr, nullptr,
                                       0, &kernel),
            GA_OK)
      << ga_last_error();
  return kernel;
}

// Sum of squares of x (shape rows × columns, C order) along `axis` (0 or 1), in double.
std::vector<double> host_sum_squares(const std::vector<double>& x, size_t rows, size_t columns, int axis) {
  std::vector<double> sums(axis == 0 ? columns : rows, 0.0);
  for (size_t r = 0; r < rows; ++r) {
    for (size_t c = 0; c < columns; ++c) sums[axis == 0 ? c : r] += x[r * columns + c] * x[r * columns + c];
  }
  return sums;
}

void expect_near_relative(const std::vector<double>& got, const std::vector<double>& expected, double tolerance) {
  ASSERT_EQ(got.size(), expected.size());
  for (size_t i = 0; i < got.size(); ++i) {
    ASSERT_NEAR(got[i], expected[i], tolerance * std::max(1.0, std::fabs(expected[i]))) << "at " << i;
  }
}

}  // namespace

TEST_F(ReductionKernelTest, SumSquaresOverEverything) {
  Handles owned;
  for (size_t n : {size_t{1}, size_t{1000}, size_t{3000017}}) {
    const std::vector<double> x = test_values<double>(n);
    ga_array_t dx = owned(upload(x));
    ga_reduction_kernel_t sum_squares = make_reduction("T x", "T y", "x * x", "a + b", "y = a", "0", "sum_squares");
    const ga_kernel_arg_t inputs[] = {array_arg(dx)};
    ga_array_t y[1] = {nullptr};
    GA_ASSERT_OK(ga_reduction_kernel_call(sum_squares, inputs, 1, y, 1, nullptr, -1, 0, nullptr, y));
    owned(y[0]);
    EXPECT_TRUE(shape_of(y[0]).empty());
    expect_near_relative(download<double>(y[0], 1), host_sum_squares(x, 1, n, 1), 1e-12);
    ga_reduction_kernel_release(sum_squares);
  }
}

TEST_F(ReductionKernelTest, L2NormAlongEitherAxisWithKeepdims) {
  Handles owned;
  ga_reduction_kernel_t l2norm = make_reduction("T x", "T y", "x * x", "a + b", "y = sqrt(a)", "0", "l2norm");
  for (const auto& [rows, columns] : {std::pair<size_t, size_t>{5, 7}, {4096, 300}, {3, 200000}, {70000, 3}}) {
    const std::vector<double> x = test_values<double>(rows * columns);
    ga_array_t dx = owned(upload_shaped(x, {static_cast<int64_t>(rows), static_cast<int64_t>(columns)}));
    for (int axis : {0, 1}) {
      for (int keepdims : {0, 1}) {
        const ga_kernel_arg_t inputs[] = {array_arg(dx)};
        ga_array_t y[1] = {nullptr};
        GA_ASSERT_OK(ga_reduction_kernel_call(l2norm, inputs, 1, y, 1, &axis, 1, keepdims, nullptr, y));
        owned(y[0]);
        const int64_t kept = static_cast<int64_t>(axis == 0 ? columns : rows);
        const std::vector<int64_t> expected_shape =
            keepdims ? (axis == 0 ? std::vector<int64_t>{1, kept} : std::vector<int64_t>{kept, 1})
                     : std::vector<int64_t>{kept};
        EXPECT_EQ(shape_of(y[0]), expected_shape);
        std::vector<double> expected = host_sum_squares(x, rows, columns, axis);
        for (double& value : expected) value = std::sqrt(value);
        expect_near_relative(download<double>(y[0], static_cast<size_t>(kept)), expected, 1e-12);
      }
    }
  }
  ga_reduction_kernel_release(l2norm);
}

TEST_F(ReductionKernelTest, SeveralNegativeAxesOfATransposedView) {
  Handles owned;
  const std::vector<float> x = test_values<float>(4 * 5 * 6);
  ga_array_t dx = owned(upload_shaped(x, {4, 5, 6}));
  ga_array_t view = nullptr;
  GA_ASSERT_OK(ga_array_transpose(dx, nullptr, 0, &view));  // shape (6, 5, 4)
  owned(view);
  ga_reduction_kernel_t total =
      make_reduction("T x", "float64 y", "x", "a + b", "y = a", "0", "sum_to_double", "float64");
  const int axes[] = {-1, 0};  // reduce the view's axes 2 and 0: one output per middle index
  const ga_kernel_arg_t inputs[] = {array_arg(view)};
  ga_array_t y[1] = {nullptr};
  GA_ASSERT_OK(ga_reduction_kernel_call(total, inputs, 1, y, 1, axes, 2, 0, nullptr, y));
  owned(y[0]);
  EXPECT_EQ(shape_of(y[0]), (std::vector<int64_t>{5}));
  std::vector<double> expected(5, 0.0);
  for (size_t i = 0; i < 4; ++i) {
    for (size_t j = 0; j < 5; ++j) {
      for (size_t k = 0; k < 6; ++k) expected[j] += x[(i * 5 + j) * 6 + k];
    }
  }
  expect_near_relative(download<double>(y[0], 5), expected, 1e-12);
  ga_reduction_kernel_release(total);
}

TEST_F(ReductionKernelTest, MaximumWithoutIdentityAndEmptyReductions) {
  Handles owned;
  const size_t n = 1 << 20;
  std::vector<float> x = test_values<float>(n);
  x[n / 3] = 1000.0f;
  ga_array_t dx = owned(upload(x));
  ga_reduction_kernel_t maximum = make_reduction("T x", "T y", "x", "a > b ? a : b", nullptr, nullptr, "maximum");
  const ga_kernel_arg_t inputs[] = {array_arg(dx)};
  ga_array_t y[1] = {nullptr};
  GA_ASSERT_OK(ga_reduction_kernel_call(maximum, inputs, 1, y, 1, nullptr, -1, 0, nullptr, y));
  owned(y[0]);
  EXPECT_EQ(download<float>(y[0], 1)[0], 1000.0f);

  const int64_t empty_shape[2] = {3, 0};
  ga_array_t empty = nullptr;
  GA_ASSERT_OK(ga_array_empty(2, empty_shape, GA_FLOAT32, GA_ORDER_C, nullptr, &empty));
  owned(empty);
  const ga_kernel_arg_t empty_inputs[] = {array_arg(empty)};
  const int axis = 1;
  ga_array_t none[1] = {nullptr};
  GA_EXPECT_STATUS(ga_reduction_kernel_call(maximum, empty_inputs, 1, none, 1, &axis, 1, 0, nullptr, none),
                   GA_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(none[0], nullptr);
  const int other_axis = 0;  // (0,) outputs of three elements each: nothing to reduce, no error
  GA_ASSERT_OK(ga_reduction_kernel_call(maximum, empty_inputs, 1, none, 1, &other_axis, 1, 0, nullptr, none));
  owned(none[0]);
  EXPECT_EQ(shape_of(none[0]), (std::vector<int64_t>{0}));

  ga_reduction_kernel_t count = make_reduction("T x", "int64 y", "1", "a + b", "y = a", "0", "count");
  ga_array_t counted[1] = {nullptr};
  GA_ASSERT_OK(ga_reduction_kernel_call(count, empty_inputs, 1, counted, 1, &axis, 1, 0, nullptr, counted));
  owned(counted[0]);
  std::vector<int64_t> counts(3, -1);
  GA_ASSERT_OK(ga_array_to_host(counted[0], counts.data(), sizeof(int64_t) * 3, nullptr));
  EXPECT_EQ(counts, (std::vector<int64_t>{0, 0, 0}));
  ga_reduction_kernel_release(maximum);
  ga_reduction_kernel_release(count);
}

TEST_F(ReductionKernelTest, ScalarInputsAndGivenOutputs) {
  Handles owned;
  const std::vector<float> x = test_values<float>(6 * 100);
  ga_array_t dx = owned(upload_shaped(x, {6, 100}));
  ga_array_t out = owned(upload(std::vector<float>(6, -1.0f)));
  ga_reduction_kernel_t scaled_sum =
      make_reduction("T x, T scale", "T y", "x * scale", "a + b", "y = a", "0", "scaled_sum");
  const ga_kernel_arg_t inputs[] = {array_arg(dx), scalar_arg(GA_FLOAT32, 2.0, 0)};
  const int axis = 1;
  ga_array_t y[1] = {out};
  GA_ASSERT_OK(ga_reduction_kernel_call(scaled_sum, inputs, 2, y, 1, &axis, 1, 0, nullptr, y));
  EXPECT_EQ(y[0], out) << "a given output is returned as itself";
  owned(y[0]);  // with one more reference
  const std::vector<float> got = download<float>(out, 6);
  for (size_t r = 0; r < 6; ++r) {
    double expected = 0;
    for (size_t c = 0; c < 100; ++c) expected += 2.0 * x[r * 100 + c];
    EXPECT_NEAR(got[r], expected, 1e-4);
  }
  ga_reduction_kernel_release(scaled_sum);
}

// A split reduction folds its partials in the same launch on streams whose end garray knows (the
// default stream, created ones, one that takes over a destroyed stream's arrival counters) and in
// a second launch on a wrapped stream. Repeated calls check that the counters are left zeroed.
TEST_F(ReductionKernelTest, SplitReductionsOnEveryKindOfStream) {
  Handles owned;
  const std::vector<double> x = test_values<double>(4096 * 64);
  ga_array_t dx = owned(upload_shaped(x, {4096, 64}));
  ga_reduction_kernel_t sum_squares =
      make_reduction("T x", "T y", "x * x", "a + b", "y = a", "0", "split_sum_squares");
  ga_reduction_kernel_t largest = make_reduction("T x", "T y", "x", "max(a, b)", "y = a", nullptr, "split_max");
  const std::vector<double> by_column = host_sum_squares(x, 4096, 64, 0);
  const double total = std::accumulate(by_column.begin(), by_column.end(), 0.0);
  const double maximum = *std::max_element(x.begin(), x.end());
  const auto check_on = [&](ga_stream_t stream) {
    for (int round = 0; round < 3; ++round) {
      const int axis = 0;
      const ga_kernel_arg_t inputs[] = {array_arg(dx)};
      ga_array_t columns[1] = {nullptr};
      ga_array_t everything[1] = {nullptr};
      ga_array_t top[1] = {nullptr};
      GA_ASSERT_OK(ga_reduction_kernel_call(sum_squares, inputs, 1, columns, 1, &axis, 1, 0, stream, columns));
      GA_ASSERT_OK(ga_reduction_kernel_call(sum_squares, inputs, 1, everything, 1, nullptr, -1, 0, stream, everything));
      GA_ASSERT_OK(ga_reduction_kernel_call(largest, inputs, 1, top, 1, nullptr, -1, 0, stream, top));
      if (stream) GA_ASSERT_OK(ga_stream_synchronize(stream));
      expect_near_relative(download<double>(columns[0], 64), by_column, 1e-12);
      expect_near_relative(download<double>(everything[0], 1), {total}, 1e-12);
      EXPECT_EQ(download<double>(top[0], 1).at(0), maximum);
      for (ga_array_t result : {columns[0], everything[0], top[0]}) ga_array_release(result);
    }
  };
  check_on(nullptr);
  ga_stream_t first = nullptr;
  GA_ASSERT_OK(ga_stream_create(0, 0, &first));
  check_on(first);
  GA_ASSERT_OK(ga_stream_release(first));
  ga_stream_t second = nullptr;
  GA_ASSERT_OK(ga_stream_create(0, 0, &second));
  check_on(second);
  GA_ASSERT_OK(ga_stream_release(second));
  cudaStream_t external = nullptr;
  ASSERT_EQ(cudaStreamCreateWithFlags(&external, cudaStreamNonBlocking), cudaSuccess);
  ga_stream_t wrapped = nullptr;
  int device = 0;
  ASSERT_EQ(cudaGetDevice(&device), cudaSuccess);
  GA_ASSERT_OK(ga_stream_wrap(external, device, &wrapped));
  check_on(wrapped);
  GA_ASSERT_OK(ga_stream_release(wrapped));
  ASSERT_EQ(cudaStreamDestroy(external), cudaSuccess);
  ga_reduction_kernel_release(sum_squares);
  ga_reduction_kernel_release(largest);
}

// Column counts around where the columns alone cover the device (on an H100, 116-132 blocks of 32
// columns go unsplit with 1024 threads, 133-264 with 512), with and without identity.
TEST_F(ReductionKernelTest, ColumnsThatNearlyCoverTheDevice) {
  Handles owned;
  ga_reduction_kernel_t sum_squares = make_reduction("T x", "T y", "x * x", "a + b", "y = a", "0", "deep_sum_squares");
  ga_reduction_kernel_t largest = make_reduction("T x", "T y", "x", "max(a, b)", "y = a", nullptr, "deep_max");
  for (size_t columns : {size_t{3000}, size_t{3700}, size_t{4096}, size_t{8192}, size_t{9000}}) {
    const size_t rows = 257;
    const std::vector<double> x = test_values<double>(rows * columns);
    ga_array_t dx = owned(upload_shaped(x, {static_cast<int64_t>(rows), static_cast<int64_t>(columns)}));
    const int axis = 0;
    const ga_kernel_arg_t inputs[] = {array_arg(dx)};
    ga_array_t sums[1] = {nullptr};
    ga_array_t tops[1] = {nullptr};
    GA_ASSERT_OK(ga_reduction_kernel_call(sum_squares, inputs, 1, sums, 1, &axis, 1, 0, nullptr, sums));
    GA_ASSERT_OK(ga_reduction_kernel_call(largest, inputs, 1, tops, 1, &axis, 1, 0, nullptr, tops));
    owned(sums[0]);
    owned(tops[0]);
    expect_near_relative(download<double>(sums[0], columns), host_sum_squares(x, rows, columns, 0), 1e-12);
    const std::vector<double> got = download<double>(tops[0], columns);
    for (size_t c = 0; c < columns; ++c) {
      double expected = x[c];
      for (size_t r = 1; r < rows; ++r) expected = std::max(expected, x[r * columns + c]);
      ASSERT_EQ(got[c], expected) << "column " << c << " of " << columns;
    }
  }
  ga_reduction_kernel_release(sum_squares);
  ga_reduction_kernel_release(largest);
}

TEST_F(ReductionKernelTest, RefusesBadCalls) {
  Handles owned;
  ga_array_t dx = owned(upload_shaped(test_values<float>(6), {2, 3}));
  ga_reduction_kernel_t sum = make_reduction("T x", "T y", "x", "a + b", "y = a", "0", "sum_for_errors");
  const ga_kernel_arg_t inputs[] = {array_arg(dx)};
  ga_array_t y[1] = {nullptr};
  const int out_of_range = 2;
  GA_EXPECT_STATUS(ga_reduction_kernel_call(sum, inputs, 1, y, 1, &out_of_range, 1, 0, nullptr, y), GA_ERROR_INDEX);
  const int repeated[] = {1, -1};
  GA_EXPECT_STATUS(ga_reduction_kernel_call(sum, inputs, 1, y, 1, repeated, 2, 0, nullptr, y), GA_ERROR_INVALID_ARGUMENT);
  GA_EXPECT_STATUS(ga_reduction_kernel_call(sum, inputs, 1, y, 1, nullptr, 1, 0, nullptr, y), GA_ERROR_INVALID_ARGUMENT);
  GA_EXPECT_STATUS(ga_reduction_kernel_call(sum, inputs, 1, y, 1, nullptr, -2, 0, nullptr, y), GA_ERROR_INVALID_ARGUMENT);
  ga_array_t wrong[1] = {dx};
  GA_EXPECT_STATUS(ga_reduction_kernel_call(sum, inputs, 1, wrong, 1, nullptr, -1, 0, nullptr, wrong), GA_ERROR_SHAPE_MISMATCH);
  EXPECT_EQ(wrong[0], dx);
  EXPECT_EQ(y[0], nullptr);

  ga_reduction_kernel_t broken = make_reduction("T x", "T y", "x", "a +* b", "y = a", "0", "broken_reduce");
  GA_EXPECT_STATUS(ga_reduction_kernel_call(broken, inputs, 1, y, 1, nullptr, -1, 0, nullptr, y), GA_ERROR_COMPILE);
  EXPECT_NE(std::string(ga_last_error()).find("reduce_expr(1)"), std::string::npos) << ga_last_error();
  EXPECT_EQ(y[0], nullptr);
  ga_reduction_kernel_release(sum);
  ga_reduction_kernel_release(broken);
}

// The convention's destination rules: a destination of another shape than the reduction's, or a
// read-only one, is refused naming `out[0] (y)`, is not written and leaves `results` alone;
// garbage in `results` is never read; a given destination comes back as itself with one more
// reference. Any dtype is taken (the values are converted), so none is refused.
TEST_F(ReductionKernelTest, DestinationsFollowTheConvention) {
  Handles owned;
  ga_array_t dx = owned(upload_shaped(test_values<float>(12), {3, 4}));
  ga_reduction_kernel_t sum = make_reduction("T x", "T y", "x", "a + b", "y = a", "0", "sum_for_destinations");
  const DestinationCall call = [dx, sum](ga_array_t out, ga_array_t* results) {
    const ga_kernel_arg_t inputs[] = {array_arg(dx)};
    const ga_array_t destinations[1] = {out};
    const int axis = 0;
    return ga_reduction_kernel_call(sum, inputs, 1, destinations, 1, &axis, 1, 0, nullptr, results);
  };
  expect_destination_rules({"reduction kernel", call, {4}, GA_FLOAT32});
  ga_reduction_kernel_release(sum);
}
