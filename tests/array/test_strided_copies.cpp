// Copies, casts, transfers and fills of non-contiguous device arrays (GPU). The public view
// functions live elsewhere; here views are built from internals (Array::view wrapped in a handle)
// and then used through the public C API: transposes (the tiled kernel, with and without a cast,
// odd sizes, batches), steps, negative strides, broadcast (zero) strides, writes into strided
// views, overlapping source and destination, and read-only destinations.
#include "capi/handles.hpp"
#include "core/array/array.hpp"

#include "array_test_support.hpp"
#include "gpu_test.hpp"

#include <algorithm>
#include <cstdint>
#include <numeric>
#include <random>
#include <string>
#include <vector>

namespace {

using namespace array_test;
using Shape = std::vector<std::int64_t>;

class StridedCopies : public GpuTest {};

garray::Dims to_dims(const Shape& values) {
  return garray::Dims::from(values.data(), static_cast<int>(values.size()), "dims");
}

// A new handle for a view of `base`'s buffer: `strides` in elements, `byte_offset` from the start
// of the buffer (the base's own offset is not added).
OwnedArray view_of(ga_array_t base, const Shape& shape, const Shape& strides, std::int64_t byte_offset) {
  const garray::Array& array = garray::capi::deref(base, "base");
  return OwnedArray(
      garray::capi::make_handle<ga_array_s>(array.view(to_dims(shape), to_dims(strides), byte_offset)));
}

// The view of a C-contiguous `base` with its axes permuted: out axis k is base axis axes[k].
OwnedArray transposed(ga_array_t base, const std::vector<int>& axes) {
  const Shape shape = shape_of(base);
  const Shape strides = strides_of(base);
  Shape view_shape, view_strides;
  for (int axis : axes) {
    view_shape.push_back(shape[static_cast<std::size_t>(axis)]);
    view_strides.push_back(strides[static_cast<std::size_t>(axis)]);
  }
  return view_of(base, view_shape, view_strides, 0);
}

// The elements a view selects from C-ordered `base_values`, in the view's C order.
template <class T>
std::vector<T> select(const std::vector<T>& base_values, const Shape& shape, const Shape& strides,
                      std::int64_t first) {
  std::vector<T> selected;
  Shape index(shape.size(), 0);
  for (std::int64_t i = 0; i < element_count(shape); ++i) {
    std::int64_t offset = first;
    for (std::size_t d = 0; d < shape.size(); ++d) offset += index[d] * strides[d];
    selected.push_back(base_values[static_cast<std::size_t>(offset)]);
    for (std::size_t d = shape.size(); d-- > 0;) {
      if (++index[d] < shape[d]) break;
      index[d] = 0;
    }
  }
  return selected;
}

std::vector<ga_scalar_t> iota_values(std::int64_t count) {
  std::vector<ga_scalar_t> values;
  for (std::int64_t i = 0; i < count; ++i) values.push_back(int_scalar(i));
  return values;
}

std::vector<ga_scalar_t> reals_to(ga_dtype_t dtype, const std::vector<double>& values) {
  std::vector<ga_scalar_t> scalars;
  for (double value : values) scalars.push_back(cast_scalar(real_scalar(value), dtype));
  return scalars;
}

// A C-contiguous array of `shape` with values 0, 1, 2, ... as `dtype`, and those values.
struct Iota {
  OwnedArray array;
  std::vector<ga_scalar_t> values;
};
Iota make_iota(const Shape& shape, ga_dtype_t dtype) {
  std::vector<ga_scalar_t> values;
  for (const ga_scalar_t& value : iota_values(element_count(shape)))
    values.push_back(cast_scalar(value, dtype));
  return {upload_values(values, shape, dtype), values};
}

// Permutes, copies in C order and checks the values and layout.
void expect_transpose_copy(const Shape& shape, const std::vector<int>& axes, ga_dtype_t dtype) {
  Iota base = make_iota(shape, dtype);
  OwnedArray view = transposed(base.array, axes);
  const Shape view_shape = shape_of(view);
  const Shape view_strides = strides_of(view);
  std::string where = std::string(dtype_name(dtype)) + " shape (";
  for (std::int64_t extent : shape) where += std::to_string(extent) + ",";
  where += ") axes (";
  for (int axis : axes) where += std::to_string(axis) + ",";
  where += ")";
  OwnedArray copy;
  GA_ASSERT_OK(ga_array_copy(view, GA_ORDER_C, nullptr, copy.out()));
  EXPECT_EQ(shape_of(copy), view_shape) << where;
  EXPECT_EQ(strides_of(copy), compact_strides(view_shape, GA_ORDER_C)) << where;
  expect_scalars(download_scalars(copy), select(base.values, view_shape, view_strides, 0), where);
}

}  // namespace

TEST_F(StridedCopies, TransposeOf4096By4096Float32) {
  // The tiled transpose kernel over many full tiles. Values i * 4096 + j are exact in float32.
  const Shape shape{4096, 4096};
  std::vector<float> values(4096 * 4096);
  std::iota(values.begin(), values.end(), 0.0f);
  OwnedArray base;
  GA_ASSERT_OK(
      ga_array_from_host(values.data(), 2, shape.data(), nullptr, GA_FLOAT32, GA_ORDER_C, nullptr, base.out()));
  OwnedArray view = transposed(base, {1, 0});
  EXPECT_EQ(flags_of(view) & kContiguityFlags, unsigned{GA_ARRAY_F_CONTIGUOUS});
  OwnedArray copy;
  GA_ASSERT_OK(ga_array_ascontiguousarray(view, nullptr, copy.out()));
  EXPECT_NE(copy.get(), view.get());
  std::vector<float> result(values.size(), -1.0f);
  GA_ASSERT_OK(ga_array_to_host(copy, result.data(), result.size() * sizeof(float), nullptr));
  std::size_t mismatches = 0;
  for (std::size_t i = 0; i < 4096 && mismatches < 8; ++i) {
    for (std::size_t j = 0; j < 4096; ++j) {
      if (result[i * 4096 + j] != values[j * 4096 + i]) {
        ADD_FAILURE() << "element (" << i << ", " << j << ") is " << result[i * 4096 + j];
        if (++mismatches == 8) break;
      }
    }
  }
  // Downloading the view directly transposes on the way out too.
  std::vector<float> direct(values.size(), -1.0f);
  GA_ASSERT_OK(ga_array_to_host(view, direct.data(), direct.size() * sizeof(float), nullptr));
  EXPECT_TRUE(direct == result);
}

TEST_F(StridedCopies, TransposesOfOddSizesAndPermutationsOfThreeAxes) {
  expect_transpose_copy({33, 65}, {1, 0}, GA_FLOAT32);
  expect_transpose_copy({65, 33}, {1, 0}, GA_INT64);
  expect_transpose_copy({1, 1000}, {1, 0}, GA_FLOAT64);
  expect_transpose_copy({1000, 1}, {1, 0}, GA_INT16);
  expect_transpose_copy({7, 9}, {1, 0}, GA_COMPLEX128);  // below the tiling threshold: strided kernel
  expect_transpose_copy({8, 8}, {1, 0}, GA_BOOL);
  expect_transpose_copy({31, 33}, {1, 0}, GA_FLOAT16);
  expect_transpose_copy({100, 3}, {1, 0}, GA_UINT8);
  for (const std::vector<int>& axes :
       {std::vector<int>{2, 0, 1}, std::vector<int>{1, 2, 0}, std::vector<int>{2, 1, 0},
        std::vector<int>{0, 2, 1}, std::vector<int>{1, 0, 2}}) {
    expect_transpose_copy({7, 9, 11}, axes, GA_FLOAT32);
    expect_transpose_copy({7, 9, 11}, axes, GA_COMPLEX64);
  }
  // Batched tiles: the last two axes of (3, 40, 50) swapped (one batch dimension), and of a
  // (4, 3, 40, 50) array (the leading axes merge into one batch dimension).
  expect_transpose_copy({3, 40, 50}, {0, 2, 1}, GA_FLOAT64);
  expect_transpose_copy({4, 3, 40, 50}, {0, 1, 3, 2}, GA_INT32);
  expect_transpose_copy({4, 3, 40, 50}, {1, 0, 3, 2}, GA_UINT16);
  expect_transpose_copy({2, 3, 2, 40, 50}, {2, 0, 1, 4, 3}, GA_BFLOAT16);
}

TEST_F(StridedCopies, TransposeWithTwoBatchDimensions) {
  // Every other plane of (4, 3, 40, 50), last two axes swapped: the outer step keeps two batch
  // dimensions apart.
  Iota base = make_iota({4, 3, 40, 50}, GA_INT32);
  const Shape shape{2, 3, 50, 40};
  const Shape strides{2 * 6000, 2000, 1, 50};
  OwnedArray view = view_of(base.array, shape, strides, 0);
  OwnedArray copy;
  GA_ASSERT_OK(ga_array_copy(view, GA_ORDER_C, nullptr, copy.out()));
  expect_scalars(download_scalars(copy), select(base.values, shape, strides, 0), "two batch dimensions");
}

TEST_F(StridedCopies, TransposedCopiesWithACast) {
  std::mt19937_64 rng(21);
  const Shape shape{40, 50};
  for (const auto& [from, to] : {std::pair{GA_FLOAT32, GA_FLOAT16}, std::pair{GA_INT32, GA_FLOAT64},
                                 std::pair{GA_FLOAT64, GA_BFLOAT16}, std::pair{GA_COMPLEX64, GA_UINT8},
                                 std::pair{GA_FLOAT16, GA_INT64}}) {
    const std::vector<unsigned char> bytes = cast_test_elements(from, 2000, rng);
    const std::vector<ga_scalar_t> values = decode_elements(bytes, from);
    OwnedArray base = upload(bytes, shape, from);
    OwnedArray view = transposed(base, {1, 0});
    std::vector<ga_scalar_t> expected;
    for (const ga_scalar_t& value : select(values, {50, 40}, {1, 50}, 0))
      expected.push_back(cast_scalar(value, to));
    const std::string where = std::string("transposed astype ") + dtype_name(from) + " -> " + dtype_name(to);
    OwnedArray cast;
    GA_ASSERT_OK(ga_array_astype(view, to, GA_ORDER_C, nullptr, cast.out()));
    EXPECT_EQ(strides_of(cast), (Shape{40, 1})) << where;
    expect_scalars(download_scalars(cast), expected, where);
    // Order K keeps the view's layout (F here), so no transpose happens: a contiguous cast.
    OwnedArray kept;
    GA_ASSERT_OK(ga_array_astype(view, to, GA_ORDER_K, nullptr, kept.out()));
    EXPECT_EQ(strides_of(kept), (Shape{1, 50})) << where;
    expect_scalars(download_scalars(kept), expected, where + " order K");
  }
}

TEST_F(StridedCopies, OneDimensionalStepsAndNegativeStrides) {
  Iota base = make_iota({100}, GA_INT64);
  const struct {
    Shape shape, strides;
    std::int64_t first;
  } views[] = {
      {{34}, {3}, 0},     // a[::3]
      {{33}, {3}, 1},     // a[1::3]
      {{100}, {-1}, 99},  // a[::-1]
      {{34}, {-3}, 99},   // a[::-3]
      {{5}, {-7}, 50},    // a[50:10:-7] ... down to 22
      {{1}, {-1}, 0},     // a[0:1][::-1]
  };
  for (const auto& v : views) {
    OwnedArray view = view_of(base.array, v.shape, v.strides, v.first * 8);
    const std::vector<ga_scalar_t> expected = select(base.values, v.shape, v.strides, v.first);
    const std::string where = "step " + std::to_string(v.strides[0]) + " from " + std::to_string(v.first);
    OwnedArray copy, cast, kept;
    GA_ASSERT_OK(ga_array_copy(view, GA_ORDER_C, nullptr, copy.out()));
    expect_scalars(download_scalars(copy), expected, where);
    GA_ASSERT_OK(ga_array_astype(view, GA_FLOAT32, GA_ORDER_C, nullptr, cast.out()));
    expect_scalars(
        download_scalars(cast),
        [&] {
          std::vector<ga_scalar_t> floats;
          for (const ga_scalar_t& value : expected) floats.push_back(cast_scalar(value, GA_FLOAT32));
          return floats;
        }(),
        where + " as float32");
    // Order K of a negative stride gives positive strides, values in the view's order.
    GA_ASSERT_OK(ga_array_copy(view, GA_ORDER_K, nullptr, kept.out()));
    EXPECT_EQ(strides_of(kept), (Shape{1})) << where;
    expect_scalars(download_scalars(kept), expected, where + " order K");
    // Downloads and single elements of the view itself.
    expect_scalars(download_scalars(view), expected, where + " to_host");
    ga_scalar_t last{};
    const std::int64_t minus_one = -1;
    GA_ASSERT_OK(ga_array_item(view, &minus_one, nullptr, &last));
    EXPECT_TRUE(same_scalar(last, expected.back())) << where << ": " << describe(last);
  }
}

TEST_F(StridedCopies, TwoDimensionalNegativeStridesAndSteps) {
  Iota base = make_iota({6, 8}, GA_FLOAT64);
  const struct {
    Shape shape, strides;
    std::int64_t first;
  } views[] = {
      {{6, 8}, {-8, 1}, 40},   // a[::-1]
      {{6, 8}, {8, -1}, 7},    // a[:, ::-1]
      {{6, 8}, {-8, -1}, 47},  // a[::-1, ::-1]
      {{2, 3}, {16, -3}, 15},  // a[1:5:2, ::-3]
      {{3, 3}, {-2, 16}, 4},   // a[::2, 4::-2].T
      {{8, 6}, {-1, -8}, 47},  // a[::-1, ::-1].T
  };
  for (const auto& v : views) {
    OwnedArray view = view_of(base.array, v.shape, v.strides, v.first * 8);
    const std::vector<ga_scalar_t> expected = select(base.values, v.shape, v.strides, v.first);
    for (ga_order_t order : {GA_ORDER_C, GA_ORDER_F, GA_ORDER_K}) {
      OwnedArray copy;
      GA_ASSERT_OK(ga_array_copy(view, order, nullptr, copy.out()));
      expect_scalars(download_scalars(copy), expected,
                     "2-d view from " + std::to_string(v.first) + " order " + std::to_string(order));
    }
  }
}

TEST_F(StridedCopies, EmptyLikeAndCopyInOrderKFollowTheViewsStrideOrder) {
  Iota base = make_iota({4, 5, 6}, GA_FLOAT32);
  // Axes (2, 0, 1), negative on the middle axis: magnitudes 1, 30, 6 -> compact (1, 30, 6).
  OwnedArray view = view_of(base.array, {6, 4, 5}, {1, -30, 6}, 3 * 30 * 4);
  OwnedArray like, copy;
  GA_ASSERT_OK(ga_array_empty_like(view, GA_DTYPE_SAME, GA_ORDER_K, nullptr, like.out()));
  EXPECT_EQ(strides_of(like), (Shape{1, 30, 6}));
  GA_ASSERT_OK(ga_array_copy(view, GA_ORDER_K, nullptr, copy.out()));
  EXPECT_EQ(strides_of(copy), (Shape{1, 30, 6}));
  expect_scalars(download_scalars(copy), select(base.values, {6, 4, 5}, {1, -30, 6}, 90), "copy order K");
  // A transposed view is F-contiguous: K and A give F.
  OwnedArray transpose = transposed(base.array, {2, 1, 0});
  for (ga_order_t order : {GA_ORDER_K, GA_ORDER_A}) {
    OwnedArray result;
    GA_ASSERT_OK(ga_array_zeros_like(transpose, GA_INT8, order, nullptr, result.out()));
    EXPECT_EQ(strides_of(result), compact_strides({6, 5, 4}, GA_ORDER_F));
  }
}

TEST_F(StridedCopies, BroadcastViewsWithZeroStrides) {
  Iota row = make_iota({5}, GA_INT32);
  OwnedArray repeated = view_of(row.array, {4, 5}, {0, 1}, 0);
  OwnedArray copy;
  GA_ASSERT_OK(ga_array_copy(repeated, GA_ORDER_C, nullptr, copy.out()));
  std::vector<ga_scalar_t> expected;
  for (int r = 0; r < 4; ++r) expected.insert(expected.end(), row.values.begin(), row.values.end());
  expect_scalars(download_scalars(copy), expected, "broadcast rows");
  // A column broadcast across 40 columns, cast: the source's unit stride is along no axis.
  Iota column = make_iota({30}, GA_UINT16);
  OwnedArray columns = view_of(column.array, {30, 40}, {1, 0}, 0);
  OwnedArray cast;
  GA_ASSERT_OK(ga_array_astype(columns, GA_FLOAT64, GA_ORDER_C, nullptr, cast.out()));
  std::vector<ga_scalar_t> expected_columns;
  for (int r = 0; r < 30; ++r) {
    for (int c = 0; c < 40; ++c) expected_columns.push_back(real_scalar(r, GA_FLOAT64));
  }
  expect_scalars(download_scalars(cast), expected_columns, "broadcast columns");
}

TEST_F(StridedCopies, WritesIntoStridedViews) {
  // copy_into a transposed destination view: the base receives the source transposed.
  {
    OwnedArray destination_base;
    GA_ASSERT_OK(ga_array_zeros(2, Shape{5, 6}.data(), GA_INT32, GA_ORDER_C, nullptr, destination_base.out()));
    OwnedArray destination = transposed(destination_base, {1, 0});  // (6, 5)
    Iota source = make_iota({6, 5}, GA_INT32);
    GA_ASSERT_OK(ga_array_copy_into(source.array, destination, nullptr));
    expect_scalars(download_scalars(destination_base), select(source.values, {5, 6}, {1, 5}, 0),
                   "copy_into transposed");
  }
  // copy_into every third element, with a cast, leaves the others alone.
  {
    Iota destination_base = make_iota({30}, GA_FLOAT32);
    OwnedArray destination = view_of(destination_base.array, {10}, {3}, 4);  // a[1::3]
    OwnedArray source = upload_values(real_values({-1, -2, -3, -4, -5, -6, -7, -8, -9, -10}), {10}, GA_INT8);
    GA_ASSERT_OK(ga_array_copy_into(source, destination, nullptr));
    std::vector<ga_scalar_t> expected = destination_base.values;
    for (int i = 0; i < 10; ++i)
      expected[static_cast<std::size_t>(1 + 3 * i)] = real_scalar(-1 - i, GA_FLOAT32);
    expect_scalars(download_scalars(destination_base.array), expected, "copy_into a[1::3]");
  }
  // A broadcast source into a reversed-rows destination view.
  {
    Iota destination_base = make_iota({4, 5}, GA_INT64);
    OwnedArray destination = view_of(destination_base.array, {4, 5}, {-5, 1}, 15 * 8);
    OwnedArray row = upload_values(real_values({10, 20, 30, 40, 50}), {1, 5}, GA_INT64);
    GA_ASSERT_OK(ga_array_copy_into(row, destination, nullptr));
    std::vector<ga_scalar_t> expected;
    for (int r = 0; r < 4; ++r) {
      for (int c = 0; c < 5; ++c) expected.push_back(int_scalar(10 * (c + 1)));
    }
    expect_scalars(download_scalars(destination_base.array), expected, "broadcast into reversed rows");
  }
  // set_from_host into a[1:5:2, ::-3] of a (6, 8) array.
  {
    Iota base = make_iota({6, 8}, GA_FLOAT64);
    OwnedArray view = view_of(base.array, {2, 3}, {16, -3}, 15 * 8);
    const std::vector<double> values{0.5, 1.5, 2.5, 3.5, 4.5, 5.5};
    GA_ASSERT_OK(ga_array_set_from_host(view, values.data(), values.size() * sizeof(double), nullptr, nullptr));
    std::vector<ga_scalar_t> expected = base.values;
    const std::int64_t positions[] = {15, 12, 9, 31, 28, 25};
    for (std::size_t i = 0; i < 6; ++i)
      expected[static_cast<std::size_t>(positions[i])] = real_scalar(values[i]);
    expect_scalars(download_scalars(base.array), expected, "set_from_host into a strided view");
    expect_scalars(download_scalars(view), real_values(values), "the view reads back");
  }
  // fill a stepped 2-d view of a float16 array (the strided fill kernel).
  {
    OwnedArray base;
    GA_ASSERT_OK(ga_array_zeros(2, Shape{6, 8}.data(), GA_FLOAT16, GA_ORDER_C, nullptr, base.out()));
    OwnedArray view = view_of(base, {3, 3}, {16, 3}, 0);  // a[::2, ::3]
    GA_ASSERT_OK(ga_array_fill(view, real_scalar(1.5), nullptr));
    const std::vector<double> values = download_reals(base);
    for (std::size_t r = 0; r < 6; ++r) {
      for (std::size_t c = 0; c < 8; ++c) {
        EXPECT_EQ(values[r * 8 + c], (r % 2 == 0 && c % 3 == 0) ? 1.5 : 0.0) << r << ", " << c;
      }
    }
  }
}

TEST_F(StridedCopies, OverlappingSourceAndDestinationBehaveAsNumPysCopyto) {
  // NumPy: a = np.arange(10); np.copyto(a[1:], a[:-1]) gives [0, 0, 1, ..., 8]; np.copyto(a[:-1],
  // a[1:]) gives [1, 2, ..., 9, 9]: the source is read as it was before the copy.
  for (ga_dtype_t dtype : {GA_INT32, GA_COMPLEX128}) {
    {
      Iota base = make_iota({10}, dtype);
      OwnedArray source = view_of(base.array, {9}, {1}, 0);
      OwnedArray destination = view_of(base.array, {9}, {1}, static_cast<std::int64_t>(itemsize_of(dtype)));
      GA_ASSERT_OK(ga_array_copy_into(source, destination, nullptr));
      expect_scalars(download_scalars(base.array), reals_to(dtype, {0, 0, 1, 2, 3, 4, 5, 6, 7, 8}),
                     std::string("shift right ") + dtype_name(dtype));
    }
    {
      Iota base = make_iota({10}, dtype);
      OwnedArray source = view_of(base.array, {9}, {1}, static_cast<std::int64_t>(itemsize_of(dtype)));
      OwnedArray destination = view_of(base.array, {9}, {1}, 0);
      GA_ASSERT_OK(ga_array_copy_into(source, destination, nullptr));
      expect_scalars(download_scalars(base.array), reals_to(dtype, {1, 2, 3, 4, 5, 6, 7, 8, 9, 9}),
                     std::string("shift left ") + dtype_name(dtype));
    }
  }
  // Reversal in place: np.copyto(a, a[::-1]).
  Iota base = make_iota({10}, GA_FLOAT64);
  OwnedArray reversed = view_of(base.array, {10}, {-1}, 9 * 8);
  GA_ASSERT_OK(ga_array_copy_into(reversed, base.array, nullptr));
  expect_scalars(download_scalars(base.array), reals_to(GA_FLOAT64, {9, 8, 7, 6, 5, 4, 3, 2, 1, 0}),
                 "reverse in place");
  // A transpose in place of a square matrix: np.copyto(m, m.T).
  Iota matrix = make_iota({40, 40}, GA_FLOAT32);
  OwnedArray transpose = transposed(matrix.array, {1, 0});
  GA_ASSERT_OK(ga_array_copy_into(transpose, matrix.array, nullptr));
  expect_scalars(download_scalars(matrix.array), select(matrix.values, {40, 40}, {1, 40}, 0),
                 "transpose in place");
  // A view onto the same elements with the same layout is a no-op.
  Iota same = make_iota({12}, GA_INT16);
  OwnedArray alias = view_of(same.array, {12}, {1}, 0);
  GA_ASSERT_OK(ga_array_copy_into(alias, same.array, nullptr));
  expect_scalars(download_scalars(same.array), same.values, "copy onto itself");
}

TEST_F(StridedCopies, ReadOnlyDestinationsAreRefused) {
  Iota base = make_iota({4, 5}, GA_FLOAT32);
  const garray::Array& array = garray::capi::deref(base.array.get(), "base");
  OwnedArray read_only(garray::capi::make_handle<ga_array_s>(garray::Array(
      array.buffer(), GA_FLOAT32, array.shape(), array.strides(), 0, /*writeable=*/false, true)));
  EXPECT_EQ(flags_of(read_only) & GA_ARRAY_WRITEABLE, 0u);
  Iota source = make_iota({4, 5}, GA_FLOAT32);
  GA_EXPECT_STATUS(ga_array_copy_into(source.array, read_only, nullptr), GA_ERROR_INVALID_ARGUMENT);
  EXPECT_NE(std::string(ga_last_error()).find("read-only"), std::string::npos) << ga_last_error();
  GA_EXPECT_STATUS(ga_array_fill(read_only, real_scalar(1.0), nullptr), GA_ERROR_INVALID_ARGUMENT);
  const std::vector<float> host(20, 3.0f);
  GA_EXPECT_STATUS(ga_array_set_from_host(read_only, host.data(), host.size() * sizeof(float), nullptr, nullptr),
                   GA_ERROR_INVALID_ARGUMENT);
  expect_scalars(download_scalars(base.array), base.values, "the read-only array's data");
  // Reading from it is fine, and so are copies of it, which are writeable.
  OwnedArray copy;
  GA_ASSERT_OK(ga_array_copy(read_only, GA_ORDER_C, nullptr, copy.out()));
  EXPECT_NE(flags_of(copy) & GA_ARRAY_WRITEABLE, 0u);
  expect_scalars(download_scalars(copy), base.values, "copy of a read-only array");
  GA_ASSERT_OK(ga_array_copy_into(read_only, copy, nullptr));
}
