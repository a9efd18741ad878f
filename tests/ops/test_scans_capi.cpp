// Scans and masks through the C API on the GPU, against host references: cumsum and friends over
// every kernel path (tile scan, segmented rows, one thread per line, staged through a copy), sizes
// around tile boundaries, dtypes, out arrays, ufunc.accumulate (also non-commutative), a[mask],
// a[mask] = value, nonzero and the other selections, and every error status.
#include "destination_support.hpp"
#include "user_kernel_support.hpp"

#include <garray/garray.h>

#include <cmath>
#include <cstdint>
#include <limits>
#include <string>
#include <vector>

namespace {

using ScanTest = GpuTest;
using MaskTest = GpuTest;

// Small integers in [-3, 3]: every partial sum of up to 2^22 of them is exact in float32.
std::vector<float> small_floats(size_t count) {
  std::vector<float> values(count);
  for (size_t i = 0; i < count; ++i) values[i] = static_cast<float>(static_cast<int>((i * 7919 + 13) % 7) - 3);
  return values;
}

// Sequential inclusive sums of rows of `segment` elements.
template <class T, class U>
std::vector<T> running_sums(const std::vector<U>& values, size_t segment) {
  std::vector<T> sums(values.size());
  for (size_t i = 0; i < values.size(); ++i) {
    sums[i] = static_cast<T>(values[i]) + (i % segment == 0 ? T(0) : sums[i - 1]);
  }
  return sums;
}

ga_array_t transposed(Handles& owned, ga_array_t array) {
  ga_array_t view = nullptr;
  EXPECT_EQ(ga_array_transpose(array, nullptr, 0, &view), GA_OK) << ga_last_error();
  return owned(view);
}

// The reference scan of a C-order (rows, columns) matrix along `axis`.
std::vector<double> matrix_cumsum(const std::vector<double>& values, int64_t rows, int64_t columns, int axis) {
  std::vector<double> sums(values);
  for (int64_t r = 0; r < rows; ++r) {
    for (int64_t c = 0; c < columns; ++c) {
      const int64_t i = r * columns + c;
      if (axis == 0 && r > 0) sums[i] += sums[i - columns];
      if (axis == 1 && c > 0) sums[i] += sums[i - 1];
    }
  }
  return sums;
}

}  // namespace

TEST_F(ScanTest, CumsumFloat32IsExactAroundTileBoundaries) {
  for (size_t n : {size_t{1}, size_t{31}, size_t{32}, size_t{33}, size_t{1023}, size_t{1024}, size_t{1025},
                   size_t{4095}, size_t{4096}, size_t{4097}, size_t{3 * 4096 + 5}, (size_t{1} << 20) + 7}) {
    Handles owned;
    const std::vector<float> values = small_floats(n);
    ga_array_t result = nullptr;
    GA_ASSERT_OK(ga_array_cumsum(make(owned, values, {static_cast<int64_t>(n)}, GA_FLOAT32), GA_AXIS_NONE,
                                 GA_DTYPE_SAME, nullptr, nullptr, &result));
    owned(result);
    EXPECT_EQ(dtype_of_array(result), GA_FLOAT32);
    EXPECT_EQ(fetch<float>(result), (running_sums<float>(values, n))) << "n = " << n;
  }
}

TEST_F(ScanTest, UnalignedInputTakesTheScalarTilePath) {
  Handles owned;
  const std::vector<float> values = small_floats(10001);
  ga_array_t whole = make(owned, values, {10001}, GA_FLOAT32);
  // whole[1:]: one element past a 16-byte boundary.
  ga_index_t items[1] = {};
  items[0].kind = GA_INDEX_SLICE;
  items[0].start = 1;
  items[0].stop = 10001;
  items[0].step = 1;
  items[0].has_start = 1;
  items[0].has_stop = 1;
  ga_array_t tail = nullptr;
  GA_ASSERT_OK(ga_array_index(whole, items, 1, &tail));
  owned(tail);
  ga_array_t result = nullptr;
  GA_ASSERT_OK(ga_array_cumsum(tail, 0, GA_DTYPE_SAME, nullptr, nullptr, &result));
  owned(result);
  const std::vector<float> expected = running_sums<float>(std::vector<float>(values.begin() + 1, values.end()), 10000);
  EXPECT_EQ(fetch<float>(result), expected);
}

TEST_F(ScanTest, NarrowIntegersAndBoolAccumulateIn64Bits) {
  Handles owned;
  std::vector<int8_t> bytes(5000);
  for (size_t i = 0; i < bytes.size(); ++i) bytes[i] = static_cast<int8_t>(100 - static_cast<int>(i % 37));
  ga_array_t result = nullptr;
  GA_ASSERT_OK(ga_array_cumsum(make(owned, bytes, {5000}, GA_INT8), 0, GA_DTYPE_SAME, nullptr, nullptr, &result));
  owned(result);
  EXPECT_EQ(dtype_of_array(result), GA_INT64);
  EXPECT_EQ(fetch<int64_t>(result), (running_sums<int64_t>(bytes, bytes.size())));

  std::vector<uint8_t> flags(777);
  for (size_t i = 0; i < flags.size(); ++i) flags[i] = (i % 3) == 0;
  ga_array_t counted = nullptr;
  GA_ASSERT_OK(ga_array_cumsum(make(owned, flags, {777}, GA_BOOL), 0, GA_DTYPE_SAME, nullptr, nullptr, &counted));
  owned(counted);
  EXPECT_EQ(dtype_of_array(counted), GA_INT64);
  EXPECT_EQ(fetch<int64_t>(counted), (running_sums<int64_t>(flags, flags.size())));

  std::vector<uint16_t> unsigned_values(300, 65535);
  ga_array_t widened = nullptr;
  GA_ASSERT_OK(ga_array_cumsum(make(owned, unsigned_values, {300}, GA_UINT16), 0, GA_DTYPE_SAME, nullptr, nullptr,
                               &widened));
  owned(widened);
  EXPECT_EQ(dtype_of_array(widened), GA_UINT64);
  EXPECT_EQ(fetch<uint64_t>(widened).back(), 300u * 65535u);
}

TEST_F(ScanTest, EveryAxisAndLayoutPathMatchesTheReference) {
  // (rows, columns): tile scan along the last axis (segmented rows), one thread per line (many
  // lines, or short ones), and staging through a copy (few long lines).
  const std::vector<std::pair<int64_t, int64_t>> shapes = {{37, 53}, {5000, 7}, {3, 10000}, {2, 4096},
                                                           {20000, 3}, {3, 20000}, {40, 1000}, {1, 1}};
  for (const auto& [rows, columns] : shapes) {
    Handles owned;
    std::vector<double> values(static_cast<size_t>(rows * columns));
    for (size_t i = 0; i < values.size(); ++i) values[i] = static_cast<double>(static_cast<int>(i % 11) - 5);
    ga_array_t matrix = make(owned, values, {rows, columns}, GA_FLOAT64);
    for (int axis : {0, 1, -1, -2}) {
      ga_array_t result = nullptr;
      GA_ASSERT_OK(ga_array_cumsum(matrix, axis, GA_DTYPE_SAME, nullptr, nullptr, &result));
      owned(result);
      EXPECT_EQ(fetch<double>(result), matrix_cumsum(values, rows, columns, axis < 0 ? axis + 2 : axis))
          << rows << "x" << columns << " axis " << axis;
    }
    // The transposed view: the same scans with the axes exchanged.
    ga_array_t view = transposed(owned, matrix);
    ga_array_t along_rows = nullptr;
    GA_ASSERT_OK(ga_array_cumsum(view, 1, GA_DTYPE_SAME, nullptr, nullptr, &along_rows));
    owned(along_rows);
    ga_array_t back = transposed(owned, along_rows);
    EXPECT_EQ(fetch<double>(back), matrix_cumsum(values, rows, columns, 0)) << rows << "x" << columns;
    ga_array_t flat = nullptr;
    GA_ASSERT_OK(ga_array_cumsum(view, GA_AXIS_NONE, GA_DTYPE_SAME, nullptr, nullptr, &flat));
    owned(flat);
    std::vector<double> transposed_values;
    for (int64_t c = 0; c < columns; ++c) {
      for (int64_t r = 0; r < rows; ++r) transposed_values.push_back(values[static_cast<size_t>(r * columns + c)]);
    }
    EXPECT_EQ(fetch<double>(flat), (running_sums<double>(transposed_values, transposed_values.size())));
  }
}

TEST_F(ScanTest, OutArraysInPlaceAndCast) {
  Handles owned;
  const std::vector<float> values = small_floats(9000);
  ga_array_t input = make(owned, values, {9000}, GA_FLOAT32);
  ga_array_t wide = owned([] {
    ga_array_t array = nullptr;
    const int64_t shape[1] = {9000};
    EXPECT_EQ(ga_array_empty(1, shape, GA_FLOAT64, GA_ORDER_C, nullptr, &array), GA_OK);
    return array;
  }());
  ga_array_t result = nullptr;
  GA_ASSERT_OK(ga_array_cumsum(input, 0, GA_DTYPE_SAME, wide, nullptr, &result));
  owned(result);  // wide, with one more reference
  EXPECT_EQ(result, wide);
  EXPECT_EQ(dtype_of_array(result), GA_FLOAT64);
  EXPECT_EQ(fetch<double>(wide), (running_sums<double>(values, values.size())));
  ga_array_t in_place = nullptr;
  GA_ASSERT_OK(ga_array_cumsum(input, 0, GA_DTYPE_SAME, input, nullptr, &in_place));
  owned(in_place);
  EXPECT_EQ(in_place, input);
  EXPECT_EQ(fetch<float>(input), (running_sums<float>(values, values.size())));
}

TEST_F(ScanTest, CumprodAndTheNanForms) {
  Handles owned;
  const std::vector<double> values = {1.5, NAN, 2.0, -1.0, NAN, 0.5, 3.0};
  ga_array_t input = make(owned, values, {7}, GA_FLOAT64);
  ga_array_t sums = nullptr;
  ga_array_t products = nullptr;
  ga_array_t plain = nullptr;
  GA_ASSERT_OK(ga_array_nancumsum(input, 0, GA_DTYPE_SAME, nullptr, nullptr, &sums));
  owned(sums);
  GA_ASSERT_OK(ga_array_nancumprod(input, 0, GA_DTYPE_SAME, nullptr, nullptr, &products));
  owned(products);
  GA_ASSERT_OK(ga_array_cumprod(input, 0, GA_DTYPE_SAME, nullptr, nullptr, &plain));
  owned(plain);
  EXPECT_EQ(fetch<double>(sums), (std::vector<double>{1.5, 1.5, 3.5, 2.5, 2.5, 3.0, 6.0}));
  EXPECT_EQ(fetch<double>(products), (std::vector<double>{1.5, 1.5, 3.0, -3.0, -3.0, -1.5, -4.5}));
  const std::vector<double> propagated = fetch<double>(plain);
  EXPECT_EQ(propagated[0], 1.5);
  for (size_t i = 1; i < propagated.size(); ++i) EXPECT_TRUE(std::isnan(propagated[i]));

  std::vector<int32_t> integers(70);
  for (size_t i = 0; i < integers.size(); ++i) integers[i] = static_cast<int32_t>(i % 3) + 1;
  ga_array_t product = nullptr;
  GA_ASSERT_OK(ga_array_cumprod(make(owned, integers, {70}, GA_INT32), 0, GA_DTYPE_SAME, nullptr, nullptr, &product));
  owned(product);
  std::vector<int64_t> expected(70);
  uint64_t running = 1;  // wraps modulo 2^64 as int64 multiplication does
  for (size_t i = 0; i < 70; ++i) expected[i] = static_cast<int64_t>(running *= static_cast<uint64_t>(integers[i]));
  EXPECT_EQ(fetch<int64_t>(product), expected);
}

TEST_F(ScanTest, AccumulateKeepsOrderAndNumPysDtypes) {
  Handles owned;
  ga_array_t line = nullptr;
  GA_ASSERT_OK(ga_array_linspace(-3, 3, 7, 1, GA_FLOAT64, nullptr, &line, nullptr));
  owned(line);
  ga_array_t added = nullptr;
  GA_ASSERT_OK(ga_ufunc_accumulate(ufunc("add"), line, 0, GA_DTYPE_SAME, nullptr, nullptr, &added));
  owned(added);
  EXPECT_EQ(fetch<double>(added), (std::vector<double>{-3, -5, -6, -6, -5, -3, 0}));

  std::vector<int64_t> values(10000);
  for (size_t i = 0; i < values.size(); ++i) values[i] = static_cast<int64_t>((i * 31) % 17);
  ga_array_t input = make(owned, values, {10000}, GA_INT64);
  ga_array_t subtracted = nullptr;
  GA_ASSERT_OK(ga_ufunc_accumulate(ufunc("subtract"), input, 0, GA_DTYPE_SAME, nullptr, nullptr, &subtracted));
  owned(subtracted);
  std::vector<int64_t> expected(values.size());
  expected[0] = values[0];
  for (size_t i = 1; i < values.size(); ++i) expected[i] = expected[i - 1] - values[i];
  EXPECT_EQ(fetch<int64_t>(subtracted), expected);

  // add widens int8 as NumPy's does; maximum keeps it; dtype= narrows again.
  std::vector<int8_t> small(300, 1);
  ga_array_t bytes = make(owned, small, {300}, GA_INT8);
  ga_array_t widened = nullptr;
  GA_ASSERT_OK(ga_ufunc_accumulate(ufunc("add"), bytes, 0, GA_DTYPE_SAME, nullptr, nullptr, &widened));
  owned(widened);
  EXPECT_EQ(dtype_of_array(widened), GA_INT64);
  EXPECT_EQ(fetch<int64_t>(widened)[299], 300);
  ga_array_t kept = nullptr;
  GA_ASSERT_OK(ga_ufunc_accumulate(ufunc("add"), bytes, 0, GA_INT8, nullptr, nullptr, &kept));
  owned(kept);
  EXPECT_EQ(dtype_of_array(kept), GA_INT8);
  EXPECT_EQ(fetch<int8_t>(kept)[299], static_cast<int8_t>(300 - 256));
  ga_array_t same = nullptr;
  GA_ASSERT_OK(ga_ufunc_accumulate(ufunc("maximum"), bytes, 0, GA_DTYPE_SAME, nullptr, nullptr, &same));
  owned(same);
  EXPECT_EQ(dtype_of_array(same), GA_INT8);

  ga_array_t maxima = nullptr;
  GA_ASSERT_OK(ga_ufunc_accumulate(ufunc("maximum"), input, 0, GA_DTYPE_SAME, nullptr, nullptr, &maxima));
  owned(maxima);
  EXPECT_EQ(fetch<int64_t>(maxima).back(), 16);

  // logical_or's ll->? loop folds in bool, as NumPy's does (values[0] is the only zero); dtype=
  // names the loop's output, and logical_or has no ll->l.
  ga_array_t any_so_far = nullptr;
  GA_ASSERT_OK(ga_ufunc_accumulate(ufunc("logical_or"), input, 0, GA_DTYPE_SAME, nullptr, nullptr, &any_so_far));
  owned(any_so_far);
  EXPECT_EQ(dtype_of_array(any_so_far), GA_BOOL);
  std::vector<uint8_t> expected_any(values.size(), 1);
  expected_any[0] = 0;
  EXPECT_EQ(fetch<uint8_t>(any_so_far), expected_any);
  ga_array_t all_so_far = nullptr;
  GA_ASSERT_OK(ga_ufunc_accumulate(ufunc("logical_and"), input, 0, GA_DTYPE_SAME, nullptr, nullptr, &all_so_far));
  owned(all_so_far);
  EXPECT_EQ(fetch<uint8_t>(all_so_far), std::vector<uint8_t>(values.size(), 0));
  ga_array_t refused = nullptr;
  GA_EXPECT_STATUS(ga_ufunc_accumulate(ufunc("logical_and"), input, 0, GA_INT64, nullptr, nullptr, &refused), GA_ERROR_DTYPE);
}

// Values wider than 4 bytes publish their tile's aggregate and prefix in separate slots; a race
// between a reader and a tile republishing shows up only now and then, so the multi-tile scans
// run many times (int32 into int64, float64 in rows, complex128) and must match every time.
TEST_F(ScanTest, WideValuesStayExactOverManyTilesAndRuns) {
  Handles owned;
  const size_t n = (size_t{1} << 21) + 3;
  std::vector<int32_t> integers(n);
  std::vector<double> reals(n);
  std::vector<double> pairs(2 * n);  // complex128 as (real, imaginary)
  for (size_t i = 0; i < n; ++i) {
    integers[i] = static_cast<int32_t>((i * 7919 + 13) % 7) - 3;
    reals[i] = static_cast<double>(integers[i]);
    pairs[2 * i] = reals[i];
    pairs[2 * i + 1] = static_cast<double>(static_cast<int>((i * 104729) % 5) - 2);
  }
  const std::vector<int64_t> integer_sums = running_sums<int64_t>(integers, n);
  const int64_t columns = 20000;
  const std::vector<double> row_sums = running_sums<double>(reals, static_cast<size_t>(columns));
  std::vector<double> pair_sums(2 * n);
  for (size_t i = 0; i < 2 * n; ++i) pair_sums[i] = pairs[i] + (i < 2 ? 0.0 : pair_sums[i - 2]);
  ga_array_t integer_input = make(owned, integers, {static_cast<int64_t>(n)}, GA_INT32);
  std::vector<double> kept_reals(reals.begin(), reals.begin() + (static_cast<int64_t>(n) / columns) * columns);
  ga_array_t real_rows = make(owned, kept_reals, {static_cast<int64_t>(n) / columns, columns}, GA_FLOAT64);
  ga_array_t pair_input = make(owned, pairs, {static_cast<int64_t>(n)}, GA_COMPLEX128);
  for (int run = 0; run < 20; ++run) {
    Handles results;
    ga_array_t summed = nullptr;
    GA_ASSERT_OK(ga_array_cumsum(integer_input, 0, GA_DTYPE_SAME, nullptr, nullptr, &summed));
    results(summed);
    ASSERT_EQ(fetch<int64_t>(summed), integer_sums) << "int32 run " << run;
    ga_array_t rows = nullptr;
    GA_ASSERT_OK(ga_array_cumsum(real_rows, 1, GA_DTYPE_SAME, nullptr, nullptr, &rows));
    results(rows);
    ASSERT_EQ(fetch<double>(rows), std::vector<double>(row_sums.begin(), row_sums.begin() + kept_reals.size()))
        << "float64 rows run " << run;
    ga_array_t complex_sums = nullptr;
    GA_ASSERT_OK(ga_array_cumsum(pair_input, 0, GA_DTYPE_SAME, nullptr, nullptr, &complex_sums));
    results(complex_sums);
    std::vector<double> fetched(2 * n);
    GA_ASSERT_OK(ga_array_to_host(complex_sums, fetched.data(), fetched.size() * sizeof(double), nullptr));
    ASSERT_EQ(fetched, pair_sums) << "complex128 run " << run;
  }
}

TEST_F(ScanTest, EmptyAndZeroDimensionalInputs) {
  Handles owned;
  ga_array_t empty = nullptr;
  const int64_t shape[2] = {0, 5};
  GA_ASSERT_OK(ga_array_empty(2, shape, GA_FLOAT32, GA_ORDER_C, nullptr, &empty));
  owned(empty);
  ga_array_t result = nullptr;
  GA_ASSERT_OK(ga_array_cumsum(empty, 1, GA_DTYPE_SAME, nullptr, nullptr, &result));
  owned(result);
  EXPECT_EQ(shape_of(result), (std::vector<int64_t>{0, 5}));
  ga_array_t scalar = make(owned, std::vector<double>{2.5}, {}, GA_FLOAT64);
  ga_array_t flat = nullptr;
  GA_ASSERT_OK(ga_array_cumsum(scalar, GA_AXIS_NONE, GA_DTYPE_SAME, nullptr, nullptr, &flat));
  owned(flat);
  EXPECT_EQ(shape_of(flat), (std::vector<int64_t>{1}));
  EXPECT_EQ(fetch<double>(flat), (std::vector<double>{2.5}));
  ga_array_t untouched = nullptr;
  GA_EXPECT_STATUS(ga_array_cumsum(scalar, 0, GA_DTYPE_SAME, nullptr, nullptr, &untouched), GA_ERROR_INDEX);
  EXPECT_EQ(untouched, nullptr);
}

TEST_F(ScanTest, ErrorStatuses) {
  Handles owned;
  ga_array_t input = make(owned, small_floats(10), {2, 5}, GA_FLOAT32);
  ga_array_t result = nullptr;
  GA_EXPECT_STATUS(ga_array_cumsum(nullptr, 0, GA_DTYPE_SAME, nullptr, nullptr, &result), GA_ERROR_INVALID_HANDLE);
  GA_EXPECT_STATUS(ga_array_cumsum(input, 0, GA_DTYPE_SAME, nullptr, nullptr, nullptr), GA_ERROR_INVALID_ARGUMENT);
  GA_EXPECT_STATUS(ga_array_cumprod(input, 2, GA_DTYPE_SAME, nullptr, nullptr, &result), GA_ERROR_INDEX);
  GA_EXPECT_STATUS(ga_array_nancumsum(input, -3, GA_DTYPE_SAME, nullptr, nullptr, &result), GA_ERROR_INDEX);
  GA_EXPECT_STATUS(ga_array_cumsum(input, 0, static_cast<ga_dtype_t>(99), nullptr, nullptr, &result), GA_ERROR_DTYPE);
  ga_array_t wrong = make(owned, small_floats(10), {10}, GA_FLOAT32);
  GA_EXPECT_STATUS(ga_array_cumsum(input, 0, GA_DTYPE_SAME, wrong, nullptr, &result), GA_ERROR_SHAPE_MISMATCH);
  const int64_t shape[2] = {2, 5};
  ga_array_t read_only = nullptr;
  GA_ASSERT_OK(ga_array_broadcast_to(input, 2, shape, &read_only));
  owned(read_only);
  GA_EXPECT_STATUS(ga_array_nancumprod(input, 0, GA_DTYPE_SAME, read_only, nullptr, &result), GA_ERROR_INVALID_ARGUMENT);
  GA_EXPECT_STATUS(ga_ufunc_accumulate(nullptr, input, 0, GA_DTYPE_SAME, nullptr, nullptr, &result), GA_ERROR_INVALID_HANDLE);
  GA_EXPECT_STATUS(ga_ufunc_accumulate(ufunc("negative"), input, 0, GA_DTYPE_SAME, nullptr, nullptr, &result),
                   GA_ERROR_INVALID_ARGUMENT);
  GA_EXPECT_STATUS(ga_ufunc_accumulate(ufunc("divmod"), input, 0, GA_DTYPE_SAME, nullptr, nullptr, &result),
                   GA_ERROR_INVALID_ARGUMENT);
  std::vector<uint8_t> flags(4, 1);
  GA_EXPECT_STATUS(ga_ufunc_accumulate(ufunc("subtract"), make(owned, flags, {4}, GA_BOOL), 0, GA_DTYPE_SAME, nullptr,
                                       nullptr, &result),
                   GA_ERROR_DTYPE);
  GA_EXPECT_STATUS(ga_ufunc_accumulate(ufunc("add"), input, 5, GA_DTYPE_SAME, nullptr, nullptr, &result), GA_ERROR_INDEX);
  EXPECT_EQ(result, nullptr);
}

// cumsum and friends and ufunc.accumulate by the convention's destination rules: a destination of
// the wrong shape or a read-only one is refused, names `out`, is not written and leaves the result
// pointer alone; garbage in the result pointer is never read; a given destination comes back as
// itself with one more reference. Scans cast into `out` unsafely, so no dtype is refused.
TEST_F(ScanTest, DestinationsFollowTheConvention) {
  Handles owned;
  ga_array_t input = make(owned, small_floats(10), {2, 5}, GA_FLOAT32);
  using Scan = ga_status_t (*)(ga_array_t, int, ga_dtype_t, ga_array_t, ga_stream_t, ga_array_t*);
  const auto scan = [input](Scan function, int axis) -> DestinationCall {
    return [input, function, axis](ga_array_t out, ga_array_t* result) {
      return function(input, axis, GA_DTYPE_SAME, out, nullptr, result);
    };
  };
  const DestinationCase cases[] = {
      {"cumsum", scan(ga_array_cumsum, 1), {2, 5}, GA_FLOAT32},
      {"cumsum of the flattened array", scan(ga_array_cumsum, GA_AXIS_NONE), {10}, GA_FLOAT32},
      {"cumprod", scan(ga_array_cumprod, 0), {2, 5}, GA_FLOAT32},
      {"nancumsum", scan(ga_array_nancumsum, 0), {2, 5}, GA_FLOAT32},
      {"nancumprod", scan(ga_array_nancumprod, 1), {2, 5}, GA_FLOAT32},
      {"ufunc.accumulate",
       [input](ga_array_t out, ga_array_t* result) {
         return ga_ufunc_accumulate(ufunc("subtract"), input, 1, GA_DTYPE_SAME, out, nullptr, result);
       },
       {2, 5}, GA_FLOAT32},
  };
  for (const DestinationCase& c : cases) expect_destination_rules(c);
}

// ------------------------------------------------------------------------------------------------

TEST_F(MaskTest, GetMaskSelectsAroundTileBoundaries) {
  for (size_t n : {size_t{1}, size_t{33}, size_t{4095}, size_t{4096}, size_t{4097}, size_t{3 * 4096 + 1},
                   (size_t{1} << 20) + 7}) {
    for (int pattern : {0, 1, 2}) {  // every other, all true, all false
      Handles owned;
      const std::vector<float> values = small_floats(n);
      std::vector<uint8_t> mask(n);
      std::vector<float> expected;
      for (size_t i = 0; i < n; ++i) {
        mask[i] = pattern == 0 ? ((i * 2654435761u) >> 7) % 2 : pattern == 1;
        if (mask[i]) expected.push_back(values[i]);
      }
      ga_array_t result = nullptr;
      GA_ASSERT_OK(ga_array_get_mask(make(owned, values, {static_cast<int64_t>(n)}, GA_FLOAT32),
                                     make(owned, mask, {static_cast<int64_t>(n)}, GA_BOOL), nullptr, &result));
      owned(result);
      EXPECT_EQ(shape_of(result), (std::vector<int64_t>{static_cast<int64_t>(expected.size())}));
      EXPECT_EQ(fetch<float>(result), expected) << "n = " << n << " pattern " << pattern;
    }
  }
}

TEST_F(MaskTest, LeadingAxisMasksSelectRows) {
  Handles owned;
  std::vector<double> values(6 * 5 * 4);
  for (size_t i = 0; i < values.size(); ++i) values[i] = static_cast<double>(i);
  ga_array_t a = make(owned, values, {6, 5, 4}, GA_FLOAT64);
  const std::vector<uint8_t> rows = {1, 0, 0, 1, 1, 0};
  ga_array_t result = nullptr;
  GA_ASSERT_OK(ga_array_get_mask(a, make(owned, rows, {6}, GA_BOOL), nullptr, &result));
  owned(result);
  EXPECT_EQ(shape_of(result), (std::vector<int64_t>{3, 5, 4}));
  std::vector<double> expected;
  for (size_t r : {0u, 3u, 4u}) {
    for (size_t k = 0; k < 20; ++k) expected.push_back(values[r * 20 + k]);
  }
  EXPECT_EQ(fetch<double>(result), expected);
  // A 2-D mask over the first two axes of the transposed (4, 5, 6) view.
  ga_array_t view = transposed(owned, a);
  std::vector<uint8_t> cells(20);
  std::vector<double> picked;
  for (size_t i = 0; i < 20; ++i) {
    cells[i] = i % 3 == 1;
    if (!cells[i]) continue;
    const size_t k = i / 5;
    const size_t j = i % 5;
    for (size_t r = 0; r < 6; ++r) picked.push_back(values[r * 20 + j * 4 + k]);
  }
  ga_array_t from_view = nullptr;
  GA_ASSERT_OK(ga_array_get_mask(view, make(owned, cells, {4, 5}, GA_BOOL), nullptr, &from_view));
  owned(from_view);
  EXPECT_EQ(shape_of(from_view), (std::vector<int64_t>{static_cast<int64_t>(picked.size() / 6), 6}));
  EXPECT_EQ(fetch<double>(from_view), picked);
}

TEST_F(MaskTest, SetAndFillMask) {
  Handles owned;
  std::vector<int32_t> values(12);
  for (size_t i = 0; i < 12; ++i) values[i] = static_cast<int32_t>(i);
  ga_array_t a = make(owned, values, {3, 4}, GA_INT32);
  const std::vector<uint8_t> mask = {0, 1, 1, 0, 0, 0, 1, 0, 1, 0, 0, 1};
  ga_array_t m = make(owned, mask, {3, 4}, GA_BOOL);
  // One value per selected element, cast from float64 (truncating).
  GA_ASSERT_OK(ga_array_set_mask(a, m,
                                 make(owned, std::vector<double>{10.7, 20.2, 30.9, 40.0, 50.5}, {5}, GA_FLOAT64),
                                 nullptr));
  EXPECT_EQ(fetch<int32_t>(a), (std::vector<int32_t>{0, 10, 20, 3, 4, 5, 30, 7, 40, 9, 10, 50}));
  // A 0-d value broadcasts.
  GA_ASSERT_OK(ga_array_set_mask(a, m, make(owned, std::vector<int32_t>{-1}, {}, GA_INT32), nullptr));
  EXPECT_EQ(fetch<int32_t>(a), (std::vector<int32_t>{0, -1, -1, 3, 4, 5, -1, 7, -1, 9, 10, -1}));
  ga_scalar_t seven{};
  seven.dtype = GA_INT64;
  seven.as_int = 7;
  GA_ASSERT_OK(ga_array_fill_mask(a, m, seven, nullptr));
  EXPECT_EQ(fetch<int32_t>(a), (std::vector<int32_t>{0, 7, 7, 3, 4, 5, 7, 7, 7, 9, 10, 7}));
  // Rows: a 1-D mask over the first axis, one row value broadcast to each selected row.
  const std::vector<uint8_t> rows = {1, 0, 1};
  GA_ASSERT_OK(ga_array_set_mask(a, make(owned, rows, {3}, GA_BOOL),
                                 make(owned, std::vector<int32_t>{100, 200, 300, 400}, {4}, GA_INT32), nullptr));
  EXPECT_EQ(fetch<int32_t>(a), (std::vector<int32_t>{100, 200, 300, 400, 4, 5, 7, 7, 100, 200, 300, 400}));
  GA_ASSERT_OK(ga_array_fill_mask(a, make(owned, rows, {3}, GA_BOOL), seven, nullptr));
  EXPECT_EQ(fetch<int32_t>(a), (std::vector<int32_t>{7, 7, 7, 7, 4, 5, 7, 7, 7, 7, 7, 7}));
  // The transposed view is written through.
  ga_array_t view = transposed(owned, a);
  std::vector<uint8_t> first_row(12, 0);
  for (size_t i = 0; i < 3; ++i) first_row[i] = 1;  // view[0, :] = a[:, 0]
  GA_ASSERT_OK(ga_array_set_mask(view, make(owned, first_row, {4, 3}, GA_BOOL),
                                 make(owned, std::vector<int32_t>{-5, -6, -7}, {3}, GA_INT32), nullptr));
  EXPECT_EQ(fetch<int32_t>(a), (std::vector<int32_t>{-5, 7, 7, 7, -6, 5, 7, 7, -7, 7, 7, 7}));
  GA_EXPECT_STATUS(ga_array_set_mask(a, m, make(owned, std::vector<int32_t>{1, 2}, {2}, GA_INT32), nullptr),
                   GA_ERROR_SHAPE_MISMATCH);
}

TEST_F(MaskTest, NonzeroFlatnonzeroArgwhere) {
  Handles owned;
  const std::vector<float> values = {0, 1.5f, 0, 0, -2, 0, 0, 0, 3, 0, 0, 4};
  ga_array_t a = make(owned, values, {3, 4}, GA_FLOAT32);
  ga_array_t stacked = nullptr;
  GA_ASSERT_OK(ga_array_nonzero(a, nullptr, &stacked));
  owned(stacked);
  EXPECT_EQ(shape_of(stacked), (std::vector<int64_t>{2, 4}));
  EXPECT_EQ(fetch<int64_t>(stacked), (std::vector<int64_t>{0, 1, 2, 2, 1, 0, 0, 3}));
  ga_array_t flat = nullptr;
  GA_ASSERT_OK(ga_array_flatnonzero(a, nullptr, &flat));
  owned(flat);
  EXPECT_EQ(fetch<int64_t>(flat), (std::vector<int64_t>{1, 4, 8, 11}));
  ga_array_t rows = nullptr;
  GA_ASSERT_OK(ga_array_argwhere(a, nullptr, &rows));
  owned(rows);
  EXPECT_EQ(shape_of(rows), (std::vector<int64_t>{4, 2}));
  EXPECT_EQ(fetch<int64_t>(rows), (std::vector<int64_t>{0, 1, 1, 0, 2, 0, 2, 3}));
  ga_array_t scalar = make(owned, std::vector<float>{1}, {}, GA_FLOAT32);
  GA_EXPECT_STATUS(ga_array_nonzero(scalar, nullptr, &stacked), GA_ERROR_INVALID_ARGUMENT);
  ga_array_t scalar_rows = nullptr;
  GA_ASSERT_OK(ga_array_argwhere(scalar, nullptr, &scalar_rows));
  owned(scalar_rows);
  EXPECT_EQ(shape_of(scalar_rows), (std::vector<int64_t>{1, 0}));
}

TEST_F(MaskTest, CompressExtractPlacePutmask) {
  Handles owned;
  std::vector<int64_t> values(12);
  for (size_t i = 0; i < 12; ++i) values[i] = static_cast<int64_t>(i);
  ga_array_t a = make(owned, values, {3, 4}, GA_INT64);
  ga_array_t condition = make(owned, std::vector<int32_t>{0, 2, 1}, {3}, GA_INT32);
  ga_array_t columns = nullptr;
  GA_ASSERT_OK(ga_array_compress(condition, a, 1, nullptr, &columns));
  owned(columns);
  EXPECT_EQ(shape_of(columns), (std::vector<int64_t>{3, 2}));
  EXPECT_EQ(fetch<int64_t>(columns), (std::vector<int64_t>{1, 2, 5, 6, 9, 10}));
  ga_array_t flat = nullptr;
  GA_ASSERT_OK(ga_array_compress(condition, a, GA_AXIS_NONE, nullptr, &flat));
  owned(flat);
  EXPECT_EQ(fetch<int64_t>(flat), (std::vector<int64_t>{1, 2}));
  GA_EXPECT_STATUS(ga_array_compress(make(owned, std::vector<int32_t>(5, 1), {5}, GA_INT32), a, 1, nullptr, &flat),
                   GA_ERROR_INDEX);
  GA_EXPECT_STATUS(ga_array_compress(a, a, 0, nullptr, &flat), GA_ERROR_SHAPE_MISMATCH);

  std::vector<double> odd(12);
  for (size_t i = 0; i < 12; ++i) odd[i] = static_cast<double>(i % 2);
  ga_array_t selector = make(owned, odd, {4, 3}, GA_FLOAT64);
  ga_array_t extracted = nullptr;
  GA_ASSERT_OK(ga_array_extract(selector, a, nullptr, &extracted));
  owned(extracted);
  EXPECT_EQ(fetch<int64_t>(extracted), (std::vector<int64_t>{1, 3, 5, 7, 9, 11}));
  GA_EXPECT_STATUS(ga_array_extract(condition, a, nullptr, &extracted), GA_ERROR_SHAPE_MISMATCH);

  GA_ASSERT_OK(ga_array_place(a, selector, make(owned, std::vector<int64_t>{-1, -2, -3, -4}, {4}, GA_INT64), nullptr));
  EXPECT_EQ(fetch<int64_t>(a), (std::vector<int64_t>{0, -1, 2, -2, 4, -3, 6, -4, 8, -1, 10, -2}));
  GA_EXPECT_STATUS(ga_array_place(a, selector, make(owned, std::vector<int64_t>{}, {0}, GA_INT64), nullptr),
                   GA_ERROR_INVALID_ARGUMENT);
  GA_ASSERT_OK(ga_array_putmask(a, selector, make(owned, std::vector<int64_t>{100, 200, 300}, {3}, GA_INT64), nullptr));
  EXPECT_EQ(fetch<int64_t>(a), (std::vector<int64_t>{0, 200, 2, 100, 4, 300, 6, 200, 8, 100, 10, 300}));
  GA_EXPECT_STATUS(ga_array_putmask(a, condition, a, nullptr), GA_ERROR_SHAPE_MISMATCH);
}

TEST_F(MaskTest, ErrorStatuses) {
  Handles owned;
  ga_array_t a = make(owned, small_floats(12), {3, 4}, GA_FLOAT32);
  ga_array_t result = nullptr;
  ga_array_t wrong = make(owned, std::vector<uint8_t>(4, 1), {4}, GA_BOOL);
  GA_EXPECT_STATUS(ga_array_get_mask(a, wrong, nullptr, &result), GA_ERROR_INDEX);
  EXPECT_NE(std::string(ga_last_error()).find("(4,)"), std::string::npos) << ga_last_error();
  EXPECT_NE(std::string(ga_last_error()).find("(3, 4)"), std::string::npos) << ga_last_error();
  GA_EXPECT_STATUS(ga_array_get_mask(a, make(owned, std::vector<uint8_t>(24, 1), {3, 4, 2}, GA_BOOL), nullptr, &result),
                   GA_ERROR_INDEX);
  GA_EXPECT_STATUS(ga_array_get_mask(a, make(owned, std::vector<float>(3, 1), {3}, GA_FLOAT32), nullptr, &result),
                   GA_ERROR_DTYPE);
  GA_EXPECT_STATUS(ga_array_get_mask(nullptr, wrong, nullptr, &result), GA_ERROR_INVALID_HANDLE);
  GA_EXPECT_STATUS(ga_array_get_mask(a, nullptr, nullptr, &result), GA_ERROR_INVALID_HANDLE);
  GA_EXPECT_STATUS(ga_array_get_mask(a, wrong, nullptr, nullptr), GA_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(result, nullptr);
  GA_EXPECT_STATUS(ga_array_set_mask(a, wrong, a, nullptr), GA_ERROR_INDEX);
  GA_EXPECT_STATUS(ga_array_set_mask(a, wrong, nullptr, nullptr), GA_ERROR_INVALID_HANDLE);
  ga_scalar_t bad{};
  bad.dtype = static_cast<ga_dtype_t>(99);
  ga_array_t rows = make(owned, std::vector<uint8_t>(3, 1), {3}, GA_BOOL);
  GA_EXPECT_STATUS(ga_array_fill_mask(a, rows, bad, nullptr), GA_ERROR_DTYPE);
  const int64_t shape[2] = {3, 4};
  ga_array_t read_only = nullptr;
  GA_ASSERT_OK(ga_array_broadcast_to(a, 2, shape, &read_only));
  owned(read_only);
  ga_scalar_t one{};
  one.dtype = GA_FLOAT32;
  one.as_real = 1;
  GA_EXPECT_STATUS(ga_array_fill_mask(read_only, rows, one, nullptr), GA_ERROR_INVALID_ARGUMENT);
  GA_EXPECT_STATUS(ga_array_set_mask(read_only, rows, a, nullptr), GA_ERROR_INVALID_ARGUMENT);
  GA_EXPECT_STATUS(ga_array_nonzero(nullptr, nullptr, &result), GA_ERROR_INVALID_HANDLE);
  GA_EXPECT_STATUS(ga_array_flatnonzero(a, nullptr, nullptr), GA_ERROR_INVALID_ARGUMENT);
  GA_EXPECT_STATUS(ga_array_argwhere(nullptr, nullptr, &result), GA_ERROR_INVALID_HANDLE);
  GA_EXPECT_STATUS(ga_array_place(read_only, a, a, nullptr), GA_ERROR_INVALID_ARGUMENT);
  GA_EXPECT_STATUS(ga_array_putmask(a, nullptr, a, nullptr), GA_ERROR_INVALID_HANDLE);
}

// Argument checks come before any device work: these run on every machine.
TEST(ScanAndMaskHost, NullHandlesAreRefusedWithoutADevice) {
  ga_array_t result = garbage_handle();  // output-only: never read, and a failed call leaves it
  GA_EXPECT_STATUS(ga_array_cumsum(nullptr, 0, GA_DTYPE_SAME, nullptr, nullptr, &result), GA_ERROR_INVALID_HANDLE);
  GA_EXPECT_STATUS(ga_array_cumprod(nullptr, GA_AXIS_NONE, GA_DTYPE_SAME, nullptr, nullptr, &result), GA_ERROR_INVALID_HANDLE);
  GA_EXPECT_STATUS(ga_array_nancumsum(nullptr, 0, GA_FLOAT32, nullptr, nullptr, &result), GA_ERROR_INVALID_HANDLE);
  GA_EXPECT_STATUS(ga_array_nancumprod(nullptr, 0, GA_DTYPE_SAME, nullptr, nullptr, &result), GA_ERROR_INVALID_HANDLE);
  GA_EXPECT_STATUS(ga_ufunc_accumulate(nullptr, nullptr, 0, GA_DTYPE_SAME, nullptr, nullptr, &result), GA_ERROR_INVALID_HANDLE);
  GA_EXPECT_STATUS(ga_array_get_mask(nullptr, nullptr, nullptr, &result), GA_ERROR_INVALID_HANDLE);
  GA_EXPECT_STATUS(ga_array_set_mask(nullptr, nullptr, nullptr, nullptr), GA_ERROR_INVALID_HANDLE);
  GA_EXPECT_STATUS(ga_array_fill_mask(nullptr, nullptr, ga_scalar_t{}, nullptr), GA_ERROR_INVALID_HANDLE);
  GA_EXPECT_STATUS(ga_array_nonzero(nullptr, nullptr, &result), GA_ERROR_INVALID_HANDLE);
  GA_EXPECT_STATUS(ga_array_flatnonzero(nullptr, nullptr, &result), GA_ERROR_INVALID_HANDLE);
  GA_EXPECT_STATUS(ga_array_argwhere(nullptr, nullptr, &result), GA_ERROR_INVALID_HANDLE);
  GA_EXPECT_STATUS(ga_array_compress(nullptr, nullptr, GA_AXIS_NONE, nullptr, &result), GA_ERROR_INVALID_HANDLE);
  GA_EXPECT_STATUS(ga_array_extract(nullptr, nullptr, nullptr, &result), GA_ERROR_INVALID_HANDLE);
  GA_EXPECT_STATUS(ga_array_place(nullptr, nullptr, nullptr, nullptr), GA_ERROR_INVALID_HANDLE);
  GA_EXPECT_STATUS(ga_array_putmask(nullptr, nullptr, nullptr, nullptr), GA_ERROR_INVALID_HANDLE);
  GA_EXPECT_STATUS(ga_array_get_mask(nullptr, nullptr, nullptr, nullptr), GA_ERROR_INVALID_HANDLE);
  EXPECT_EQ(result, garbage_handle());
  EXPECT_NE(std::string(ga_last_error()).find("ga_array_get_mask: argument 'a' is NULL"), std::string::npos)
      << ga_last_error();
}
