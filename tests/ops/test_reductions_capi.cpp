// The named reductions of garray/reductions.h through the C API: results on the GPU against host
// references (sums and means over axes, integer widening, one-pass var/std on data with a large
// offset, argmax ties and NaN, the nan* variants, complex values, out arrays, average, cov and
// corrcoef), and every refusal with its status. tests/python/test_reductions.py compares every
// function with NumPy over dtypes, axes and layouts.
#include "destination_support.hpp"
#include "user_kernel_support.hpp"

#include <garray/reductions.h>

#include <cmath>
#include <complex>
#include <cstring>
#include <limits>
#include <vector>

namespace {

using ReductionsTest = GpuTest;

ga_reduce_options_t options_of(std::vector<int>& axes, int keepdims = 0, ga_dtype_t dtype = GA_DTYPE_SAME,
                               double ddof = 0) {
  ga_reduce_options_t options{};
  options.struct_size = sizeof options;
  options.axes = axes.data();
  options.axis_count = static_cast<int>(axes.size());
  options.keepdims = keepdims;
  options.dtype = dtype;
  options.ddof = ddof;
  return options;
}

ga_reduce_options_t every_axis(ga_dtype_t dtype = GA_DTYPE_SAME, double ddof = 0) {
  ga_reduce_options_t options{};
  options.struct_size = sizeof options;
  options.axes = nullptr;
  options.axis_count = -1;
  options.dtype = dtype;
  options.ddof = ddof;
  return options;
}

template <class T>
T scalar_of(ga_array_t array) {
  EXPECT_EQ(shape_of(array).size(), 0u);
  return download<T>(array, 1)[0];
}

using Reduce = ga_status_t (*)(ga_array_t, const ga_reduce_options_t*, ga_array_t, ga_stream_t, ga_array_t*);

ga_array_t reduce(Reduce function, ga_array_t a, const ga_reduce_options_t* options) {
  ga_array_t result = nullptr;
  EXPECT_EQ(function(a, options, nullptr, nullptr, &result), GA_OK) << ga_last_error();
  return result;
}

}  // namespace

TEST_F(ReductionsTest, SumAndMeanOverAxesMatchHostReferences) {
  Handles owned;
  const std::vector<float> x = test_values<float>(5 * 7 * 3);
  ga_array_t dx = owned(upload_shaped(x, {5, 7, 3}));
  std::vector<int> outer{0, -1};
  const ga_reduce_options_t over_outer = options_of(outer);
  ga_array_t sums = owned(reduce(ga_array_sum, dx, &over_outer));
  EXPECT_EQ(shape_of(sums), (std::vector<int64_t>{7}));
  EXPECT_EQ(dtype_of_array(sums), GA_FLOAT32);
  const std::vector<float> got = download<float>(sums, 7);
  for (int j = 0; j < 7; ++j) {
    double expected = 0;
    for (int i = 0; i < 5; ++i)
      for (int k = 0; k < 3; ++k) expected += x[static_cast<size_t>((i * 7 + j) * 3 + k)];
    EXPECT_NEAR(got[static_cast<size_t>(j)], expected, 1e-4);
  }
  std::vector<int> middle{1};
  const ga_reduce_options_t kept = options_of(middle, 1);
  ga_array_t means = owned(reduce(ga_array_mean, dx, &kept));
  EXPECT_EQ(shape_of(means), (std::vector<int64_t>{5, 1, 3}));
  const std::vector<float> mean_values = download<float>(means, 15);
  for (int i = 0; i < 5; ++i) {
    for (int k = 0; k < 3; ++k) {
      double expected = 0;
      for (int j = 0; j < 7; ++j) expected += x[static_cast<size_t>((i * 7 + j) * 3 + k)];
      EXPECT_NEAR(mean_values[static_cast<size_t>(i * 3 + k)], expected / 7, 1e-5);
    }
  }
  ga_array_t total = owned(reduce(ga_array_sum, dx, nullptr));
  double expected_total = 0;
  for (float value : x) expected_total += value;
  EXPECT_NEAR(scalar_of<float>(total), expected_total, 1e-3);
}

TEST_F(ReductionsTest, IntegersWidenAndAverageInFloat64) {
  Handles owned;
  std::vector<int32_t> x(1000);
  for (size_t i = 0; i < x.size(); ++i) x[i] = 2000000000 - static_cast<int32_t>(i);
  ga_array_t dx = owned(upload_as(x, {1000}, GA_INT32));
  ga_array_t total = owned(reduce(ga_array_sum, dx, nullptr));
  EXPECT_EQ(dtype_of_array(total), GA_INT64);
  int64_t expected = 0;
  for (int32_t value : x) expected += value;
  EXPECT_EQ(scalar_of<int64_t>(total), expected);
  ga_array_t mean = owned(reduce(ga_array_mean, dx, nullptr));
  EXPECT_EQ(dtype_of_array(mean), GA_FLOAT64);
  EXPECT_DOUBLE_EQ(scalar_of<double>(mean), static_cast<double>(expected) / 1000.0);
  ga_array_t count = owned(reduce(ga_array_count_nonzero, dx, nullptr));
  EXPECT_EQ(dtype_of_array(count), GA_INT64);
  EXPECT_EQ(scalar_of<int64_t>(count), 1000);
}

// A large offset defeats the sum-of-squares formula in float32; Welford/Chan keeps full accuracy.
TEST_F(ReductionsTest, VarianceIsOnePassAndNumericallySound) {
  Handles owned;
  const int rows = 4099;
  const int columns = 33;
  std::vector<float> x(static_cast<size_t>(rows) * columns);
  const std::vector<float> noise = test_values<float>(x.size());
  for (size_t i = 0; i < x.size(); ++i) x[i] = 10000.0f + noise[i];
  ga_array_t dx = owned(upload_shaped(x, {rows, columns}));
  std::vector<int> first{0};
  for (const double ddof : {0.0, 1.0}) {
    const ga_reduce_options_t options = options_of(first, 0, GA_DTYPE_SAME, ddof);
    ga_array_t variances = owned(reduce(ga_array_var, dx, &options));
    ga_array_t deviations = owned(reduce(ga_array_std, dx, &options));
    EXPECT_EQ(dtype_of_array(variances), GA_FLOAT32);
    const std::vector<float> got = download<float>(variances, columns);
    const std::vector<float> got_std = download<float>(deviations, columns);
    for (int j = 0; j < columns; ++j) {
      double mean = 0;
      for (int i = 0; i < rows; ++i) mean += x[static_cast<size_t>(i * columns + j)];
      mean /= rows;
      double m2 = 0;
      for (int i = 0; i < rows; ++i) {
        const double d = x[static_cast<size_t>(i * columns + j)] - mean;
        m2 += d * d;
      }
      const double expected = m2 / (rows - ddof);
      EXPECT_NEAR(got[static_cast<size_t>(j)], expected, 1e-3 * expected) << "column " << j;
      EXPECT_NEAR(got_std[static_cast<size_t>(j)], std::sqrt(expected), 1e-3 * std::sqrt(expected));
    }
  }
}

TEST_F(ReductionsTest, ArgmaxTakesTheFirstExtremeAndNaNWins) {
  Handles owned;
  const double nan = std::numeric_limits<double>::quiet_NaN();
  ga_array_t ties = owned(upload(std::vector<double>{1, 5, 5, 0, 0, 5}));
  EXPECT_EQ(scalar_of<int64_t>(owned(reduce(ga_array_argmax, ties, nullptr))), 1);
  EXPECT_EQ(scalar_of<int64_t>(owned(reduce(ga_array_argmin, ties, nullptr))), 3);
  ga_array_t with_nan = owned(upload(std::vector<double>{1, 5, nan, 7, nan}));
  EXPECT_EQ(scalar_of<int64_t>(owned(reduce(ga_array_argmax, with_nan, nullptr))), 2);
  EXPECT_EQ(scalar_of<int64_t>(owned(reduce(ga_array_argmin, with_nan, nullptr))), 2);
  EXPECT_EQ(scalar_of<int64_t>(owned(reduce(ga_array_nanargmax, with_nan, nullptr))), 3);
  EXPECT_EQ(scalar_of<int64_t>(owned(reduce(ga_array_nanargmin, with_nan, nullptr))), 0);

  // The flattened index of a transposed view is its C-order position, as NumPy's ravel.
  std::vector<double> grid(12);
  for (size_t i = 0; i < grid.size(); ++i) grid[i] = static_cast<double>((i * 5) % 12);  // max 11 at i = 7
  ga_array_t matrix = owned(upload_shaped(grid, {3, 4}));
  ga_array_t transposed = nullptr;
  GA_ASSERT_OK(ga_array_transpose(matrix, nullptr, 0, &transposed));
  owned(transposed);
  // grid[7] is row 1, column 3: in the (4, 3) transpose it sits at (3, 1), flat index 10.
  EXPECT_EQ(scalar_of<int64_t>(owned(reduce(ga_array_argmax, transposed, nullptr))), 10);
  std::vector<int> none{GA_AXIS_NONE};
  const ga_reduce_options_t flattened = options_of(none);
  EXPECT_EQ(scalar_of<int64_t>(owned(reduce(ga_array_argmax, transposed, &flattened))), 10);
  std::vector<int> columns{1};
  const ga_reduce_options_t along_rows = options_of(columns, 1);
  ga_array_t per_row = owned(reduce(ga_array_argmax, matrix, &along_rows));
  EXPECT_EQ(shape_of(per_row), (std::vector<int64_t>{3, 1}));
  const std::vector<int64_t> rows = download<int64_t>(per_row, 3);
  for (int r = 0; r < 3; ++r) {
    int64_t best = 0;
    for (int c = 1; c < 4; ++c) {
      if (grid[static_cast<size_t>(r * 4 + c)] > grid[static_cast<size_t>(r * 4 + best)]) best = c;
    }
    EXPECT_EQ(rows[static_cast<size_t>(r)], best);
  }
}

TEST_F(ReductionsTest, NanVariantsSkipNaN) {
  Handles owned;
  const double nan = std::numeric_limits<double>::quiet_NaN();
  ga_array_t dx = owned(upload_shaped(std::vector<double>{1, nan, 3, nan, nan, nan}, {2, 3}));
  std::vector<int> last{1};
  const ga_reduce_options_t per_row = options_of(last);
  const std::vector<double> sums = download<double>(owned(reduce(ga_array_nansum, dx, &per_row)), 2);
  EXPECT_EQ(sums, (std::vector<double>{4, 0}));
  const std::vector<double> products = download<double>(owned(reduce(ga_array_nanprod, dx, &per_row)), 2);
  EXPECT_EQ(products, (std::vector<double>{3, 1}));
  const std::vector<double> means = download<double>(owned(reduce(ga_array_nanmean, dx, &per_row)), 2);
  EXPECT_EQ(means[0], 2);
  EXPECT_TRUE(std::isnan(means[1]));
  const std::vector<double> maxima = download<double>(owned(reduce(ga_array_nanmax, dx, &per_row)), 2);
  EXPECT_EQ(maxima[0], 3);
  EXPECT_TRUE(std::isnan(maxima[1]));
  const std::vector<double> variances = download<double>(owned(reduce(ga_array_nanvar, dx, &per_row)), 2);
  EXPECT_DOUBLE_EQ(variances[0], 1);
  EXPECT_TRUE(std::isnan(variances[1]));
  const std::vector<int64_t> positions = download<int64_t>(owned(reduce(ga_array_nanargmax, dx, &per_row)), 2);
  EXPECT_EQ(positions, (std::vector<int64_t>{2, -1}));  // CuPy's -1 for an all-NaN slice
  const std::vector<double> plain = download<double>(owned(reduce(ga_array_max, dx, &per_row)), 2);
  EXPECT_TRUE(std::isnan(plain[0]));
}

// float16 and bfloat16 compare values in nanmax/nanmin/ptp (the ufunc folds) and only sum/prod
// accumulate in float32.
TEST_F(ReductionsTest, SixteenBitFloatExtremesCompareValues) {
  Handles owned;
  const double nan = std::numeric_limits<double>::quiet_NaN();
  ga_array_t dx = owned(upload_shaped(std::vector<double>{0.5, nan, -1.25, 3, -4, 0.75}, {2, 3}));
  std::vector<int> last{1};
  const ga_reduce_options_t per_row = options_of(last);
  for (const ga_dtype_t dtype : {GA_FLOAT16, GA_BFLOAT16}) {
    SCOPED_TRACE(dtype);
    ga_array_t narrow = nullptr;
    ASSERT_EQ(ga_array_astype(dx, dtype, GA_ORDER_C, nullptr, &narrow), GA_OK) << ga_last_error();
    owned(narrow);
    const auto values = [&](Reduce function, const ga_reduce_options_t* options, size_t count) {
      ga_array_t result = owned(reduce(function, narrow, options));
      EXPECT_EQ(dtype_of_array(result), dtype);
      ga_array_t wide = nullptr;
      EXPECT_EQ(ga_array_astype(result, GA_FLOAT64, GA_ORDER_C, nullptr, &wide), GA_OK) << ga_last_error();
      return download<double>(owned(wide), count);
    };
    EXPECT_EQ(values(ga_array_nanmax, &per_row, 2), (std::vector<double>{0.5, 3}));
    EXPECT_EQ(values(ga_array_nanmin, &per_row, 2), (std::vector<double>{-1.25, -4}));
    EXPECT_EQ(values(ga_array_nanmax, nullptr, 1)[0], 3);
    EXPECT_EQ(values(ga_array_nanmin, nullptr, 1)[0], -4);
    const std::vector<double> ranges = values(ga_array_ptp, &per_row, 2);
    EXPECT_TRUE(std::isnan(ranges[0]));
    EXPECT_EQ(ranges[1], 7);
    const std::vector<double> maxima = values(ga_array_max, &per_row, 2);
    EXPECT_TRUE(std::isnan(maxima[0]));
    EXPECT_EQ(maxima[1], 3);
    EXPECT_EQ(values(ga_array_sum, &per_row, 2)[1], -0.25);
    EXPECT_EQ(values(ga_array_nansum, &per_row, 2), (std::vector<double>{-0.75, -0.25}));
  }
}

TEST_F(ReductionsTest, ComplexVarianceIsRealAndArgmaxIsLexicographic) {
  Handles owned;
  const std::vector<double> parts{1, 2, 3, -1, 3, 5, 0, 0};  // 1+2j, 3-1j, 3+5j, 0
  ga_array_t dz = owned(upload_as(parts, {4}, GA_COMPLEX128));
  ga_array_t variance = owned(reduce(ga_array_var, dz, nullptr));
  EXPECT_EQ(dtype_of_array(variance), GA_FLOAT64);
  const std::complex<double> values[] = {{1, 2}, {3, -1}, {3, 5}, {0, 0}};
  std::complex<double> mean = 0;
  for (const auto& value : values) mean += value;
  mean /= 4.0;
  double expected = 0;
  for (const auto& value : values) expected += std::norm(value - mean);
  EXPECT_NEAR(scalar_of<double>(variance), expected / 4, 1e-12);
  EXPECT_EQ(scalar_of<int64_t>(owned(reduce(ga_array_argmax, dz, nullptr))), 2);
  EXPECT_EQ(scalar_of<int64_t>(owned(reduce(ga_array_argmin, dz, nullptr))), 3);
  ga_array_t mean_out = owned(reduce(ga_array_mean, dz, nullptr));
  EXPECT_EQ(dtype_of_array(mean_out), GA_COMPLEX128);
  const std::vector<double> mean_parts = download<double>(mean_out, 2);
  EXPECT_DOUBLE_EQ(mean_parts[0], mean.real());
  EXPECT_DOUBLE_EQ(mean_parts[1], mean.imag());
}

TEST_F(ReductionsTest, PtpAndCountNonzero) {
  Handles owned;
  ga_array_t dx = owned(upload_shaped(std::vector<double>{3, 0, -2, 0, 7, 1}, {2, 3}));
  std::vector<int> first{0};
  const ga_reduce_options_t columns = options_of(first);
  EXPECT_EQ(download<double>(owned(reduce(ga_array_ptp, dx, &columns)), 3), (std::vector<double>{3, 7, 3}));
  EXPECT_EQ(download<int64_t>(owned(reduce(ga_array_count_nonzero, dx, &columns)), 3), (std::vector<int64_t>{1, 1, 2}));
  EXPECT_EQ(scalar_of<int64_t>(owned(reduce(ga_array_count_nonzero, dx, nullptr))), 4);
}

TEST_F(ReductionsTest, EmptyReductionsFollowNumPy) {
  Handles owned;
  const int64_t shape[2] = {0, 3};
  ga_array_t empty = nullptr;
  GA_ASSERT_OK(ga_array_empty(2, shape, GA_FLOAT64, GA_ORDER_C, nullptr, &empty));
  owned(empty);
  EXPECT_EQ(scalar_of<double>(owned(reduce(ga_array_sum, empty, nullptr))), 0);
  EXPECT_EQ(scalar_of<double>(owned(reduce(ga_array_prod, empty, nullptr))), 1);
  EXPECT_TRUE(std::isnan(scalar_of<double>(owned(reduce(ga_array_mean, empty, nullptr)))));
  EXPECT_TRUE(std::isnan(scalar_of<double>(owned(reduce(ga_array_var, empty, nullptr)))));
  ga_array_t result = nullptr;
  GA_EXPECT_STATUS(ga_array_argmax(empty, nullptr, nullptr, nullptr, &result), GA_ERROR_INVALID_ARGUMENT);
  GA_EXPECT_STATUS(ga_array_max(empty, nullptr, nullptr, nullptr, &result), GA_ERROR_INVALID_ARGUMENT);
  GA_EXPECT_STATUS(ga_array_nanargmin(empty, nullptr, nullptr, nullptr, &result), GA_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(result, nullptr);
  // Reducing the non-empty axis of a (0, 3) array gives an empty result, not an error.
  std::vector<int> last{1};
  const ga_reduce_options_t rows = options_of(last);
  ga_array_t positions = owned(reduce(ga_array_argmax, empty, &rows));
  EXPECT_EQ(shape_of(positions), (std::vector<int64_t>{0}));
}

TEST_F(ReductionsTest, OutArraysAreWrittenInPlace) {
  Handles owned;
  const std::vector<float> x = test_values<float>(24);
  ga_array_t dx = owned(upload_shaped(x, {4, 6}));
  const int64_t shape[1] = {6};
  ga_array_t out = nullptr;
  GA_ASSERT_OK(ga_array_zeros(1, shape, GA_FLOAT64, GA_ORDER_C, nullptr, &out));
  owned(out);
  std::vector<int> first{0};
  const ga_reduce_options_t columns = options_of(first);
  ga_array_t result = nullptr;
  GA_ASSERT_OK(ga_array_mean(dx, &columns, out, nullptr, &result));
  owned(result);  // out with one more reference
  EXPECT_EQ(result, out);
  const std::vector<double> got = download<double>(out, 6);
  for (int j = 0; j < 6; ++j) {
    double expected = 0;
    for (int i = 0; i < 4; ++i) expected += x[static_cast<size_t>(i * 6 + j)];
    EXPECT_NEAR(got[static_cast<size_t>(j)], expected / 4, 1e-6);
  }
}

TEST_F(ReductionsTest, AverageCovAndCorrcoef) {
  Handles owned;
  ga_array_t values = owned(upload(std::vector<double>{1, 2, 3}));
  ga_array_t weights = owned(upload(std::vector<double>{1, 2, 3}));
  ga_array_t weighted = nullptr;
  GA_ASSERT_OK(ga_array_average(values, weights, nullptr, nullptr, nullptr, &weighted));
  owned(weighted);
  EXPECT_DOUBLE_EQ(scalar_of<double>(weighted), 14.0 / 6.0);

  ga_array_t rows = owned(upload_shaped(std::vector<double>{0, 1, 2, 2, 1, 0}, {2, 3}));
  ga_array_t covariance = nullptr;
  GA_ASSERT_OK(ga_array_cov(rows, nullptr, 1, 0, -1, nullptr, &covariance));
  owned(covariance);
  EXPECT_EQ(shape_of(covariance), (std::vector<int64_t>{2, 2}));
  EXPECT_EQ(download<double>(covariance, 4), (std::vector<double>{1, -1, -1, 1}));
  ga_array_t correlation = nullptr;
  GA_ASSERT_OK(ga_array_corrcoef(rows, nullptr, 1, nullptr, &correlation));
  owned(correlation);
  const std::vector<double> r = download<double>(correlation, 4);
  EXPECT_NEAR(r[0], 1, 1e-15);
  EXPECT_NEAR(r[1], -1, 1e-15);
  ga_array_t single = nullptr;
  GA_ASSERT_OK(ga_array_cov(values, nullptr, 1, 1, -1, nullptr, &single));
  owned(single);
  EXPECT_NEAR(scalar_of<double>(single), 2.0 / 3.0, 1e-15);  // bias: divide by N
}

TEST_F(ReductionsTest, RefusalsCarryTheirStatusAndLeaveOutAlone) {
  Handles owned;
  ga_array_t dx = owned(upload_shaped(test_values<float>(12), {3, 4}));
  ga_array_t result = nullptr;
  std::vector<int> bad_axis{2};
  const ga_reduce_options_t out_of_range = options_of(bad_axis);
  GA_EXPECT_STATUS(ga_array_sum(dx, &out_of_range, nullptr, nullptr, &result), GA_ERROR_INDEX);
  std::vector<int> repeated{1, -1};
  const ga_reduce_options_t duplicate = options_of(repeated);
  GA_EXPECT_STATUS(ga_array_mean(dx, &duplicate, nullptr, nullptr, &result), GA_ERROR_INVALID_ARGUMENT);
  std::vector<int> both{0, 1};
  const ga_reduce_options_t two_axes = options_of(both);
  GA_EXPECT_STATUS(ga_array_argmax(dx, &two_axes, nullptr, nullptr, &result), GA_ERROR_INVALID_ARGUMENT);
  const ga_reduce_options_t with_ddof = every_axis(GA_DTYPE_SAME, 1.0);
  GA_EXPECT_STATUS(ga_array_sum(dx, &with_ddof, nullptr, nullptr, &result), GA_ERROR_INVALID_ARGUMENT);
  const ga_reduce_options_t nan_ddof = every_axis(GA_DTYPE_SAME, std::numeric_limits<double>::quiet_NaN());
  GA_EXPECT_STATUS(ga_array_var(dx, &nan_ddof, nullptr, nullptr, &result), GA_ERROR_INVALID_ARGUMENT);
  const ga_reduce_options_t with_dtype = every_axis(GA_FLOAT64);
  GA_EXPECT_STATUS(ga_array_max(dx, &with_dtype, nullptr, nullptr, &result), GA_ERROR_INVALID_ARGUMENT);
  const ga_reduce_options_t undefined_dtype = every_axis(static_cast<ga_dtype_t>(99));
  GA_EXPECT_STATUS(ga_array_sum(dx, &undefined_dtype, nullptr, nullptr, &result), GA_ERROR_DTYPE);
  ga_reduce_options_t truncated = every_axis();
  truncated.struct_size = 4;
  GA_EXPECT_STATUS(ga_array_sum(dx, &truncated, nullptr, nullptr, &result), GA_ERROR_INVALID_ARGUMENT);
  ga_reduce_options_t negative_count = every_axis();
  negative_count.axis_count = -2;
  GA_EXPECT_STATUS(ga_array_sum(dx, &negative_count, nullptr, nullptr, &result), GA_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(result, nullptr);

  // A given out of the wrong shape or dtype.
  const int64_t wrong_shape[1] = {5};
  ga_array_t misshaped = nullptr;
  GA_ASSERT_OK(ga_array_zeros(1, wrong_shape, GA_FLOAT32, GA_ORDER_C, nullptr, &misshaped));
  owned(misshaped);
  std::vector<int> first{0};
  const ga_reduce_options_t columns = options_of(first);
  GA_EXPECT_STATUS(ga_array_sum(dx, &columns, misshaped, nullptr, &result), GA_ERROR_SHAPE_MISMATCH);
  const int64_t right_shape[1] = {4};
  ga_array_t integers = nullptr;
  GA_ASSERT_OK(ga_array_zeros(1, right_shape, GA_INT32, GA_ORDER_C, nullptr, &integers));
  owned(integers);
  GA_EXPECT_STATUS(ga_array_sum(dx, &columns, integers, nullptr, &result), GA_ERROR_DTYPE);
  GA_EXPECT_STATUS(ga_array_argmax(dx, &columns, integers, nullptr, &result), GA_ERROR_DTYPE);  // int64 -> int32 is not safe
  EXPECT_EQ(result, nullptr);

  ga_array_t flags = owned(upload_as(std::vector<uint8_t>{1, 0, 1}, {3}, GA_BOOL));
  GA_EXPECT_STATUS(ga_array_ptp(flags, nullptr, nullptr, nullptr, &result), GA_ERROR_DTYPE);
  GA_EXPECT_STATUS(ga_array_sum(dx, nullptr, nullptr, nullptr, nullptr), GA_ERROR_INVALID_ARGUMENT);
  const int64_t cube[3] = {2, 2, 2};
  ga_array_t three_d = nullptr;
  GA_ASSERT_OK(ga_array_zeros(3, cube, GA_FLOAT64, GA_ORDER_C, nullptr, &three_d));
  owned(three_d);
  GA_EXPECT_STATUS(ga_array_cov(three_d, nullptr, 1, 0, -1, nullptr, &result), GA_ERROR_INVALID_ARGUMENT);
  GA_EXPECT_STATUS(ga_array_cov(dx, nullptr, 1, 0, -2, nullptr, &result), GA_ERROR_INVALID_ARGUMENT);
  ga_array_t short_rows = owned(upload(std::vector<double>{1, 2}));
  GA_EXPECT_STATUS(ga_array_cov(dx, short_rows, 1, 0, -1, nullptr, &result), GA_ERROR_SHAPE_MISMATCH);
  GA_EXPECT_STATUS(ga_array_average(dx, short_rows, &columns, nullptr, nullptr, &result), GA_ERROR_SHAPE_MISMATCH);
  EXPECT_EQ(result, nullptr);
}

// Every named reduction family and average, by the convention's destination rules: a destination
// of the wrong shape, of a dtype the result does not cast to (same_kind; safe for the arg
// reductions), or read-only is refused, names `out`, is not written and leaves the result pointer
// alone; garbage in the result pointer is never read; a given destination comes back as itself.
TEST_F(ReductionsTest, DestinationsFollowTheConvention) {
  Handles owned;
  ga_array_t dx = owned(upload_shaped(test_values<float>(12), {3, 4}));
  std::vector<int> first{0};
  const ga_reduce_options_t columns = options_of(first);
  const auto named = [&](Reduce function) {
    return [&columns, dx, function](ga_array_t out, ga_array_t* result) {
      return function(dx, &columns, out, nullptr, result);
    };
  };
  ga_array_t weights = owned(upload_shaped(std::vector<float>{1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12}, {3, 4}));
  const DestinationCase cases[] = {
      {"sum (the add ufunc's fold)", named(ga_array_sum), {4}, GA_FLOAT32, GA_INT32},
      {"max (the maximum ufunc's fold)", named(ga_array_max), {4}, GA_FLOAT32, GA_INT32},
      {"nansum (the accumulate kernel)", named(ga_array_nansum), {4}, GA_FLOAT32, GA_INT32},
      {"mean", named(ga_array_mean), {4}, GA_FLOAT32, GA_INT32},
      {"nanmean", named(ga_array_nanmean), {4}, GA_FLOAT32, GA_INT32},
      {"var (the moments kernel)", named(ga_array_var), {4}, GA_FLOAT32, GA_INT32},
      {"ptp", named(ga_array_ptp), {4}, GA_FLOAT32, GA_INT32},
      {"argmax (safe casting)", named(ga_array_argmax), {4}, GA_INT64, GA_INT32},
      {"count_nonzero", named(ga_array_count_nonzero), {4}, GA_INT64, GA_BOOL},
      {"average without weights",
       [&columns, dx](ga_array_t out, ga_array_t* result) {
         return ga_array_average(dx, nullptr, &columns, out, nullptr, result);
       },
       {4}, GA_FLOAT32, GA_INT32},
      {"average with weights",
       [&columns, dx, weights](ga_array_t out, ga_array_t* result) {
         return ga_array_average(dx, weights, &columns, out, nullptr, result);
       },
       {4}, GA_FLOAT32, GA_INT32},
  };
  for (const DestinationCase& c : cases) expect_destination_rules(c);
}

// Handle checks come first, so they answer without a device. The result pointer is output-only:
// the garbage in it is neither read nor overwritten by a failed call.
TEST(ReductionsHost, NullHandlesAreRefused) {
  ga_array_t result = garbage_handle();
  EXPECT_EQ(ga_array_sum(nullptr, nullptr, nullptr, nullptr, &result), GA_ERROR_INVALID_HANDLE);
  EXPECT_EQ(ga_array_nanargmax(nullptr, nullptr, nullptr, nullptr, &result), GA_ERROR_INVALID_HANDLE);
  EXPECT_EQ(ga_array_average(nullptr, nullptr, nullptr, nullptr, nullptr, &result), GA_ERROR_INVALID_HANDLE);
  EXPECT_EQ(ga_array_cov(nullptr, nullptr, 1, 0, -1, nullptr, &result), GA_ERROR_INVALID_HANDLE);
  EXPECT_EQ(ga_array_corrcoef(nullptr, nullptr, 1, nullptr, &result), GA_ERROR_INVALID_HANDLE);
  EXPECT_NE(std::strstr(ga_last_error(), "ga_array_corrcoef"), nullptr) << ga_last_error();
  EXPECT_EQ(result, garbage_handle());
}
