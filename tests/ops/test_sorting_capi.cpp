// Sorting, searching, counting and order statistics through the C API (garray/sorting.h): results
// on the GPU against host references, and every error status. tests/python/test_sorting.py
// compares every dtype, axis and layout with NumPy on random data.
#include "user_kernel_support.hpp"

#include <garray/garray.h>

#include <algorithm>
#include <cmath>
#include <complex>
#include <cstdint>
#include <limits>
#include <numeric>
#include <random>
#include <vector>

namespace {

// Every element, whose dtype must be T's.
template <class T>
std::vector<T> fetch_exact(ga_array_t array) {
  EXPECT_EQ(dtype_of_array(array), dtype_of<T>());
  return fetch<T>(array);
}

// NumPy's order of reals: NaN last.
template <class T>
bool numpy_less(T a, T b) {
  if (std::isnan(a)) return false;
  return std::isnan(b) || a < b;
}

template <class T>
void expect_same_order(const std::vector<T>& expected, const std::vector<T>& actual) {
  ASSERT_EQ(expected.size(), actual.size());
  for (size_t i = 0; i < expected.size(); ++i) {
    if (std::isnan(expected[i])) {
      EXPECT_TRUE(std::isnan(actual[i])) << "at " << i;
    } else {
      EXPECT_EQ(expected[i], actual[i]) << "at " << i;
    }
  }
}

template <class T>
std::vector<int64_t> stable_argsort(const std::vector<T>& values, size_t first, size_t length) {
  std::vector<int64_t> order(length);
  std::iota(order.begin(), order.end(), 0);
  std::stable_sort(order.begin(), order.end(),
                   [&](int64_t a, int64_t b) { return numpy_less(values[first + a], values[first + b]); });
  return order;
}

std::vector<float> random_floats(size_t count, unsigned seed) {
  std::mt19937 engine(seed);
  std::uniform_int_distribution<int> pick(-50, 50);
  std::vector<float> values(count);
  for (float& value : values) {
    const int drawn = pick(engine);
    value = drawn == 50 ? std::numeric_limits<float>::quiet_NaN() : drawn == -50 ? -0.0f : drawn * 0.25f;
  }
  return values;
}

class SortingTest : public GpuTest {
 protected:
  Handles owned;

  ga_array_t result(ga_status_t status, ga_array_t array) {
    EXPECT_EQ(status, GA_OK) << ga_last_error();
    return owned(array);
  }
};

}  // namespace

// The out-parameters are output-only: a failed call neither reads the garbage in them nor writes
// them.
TEST(SortingHost, NullHandlesAreRefusedWithoutADevice) {
  const ga_array_t garbage = reinterpret_cast<ga_array_t>(uintptr_t{0x1234});
  ga_array_t result = garbage;
  ga_array_t second = garbage;
  EXPECT_EQ(ga_array_sort(nullptr, 0, 1, nullptr, &result), GA_ERROR_INVALID_HANDLE);
  EXPECT_EQ(ga_array_sort_inplace(nullptr, 0, 1, nullptr), GA_ERROR_INVALID_HANDLE);
  EXPECT_EQ(ga_array_argsort(nullptr, 0, 1, nullptr, &result), GA_ERROR_INVALID_HANDLE);
  EXPECT_EQ(ga_array_partition(nullptr, nullptr, 0, 0, nullptr, &result), GA_ERROR_INVALID_HANDLE);
  EXPECT_EQ(ga_array_argpartition(nullptr, nullptr, 0, 0, nullptr, &result), GA_ERROR_INVALID_HANDLE);
  EXPECT_EQ(ga_array_searchsorted(nullptr, nullptr, GA_SEARCH_LEFT, nullptr, nullptr, &result),
            GA_ERROR_INVALID_HANDLE);
  EXPECT_EQ(ga_array_unique(nullptr, 0, nullptr, &result, &second, nullptr, nullptr), GA_ERROR_INVALID_HANDLE);
  EXPECT_EQ(ga_array_bincount(nullptr, nullptr, 0, nullptr, &result), GA_ERROR_INVALID_HANDLE);
  EXPECT_EQ(ga_array_histogram(nullptr, 10, nullptr, nullptr, &result, &second), GA_ERROR_INVALID_HANDLE);
  EXPECT_EQ(ga_array_histogram_edges(nullptr, nullptr, nullptr, &result), GA_ERROR_INVALID_HANDLE);
  const double q = 0.5;
  EXPECT_EQ(ga_array_quantile(nullptr, &q, 0, nullptr, 0, 0, nullptr, &result), GA_ERROR_INVALID_HANDLE);
  EXPECT_EQ(ga_array_percentile(nullptr, &q, 0, nullptr, 0, 0, nullptr, &result), GA_ERROR_INVALID_HANDLE);
  EXPECT_EQ(ga_array_median(nullptr, 0, 0, nullptr, &result), GA_ERROR_INVALID_HANDLE);
  EXPECT_EQ(ga_array_lexsort(nullptr, 1, -1, nullptr, &result), GA_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(result, garbage);
  EXPECT_EQ(second, garbage);
}

TEST_F(SortingTest, SortPlacesNanLastAndInfinitiesAtTheEnds) {
  const float nan = std::numeric_limits<float>::quiet_NaN(), inf = std::numeric_limits<float>::infinity();
  const std::vector<float> values{3, -nan, -inf, 1, -0.0f, 0.0f, inf, -2, nan};
  ga_array_t sorted = nullptr;
  result(ga_array_sort(make(owned, values), 0, 1, nullptr, &sorted), sorted);
  expect_same_order<float>({-inf, -2, 0, 0, 1, 3, inf, nan, nan}, fetch_exact<float>(sorted));
}

TEST_F(SortingTest, ArgsortIsStableAndTiesSignedZeros) {
  ga_array_t indices = nullptr;
  result(ga_array_argsort(make<int32_t>(owned, {2, 1, 2, 1, 0}), -1, 1, nullptr, &indices), indices);
  EXPECT_EQ(fetch_exact<int64_t>(indices), (std::vector<int64_t>{4, 1, 3, 0, 2}));
  result(ga_array_argsort(make<double>(owned, {0.0, -0.0, 0.0, -1.0}), 0, 1, nullptr, &indices), indices);
  EXPECT_EQ(fetch_exact<int64_t>(indices), (std::vector<int64_t>{3, 0, 1, 2}));
}

TEST_F(SortingTest, LargeArraysMatchTheHost) {
  for (size_t count : {size_t{1} << 16, (size_t{1} << 20) + 3}) {
    const std::vector<float> values = random_floats(count, static_cast<unsigned>(count));
    ga_array_t input = make(owned, values);
    ga_array_t sorted = nullptr, indices = nullptr;
    result(ga_array_sort(input, 0, 1, nullptr, &sorted), sorted);
    result(ga_array_argsort(input, 0, 1, nullptr, &indices), indices);
    std::vector<float> expected = values;
    std::stable_sort(expected.begin(), expected.end(), numpy_less<float>);
    expect_same_order(expected, fetch_exact<float>(sorted));
    EXPECT_EQ(stable_argsort(values, 0, count), fetch_exact<int64_t>(indices));
  }
}

// Rows of float32 sort through composite keys (row number above the value), rows of float64 through
// a pass per key; few long rows go one at a time.
template <class T>
void expect_rows_sorted(Handles& owned, int64_t rows, int64_t length) {
  const size_t count = static_cast<size_t>(rows * length);
  const std::vector<float> floats = random_floats(count, 7);
  const std::vector<T> values(floats.begin(), floats.end());
  ga_array_t input = make(owned, values, {rows, length});
  ga_array_t sorted = nullptr, indices = nullptr;
  ASSERT_EQ(ga_array_sort(input, 1, 1, nullptr, &sorted), GA_OK) << ga_last_error();
  owned(sorted);
  ASSERT_EQ(ga_array_argsort(input, -1, 1, nullptr, &indices), GA_OK) << ga_last_error();
  owned(indices);
  const std::vector<T> actual = fetch_exact<T>(sorted);
  const std::vector<int64_t> actual_indices = fetch_exact<int64_t>(indices);
  for (int64_t r = 0; r < rows; ++r) {
    const size_t first = static_cast<size_t>(r * length);
    const std::vector<int64_t> order = stable_argsort(values, first, static_cast<size_t>(length));
    for (int64_t k = 0; k < length; ++k) {
      ASSERT_EQ(actual_indices[first + k], order[k]) << "row " << r << " position " << k;
      const T expected = values[first + order[k]];
      if (std::isnan(expected)) {
        ASSERT_TRUE(std::isnan(actual[first + k]));
      } else {
        ASSERT_EQ(actual[first + k], expected) << "row " << r << " position " << k;
      }
    }
  }
}

TEST_F(SortingTest, RowsShortAndLongMatchTheHost) {
  for (auto [rows, length] : {std::pair<int64_t, int64_t>{1000, 7}, {3, (int64_t{1} << 18) + 5}, {40, 1000}}) {
    expect_rows_sorted<float>(owned, rows, length);
    expect_rows_sorted<double>(owned, rows, length);
  }
}

TEST_F(SortingTest, SortAlongTheFirstAxisAndInPlace) {
  ga_array_t input = make<int64_t>(owned, {5, -1, 4, 2, -7, 0, 9, 3, 1, 8, 6, -2}, {3, 4});
  ga_array_t sorted = nullptr;
  result(ga_array_sort(input, 0, 1, nullptr, &sorted), sorted);
  EXPECT_EQ(fetch_exact<int64_t>(sorted), (std::vector<int64_t>{-7, -1, 4, -2, 1, 0, 6, 2, 5, 8, 9, 3}));
  GA_ASSERT_OK(ga_array_sort_inplace(input, -1, 1, nullptr));
  EXPECT_EQ(fetch_exact<int64_t>(input), (std::vector<int64_t>{-1, 2, 4, 5, -7, 0, 3, 9, -2, 1, 6, 8}));
  ga_array_t flat = nullptr;
  result(ga_array_sort(input, GA_AXIS_NONE, 1, nullptr, &flat), flat);
  EXPECT_EQ(shape_of(flat), (std::vector<int64_t>{12}));
}

TEST_F(SortingTest, ComplexSortsAsNumPy) {
  using C = std::complex<double>;
  const double nan = std::numeric_limits<double>::quiet_NaN();
  const std::vector<C> values{{1, 2}, {nan, 0}, {1, nan}, {0, 5}, {nan, nan}, {1, 1}, {nan, -1}, {-3, nan}};
  ga_array_t sorted = nullptr, indices = nullptr;
  ga_array_t input = make(owned, values);
  result(ga_array_sort(input, 0, 1, nullptr, &sorted), sorted);
  result(ga_array_argsort(input, 0, 1, nullptr, &indices), indices);
  EXPECT_EQ(fetch_exact<int64_t>(indices), (std::vector<int64_t>{3, 5, 0, 7, 2, 6, 1, 4}));
  const std::vector<C> actual = fetch_exact<C>(sorted);
  EXPECT_EQ(actual[0], C(0, 5));
  EXPECT_EQ(actual[2], C(1, 2));
  EXPECT_TRUE(std::isnan(actual[7].real()) && std::isnan(actual[7].imag()));
}

TEST_F(SortingTest, LexsortUsesTheLastKeyFirst) {
  ga_array_t keys[2] = {make<int64_t>(owned, {9, 4, 0, 4, 0, 2, 1}), make<int32_t>(owned, {1, 5, 1, 4, 3, 4, 4})};
  ga_array_t indices = nullptr;
  result(ga_array_lexsort(keys, 2, -1, nullptr, &indices), indices);
  EXPECT_EQ(fetch_exact<int64_t>(indices), (std::vector<int64_t>{2, 0, 4, 6, 5, 3, 1}));
}

TEST_F(SortingTest, PartitionSortsAndChecksKth) {
  ga_array_t input = make<int32_t>(owned, {3, 4, 2, 1});
  const int64_t kth[] = {2, -1};
  ga_array_t out = nullptr;
  result(ga_array_partition(input, kth, 2, 0, nullptr, &out), out);
  EXPECT_EQ(fetch_exact<int32_t>(out), (std::vector<int32_t>{1, 2, 3, 4}));
  result(ga_array_argpartition(input, kth, 1, 0, nullptr, &out), out);
  EXPECT_EQ(fetch_exact<int64_t>(out), (std::vector<int64_t>{3, 2, 0, 1}));
  const int64_t outside[] = {4};
  GA_EXPECT_STATUS(ga_array_partition(input, outside, 1, 0, nullptr, &out), GA_ERROR_INVALID_ARGUMENT);
  GA_EXPECT_STATUS(ga_array_argpartition(input, nullptr, 1, 0, nullptr, &out), GA_ERROR_INVALID_ARGUMENT);
}

TEST_F(SortingTest, SearchsortedLeftRightAndSorter) {
  ga_array_t sorted = make<int64_t>(owned, {1, 2, 2, 3});
  ga_array_t values = make<double>(owned, {2, 0, 5, 2.5});
  ga_array_t out = nullptr;
  result(ga_array_searchsorted(sorted, values, GA_SEARCH_LEFT, nullptr, nullptr, &out), out);
  EXPECT_EQ(fetch_exact<int64_t>(out), (std::vector<int64_t>{1, 0, 4, 3}));
  result(ga_array_searchsorted(sorted, values, GA_SEARCH_RIGHT, nullptr, nullptr, &out), out);
  EXPECT_EQ(fetch_exact<int64_t>(out), (std::vector<int64_t>{3, 0, 4, 3}));
  ga_array_t unsorted = make<int64_t>(owned, {3, 1, 2});
  result(ga_array_searchsorted(unsorted, make<int64_t>(owned, {2, 4}), GA_SEARCH_LEFT,
                               make<int64_t>(owned, {1, 2, 0}), nullptr, &out),
         out);
  EXPECT_EQ(fetch_exact<int64_t>(out), (std::vector<int64_t>{1, 3}));
  // Mixed dtypes compare in the promoted one (float64 here), as NumPy: 0.1 < float32(0.1).
  ga_array_t narrow = make<float>(owned, {0.1f, 0.5f, 0.5f, 2.0f});
  result(ga_array_searchsorted(narrow, make<double>(owned, {0.1, 0.5}), GA_SEARCH_RIGHT, nullptr, nullptr, &out), out);
  EXPECT_EQ(fetch_exact<int64_t>(out), (std::vector<int64_t>{0, 3}));
  result(ga_array_searchsorted(make<double>(owned, {0.1, 0.5}), make<float>(owned, {0.1f}), GA_SEARCH_LEFT, nullptr,
                               nullptr, &out),
         out);
  EXPECT_EQ(fetch_exact<int64_t>(out), (std::vector<int64_t>{1}));
}

TEST_F(SortingTest, UniqueWithEveryOutput) {
  const double nan = std::numeric_limits<double>::quiet_NaN();
  ga_array_t input = make<double>(owned, {3, 1, 3, nan, nan, -0.0, 0.0, 1}, {2, 4});
  ga_array_t values = nullptr, indices = nullptr, inverse = nullptr, counts = nullptr;
  GA_ASSERT_OK(ga_array_unique(input, GA_UNIQUE_INDEX | GA_UNIQUE_INVERSE | GA_UNIQUE_COUNTS, nullptr, &values,
                               &indices, &inverse, &counts));
  owned(values), owned(indices), owned(inverse), owned(counts);
  const std::vector<double> distinct = fetch_exact<double>(values);
  ASSERT_EQ(distinct.size(), 4u);
  EXPECT_EQ(distinct[0], 0.0);
  EXPECT_TRUE(std::signbit(distinct[0]));  // the first occurrence, -0.0
  EXPECT_EQ(distinct[1], 1.0);
  EXPECT_EQ(distinct[2], 3.0);
  EXPECT_TRUE(std::isnan(distinct[3]));
  EXPECT_EQ(fetch_exact<int64_t>(indices), (std::vector<int64_t>{5, 1, 0, 3}));
  EXPECT_EQ(fetch_exact<int64_t>(counts), (std::vector<int64_t>{2, 2, 2, 2}));
  EXPECT_EQ(fetch_exact<int64_t>(inverse), (std::vector<int64_t>{2, 1, 2, 3, 3, 0, 0, 1}));
  EXPECT_EQ(shape_of(inverse), (std::vector<int64_t>{2, 4}));
  ga_array_t only = nullptr;
  GA_ASSERT_OK(ga_array_unique(make<int32_t>(owned, {}), 0, nullptr, &only, nullptr, nullptr, nullptr));
  owned(only);
  EXPECT_EQ(shape_of(only), (std::vector<int64_t>{0}));
  GA_EXPECT_STATUS(ga_array_unique(input, 8, nullptr, &only, nullptr, nullptr, nullptr), GA_ERROR_INVALID_ARGUMENT);
  GA_EXPECT_STATUS(ga_array_unique(input, GA_UNIQUE_COUNTS, nullptr, &only, nullptr, nullptr, nullptr),
                   GA_ERROR_INVALID_ARGUMENT);
  GA_EXPECT_STATUS(ga_array_unique(input, 0, nullptr, nullptr, nullptr, nullptr, nullptr), GA_ERROR_INVALID_ARGUMENT);
}

TEST_F(SortingTest, BincountCountsAndSumsWeights) {
  ga_array_t x = make<int64_t>(owned, {0, 1, 1, 3});
  ga_array_t out = nullptr;
  result(ga_array_bincount(x, nullptr, 0, nullptr, &out), out);
  EXPECT_EQ(fetch_exact<int64_t>(out), (std::vector<int64_t>{1, 2, 0, 1}));
  result(ga_array_bincount(x, nullptr, 6, nullptr, &out), out);
  EXPECT_EQ(fetch_exact<int64_t>(out), (std::vector<int64_t>{1, 2, 0, 1, 0, 0}));
  result(ga_array_bincount(x, make<double>(owned, {0.5, 1, 1, 2}), 0, nullptr, &out), out);
  EXPECT_EQ(fetch_exact<double>(out), (std::vector<double>{0.5, 2, 0, 2}));
  result(ga_array_bincount(make<int32_t>(owned, {}), nullptr, 2, nullptr, &out), out);
  EXPECT_EQ(fetch_exact<int64_t>(out), (std::vector<int64_t>{0, 0}));
  GA_EXPECT_STATUS(ga_array_bincount(make<int64_t>(owned, {1, -1}), nullptr, 0, nullptr, &out), GA_ERROR_INVALID_ARGUMENT);
  GA_EXPECT_STATUS(ga_array_bincount(x, nullptr, -1, nullptr, &out), GA_ERROR_INVALID_ARGUMENT);
  GA_EXPECT_STATUS(ga_array_bincount(make<double>(owned, {1.0}), nullptr, 0, nullptr, &out), GA_ERROR_DTYPE);
  GA_EXPECT_STATUS(ga_array_bincount(make<int64_t>(owned, {1, 2}, {1, 2}), nullptr, 0, nullptr, &out), GA_ERROR_SHAPE_MISMATCH);
  GA_EXPECT_STATUS(ga_array_bincount(x, make<double>(owned, {1.0}), 0, nullptr, &out), GA_ERROR_SHAPE_MISMATCH);
  GA_EXPECT_STATUS(ga_array_bincount(x, make<std::complex<double>>(owned, {1, 1, 1, 1}), 0, nullptr, &out), GA_ERROR_DTYPE);
  GA_EXPECT_STATUS(ga_array_bincount(x, nullptr, 0, nullptr, nullptr), GA_ERROR_INVALID_ARGUMENT);
}

TEST_F(SortingTest, HistogramBinsAndEdges) {
  ga_array_t data = make<double>(owned, {0, 1, 2, 3, 4});
  ga_array_t hist = nullptr, edges = nullptr;
  GA_ASSERT_OK(ga_array_histogram(data, 4, nullptr, nullptr, &hist, &edges));
  owned(hist), owned(edges);
  EXPECT_EQ(fetch_exact<int64_t>(hist), (std::vector<int64_t>{1, 1, 1, 2}));
  EXPECT_EQ(fetch_exact<double>(edges), (std::vector<double>{0, 1, 2, 3, 4}));
  const double range[] = {0, 2};
  GA_ASSERT_OK(ga_array_histogram(data, 2, range, nullptr, &hist, &edges));
  owned(hist), owned(edges);
  EXPECT_EQ(fetch_exact<int64_t>(hist), (std::vector<int64_t>{1, 2}));
  ga_array_t counts = nullptr;
  result(ga_array_histogram_edges(data, make<double>(owned, {0, 1, 1, 3}), nullptr, &counts), counts);
  EXPECT_EQ(fetch_exact<int64_t>(counts), (std::vector<int64_t>{1, 0, 3}));

  const double nan = std::numeric_limits<double>::quiet_NaN();
  const double reversed[] = {2, 0}, infinite[] = {0, std::numeric_limits<double>::infinity()};
  GA_EXPECT_STATUS(ga_array_histogram(data, 0, nullptr, nullptr, &hist, &edges), GA_ERROR_INVALID_ARGUMENT);
  GA_EXPECT_STATUS(ga_array_histogram(data, 2, reversed, nullptr, &hist, &edges), GA_ERROR_INVALID_ARGUMENT);
  GA_EXPECT_STATUS(ga_array_histogram(data, 2, infinite, nullptr, &hist, &edges), GA_ERROR_INVALID_ARGUMENT);
  GA_EXPECT_STATUS(ga_array_histogram(make<double>(owned, {1, nan}), 2, nullptr, nullptr, &hist, &edges),
                   GA_ERROR_INVALID_ARGUMENT);
  GA_EXPECT_STATUS(ga_array_histogram(make<std::complex<double>>(owned, {1}), 2, nullptr, nullptr, &hist, &edges),
                   GA_ERROR_DTYPE);
  GA_EXPECT_STATUS(ga_array_histogram(data, 2, nullptr, nullptr, &hist, nullptr), GA_ERROR_INVALID_ARGUMENT);
  GA_EXPECT_STATUS(ga_array_histogram_edges(data, make<double>(owned, {0, 2, 1}), nullptr, &counts), GA_ERROR_INVALID_ARGUMENT);
  GA_EXPECT_STATUS(ga_array_histogram_edges(data, make<double>(owned, {0, 1, 2, 3}, {2, 2}), nullptr, &counts),
                   GA_ERROR_SHAPE_MISMATCH);
}

TEST_F(SortingTest, QuantilesPercentilesAndMedians) {
  ga_array_t data = make<double>(owned, {4, 1, 3, 2});
  const double half = 0.5, both[] = {0, 1}, fifty = 50;
  const int64_t two[] = {2};
  ga_array_t out = nullptr;
  result(ga_array_quantile(data, &half, 0, nullptr, GA_AXIS_NONE, 0, nullptr, &out), out);
  EXPECT_EQ(fetch_exact<double>(out), (std::vector<double>{2.5}));
  EXPECT_EQ(shape_of(out), (std::vector<int64_t>{}));
  result(ga_array_quantile(data, both, 1, two, 0, 1, nullptr, &out), out);
  EXPECT_EQ(fetch_exact<double>(out), (std::vector<double>{1, 4}));
  EXPECT_EQ(shape_of(out), (std::vector<int64_t>{2, 1}));
  result(ga_array_percentile(data, &fifty, 0, nullptr, 0, 0, nullptr, &out), out);
  EXPECT_EQ(fetch_exact<double>(out), (std::vector<double>{2.5}));
  result(ga_array_median(make<int32_t>(owned, {3, 1, 2, 7, 5, 6}, {2, 3}), 1, 0, nullptr, &out), out);
  EXPECT_EQ(fetch_exact<double>(out), (std::vector<double>{2, 6}));
  result(ga_array_median(make<double>(owned, {}), GA_AXIS_NONE, 0, nullptr, &out), out);
  EXPECT_TRUE(std::isnan(fetch_exact<double>(out)[0]));

  const double outside = 1.5, hundred_one = 101;
  GA_EXPECT_STATUS(ga_array_quantile(data, &outside, 0, nullptr, 0, 0, nullptr, &out), GA_ERROR_INVALID_ARGUMENT);
  GA_EXPECT_STATUS(ga_array_percentile(data, &hundred_one, 0, nullptr, 0, 0, nullptr, &out), GA_ERROR_INVALID_ARGUMENT);
  GA_EXPECT_STATUS(ga_array_quantile(data, &half, -1, nullptr, 0, 0, nullptr, &out), GA_ERROR_INVALID_ARGUMENT);
  GA_EXPECT_STATUS(ga_array_quantile(data, nullptr, 0, nullptr, 0, 0, nullptr, &out), GA_ERROR_INVALID_ARGUMENT);
  GA_EXPECT_STATUS(ga_array_quantile(make<std::complex<double>>(owned, {1}), &half, 0, nullptr, 0, 0, nullptr, &out),
                   GA_ERROR_DTYPE);
  GA_EXPECT_STATUS(ga_array_quantile(make<double>(owned, {}), &half, 0, nullptr, 0, 0, nullptr, &out), GA_ERROR_INDEX);
  GA_EXPECT_STATUS(ga_array_median(data, 1, 0, nullptr, &out), GA_ERROR_INDEX);
}

TEST_F(SortingTest, ArgumentErrors) {
  ga_array_t data = make<double>(owned, {1, 2, 3, 4}, {2, 2});
  ga_array_t out = nullptr;
  GA_EXPECT_STATUS(ga_array_sort(data, 2, 1, nullptr, &out), GA_ERROR_INDEX);
  GA_EXPECT_STATUS(ga_array_argsort(data, -3, 1, nullptr, &out), GA_ERROR_INDEX);
  GA_EXPECT_STATUS(ga_array_sort(data, 0, 1, nullptr, nullptr), GA_ERROR_INVALID_ARGUMENT);
  GA_EXPECT_STATUS(ga_array_sort_inplace(data, GA_AXIS_NONE, 1, nullptr), GA_ERROR_INVALID_ARGUMENT);
  const int64_t shape[] = {3, 2, 2};
  ga_array_t read_only = nullptr;
  GA_ASSERT_OK(ga_array_broadcast_to(data, 3, shape, &read_only));
  owned(read_only);
  GA_EXPECT_STATUS(ga_array_sort_inplace(read_only, 0, 1, nullptr), GA_ERROR_INVALID_ARGUMENT);

  ga_array_t flat = make<double>(owned, {1, 2});
  GA_EXPECT_STATUS(ga_array_searchsorted(data, flat, GA_SEARCH_LEFT, nullptr, nullptr, &out), GA_ERROR_SHAPE_MISMATCH);
  GA_EXPECT_STATUS(ga_array_searchsorted(flat, flat, static_cast<ga_search_side_t>(7), nullptr, nullptr, &out),
                   GA_ERROR_INVALID_ARGUMENT);
  GA_EXPECT_STATUS(ga_array_searchsorted(flat, flat, GA_SEARCH_LEFT, flat, nullptr, &out), GA_ERROR_DTYPE);
  GA_EXPECT_STATUS(ga_array_searchsorted(flat, flat, GA_SEARCH_LEFT, make<int64_t>(owned, {0}), nullptr, &out),
                   GA_ERROR_SHAPE_MISMATCH);

  ga_array_t keys[2] = {flat, make<double>(owned, {1, 2, 3})};
  GA_EXPECT_STATUS(ga_array_lexsort(keys, 0, -1, nullptr, &out), GA_ERROR_INVALID_ARGUMENT);
  GA_EXPECT_STATUS(ga_array_lexsort(keys, 2, -1, nullptr, &out), GA_ERROR_SHAPE_MISMATCH);
  GA_EXPECT_STATUS(ga_array_lexsort(keys, 1, 1, nullptr, &out), GA_ERROR_INDEX);
  EXPECT_EQ(out, nullptr);
}
