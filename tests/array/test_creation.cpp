// Creating arrays through the public C API (GPU): empty/zeros/ones/full and their _like forms for
// every dtype, sequences (arange, linspace, logspace), eye/identity/tri, meshgrid, and the errors
// of each, after which the out-parameter must be untouched. Expected values are computed on the
// host (ga_scalar_cast for casts) or were produced by NumPy 1.24 where noted.
#include "array_test_support.hpp"
#include "gpu_test.hpp"

#include <cmath>
#include <cstdint>
#include <limits>
#include <string>
#include <vector>

namespace {

using namespace array_test;
using Shape = std::vector<std::int64_t>;

class Creation : public GpuTest {};

const std::vector<Shape>& creation_shapes() {
  static const std::vector<Shape> shapes = {{}, {0}, {1}, {33, 65}, {2, 1, 3, 2, 1, 2, 3}};
  return shapes;
}

std::string context(const char* routine, ga_dtype_t dtype, const Shape& shape, ga_order_t order) {
  std::string text = std::string(routine) + " " + dtype_name(dtype) + " (";
  for (std::int64_t extent : shape) text += std::to_string(extent) + ",";
  return text + ") order " + (order == GA_ORDER_F ? "F" : "C");
}

// A new array of `shape`, `dtype` and `order`: compact strides, NumPy's flags, writeable, owning.
void expect_new_array(ga_array_t array, const Shape& shape, ga_dtype_t dtype, ga_order_t order,
                      const std::string& where) {
  ASSERT_NE(array, nullptr) << where;
  EXPECT_EQ(shape_of(array), shape) << where;
  EXPECT_EQ(dtype_of(array), dtype) << where;
  const std::vector<std::int64_t> strides = compact_strides(shape, order);
  EXPECT_EQ(strides_of(array), strides) << where;
  EXPECT_EQ(flags_of(array), contiguity_flags(shape, strides) | GA_ARRAY_WRITEABLE | GA_ARRAY_OWNDATA)
      << where;
  EXPECT_EQ(size_of(array), element_count(shape)) << where;
  int device = -1;
  EXPECT_EQ(ga_array_device(array, &device), GA_OK);
  EXPECT_EQ(device, 0) << where;
}

void expect_all_equal(ga_array_t array, const ga_scalar_t& expected, const std::string& where) {
  const std::vector<ga_scalar_t> values = download_scalars(array);
  expect_scalars(values, std::vector<ga_scalar_t>(values.size(), expected), where);
}

std::vector<ga_scalar_t> reals_as(const std::vector<double>& values, ga_dtype_t dtype) {
  std::vector<ga_scalar_t> scalars;
  for (double value : values) scalars.push_back(cast_scalar(real_scalar(value), dtype));
  return scalars;
}

std::vector<ga_scalar_t> ints_as(const std::vector<std::int64_t>& values, ga_dtype_t dtype) {
  std::vector<ga_scalar_t> scalars;
  for (std::int64_t value : values) scalars.push_back(cast_scalar(int_scalar(value), dtype));
  return scalars;
}

}  // namespace

// ------------------------------------------------------------------------------------------------
// empty, zeros, ones, full
// ------------------------------------------------------------------------------------------------

TEST_F(Creation, EmptyZerosOnesFullForEveryDtypeShapeAndOrder) {
  const ga_scalar_t fill_value = complex_scalar(-2.5, 0.75);  // cast per dtype; complex keeps both parts
  for (ga_dtype_t dtype : kAllDtypes) {
    for (const Shape& shape : creation_shapes()) {
      for (ga_order_t order : {GA_ORDER_C, GA_ORDER_F}) {
        const int ndim = static_cast<int>(shape.size());
        const int64_t* extents = shape.empty() ? nullptr : shape.data();
        OwnedArray empty, zeros, ones, full;
        GA_ASSERT_OK(ga_array_empty(ndim, extents, dtype, order, nullptr, empty.out()));
        expect_new_array(empty, shape, dtype, order, context("empty", dtype, shape, order));
        GA_ASSERT_OK(ga_array_zeros(ndim, extents, dtype, order, nullptr, zeros.out()));
        expect_new_array(zeros, shape, dtype, order, context("zeros", dtype, shape, order));
        expect_all_equal(zeros, cast_scalar(int_scalar(0), dtype), context("zeros", dtype, shape, order));
        GA_ASSERT_OK(ga_array_ones(ndim, extents, dtype, order, nullptr, ones.out()));
        expect_new_array(ones, shape, dtype, order, context("ones", dtype, shape, order));
        expect_all_equal(ones, cast_scalar(int_scalar(1), dtype), context("ones", dtype, shape, order));
        GA_ASSERT_OK(ga_array_full(ndim, extents, fill_value, dtype, order, nullptr, full.out()));
        expect_new_array(full, shape, dtype, order, context("full", dtype, shape, order));
        expect_all_equal(full, cast_scalar(fill_value, dtype), context("full", dtype, shape, order));
      }
    }
  }
}

TEST_F(Creation, ZerosAreAllZeroBitsAndOnesOfComplexHaveZeroImaginaryPart) {
  OwnedArray zeros;
  const Shape shape{7, 3};
  GA_ASSERT_OK(ga_array_zeros(2, shape.data(), GA_COMPLEX128, GA_ORDER_F, nullptr, zeros.out()));
  for (unsigned char byte : download(zeros)) EXPECT_EQ(byte, 0);
  OwnedArray ones;
  GA_ASSERT_OK(ga_array_ones(2, shape.data(), GA_COMPLEX64, GA_ORDER_C, nullptr, ones.out()));
  expect_all_equal(ones, complex_scalar(1.0, 0.0, GA_COMPLEX64), "ones complex64");
}

TEST_F(Creation, FullCastsTheValueAsAstypeDoes) {
  // Every boundary value (NaN, infinities, saturation bounds, rounding ties, ...) stored into
  // every dtype, as ga_scalar_cast casts it: float -> int truncates and saturates, NaN -> 0,
  // int -> int wraps, -> bool is != 0, complex -> real keeps the real part.
  const Shape shape{5};
  for (ga_dtype_t dtype : kAllDtypes) {
    for (const ga_scalar_t& value : boundary_values()) {
      OwnedArray array;
      GA_ASSERT_OK(ga_array_full(1, shape.data(), value, dtype, GA_ORDER_C, nullptr, array.out()));
      expect_all_equal(array, cast_scalar(value, dtype),
                       std::string("full ") + describe(value) + " as " + dtype_name(dtype));
    }
  }
  // A few of the documented rules spelled out.
  const struct {
    ga_scalar_t value;
    ga_dtype_t dtype;
    ga_scalar_t expected;
  } cases[] = {
      {real_scalar(-1.7), GA_UINT8, uint_scalar(0, GA_UINT8)},
      {int_scalar(300), GA_UINT8, uint_scalar(44, GA_UINT8)},
      {real_scalar(std::nan("")), GA_INT32, int_scalar(0, GA_INT32)},
      {real_scalar(1e10), GA_INT32, int_scalar(2147483647, GA_INT32)},
      {complex_scalar(2.5, 3.0), GA_FLOAT32, real_scalar(2.5, GA_FLOAT32)},
      {real_scalar(1e5), GA_FLOAT16, real_scalar(INFINITY, GA_FLOAT16)},
      {bool_scalar(true), GA_COMPLEX64, complex_scalar(1.0, 0.0, GA_COMPLEX64)},
      {real_scalar(0.25), GA_BOOL, bool_scalar(true)},
  };
  for (const auto& c : cases) {
    OwnedArray array;
    GA_ASSERT_OK(ga_array_full(1, shape.data(), c.value, c.dtype, GA_ORDER_F, nullptr, array.out()));
    expect_all_equal(array, c.expected, "full " + describe(c.value));
  }
}

TEST_F(Creation, LikeFunctionsKeepOrOverrideTheDtypeAndFollowTheOrder) {
  const Shape shape{3, 4, 5};
  OwnedArray c_prototype, f_prototype;
  GA_ASSERT_OK(ga_array_zeros(3, shape.data(), GA_FLOAT32, GA_ORDER_C, nullptr, c_prototype.out()));
  GA_ASSERT_OK(ga_array_zeros(3, shape.data(), GA_FLOAT32, GA_ORDER_F, nullptr, f_prototype.out()));
  const struct {
    ga_array_t prototype;
    ga_order_t order;
    ga_order_t expected;
  } orders[] = {
      {c_prototype, GA_ORDER_C, GA_ORDER_C}, {c_prototype, GA_ORDER_F, GA_ORDER_F},
      {c_prototype, GA_ORDER_A, GA_ORDER_C}, {c_prototype, GA_ORDER_K, GA_ORDER_C},
      {f_prototype, GA_ORDER_C, GA_ORDER_C}, {f_prototype, GA_ORDER_F, GA_ORDER_F},
      {f_prototype, GA_ORDER_A, GA_ORDER_F}, {f_prototype, GA_ORDER_K, GA_ORDER_F},
  };
  for (const auto& o : orders) {
    for (ga_dtype_t dtype : {GA_DTYPE_SAME, GA_INT16, GA_COMPLEX128}) {
      const ga_dtype_t expected_dtype = dtype == GA_DTYPE_SAME ? GA_FLOAT32 : dtype;
      const std::string where =
          std::string("order ") + std::to_string(o.order) + " dtype " + dtype_name(expected_dtype);
      OwnedArray empty, zeros, ones, full;
      GA_ASSERT_OK(ga_array_empty_like(o.prototype, dtype, o.order, nullptr, empty.out()));
      expect_new_array(empty, shape, expected_dtype, o.expected, "empty_like " + where);
      GA_ASSERT_OK(ga_array_zeros_like(o.prototype, dtype, o.order, nullptr, zeros.out()));
      expect_new_array(zeros, shape, expected_dtype, o.expected, "zeros_like " + where);
      expect_all_equal(zeros, cast_scalar(int_scalar(0), expected_dtype), "zeros_like " + where);
      GA_ASSERT_OK(ga_array_ones_like(o.prototype, dtype, o.order, nullptr, ones.out()));
      expect_new_array(ones, shape, expected_dtype, o.expected, "ones_like " + where);
      expect_all_equal(ones, cast_scalar(int_scalar(1), expected_dtype), "ones_like " + where);
      const ga_scalar_t value = real_scalar(-7.75);
      GA_ASSERT_OK(ga_array_full_like(o.prototype, value, dtype, o.order, nullptr, full.out()));
      expect_new_array(full, shape, expected_dtype, o.expected, "full_like " + where);
      expect_all_equal(full, cast_scalar(value, expected_dtype), "full_like " + where);
    }
  }
}

TEST_F(Creation, LikeFunctionsOfZeroDimensionalAndEmptyPrototypes) {
  OwnedArray scalar, empty;
  GA_ASSERT_OK(ga_array_zeros(0, nullptr, GA_INT8, GA_ORDER_C, nullptr, scalar.out()));
  const Shape empty_shape{4, 0};
  GA_ASSERT_OK(ga_array_zeros(2, empty_shape.data(), GA_FLOAT64, GA_ORDER_F, nullptr, empty.out()));
  for (ga_order_t order : {GA_ORDER_C, GA_ORDER_F, GA_ORDER_A, GA_ORDER_K}) {
    OwnedArray like_scalar, like_empty;
    GA_ASSERT_OK(ga_array_full_like(scalar, int_scalar(-3), GA_DTYPE_SAME, order, nullptr, like_scalar.out()));
    EXPECT_TRUE(shape_of(like_scalar).empty());
    expect_all_equal(like_scalar, int_scalar(-3, GA_INT8), "full_like 0-d");
    GA_ASSERT_OK(ga_array_ones_like(empty, GA_BOOL, order, nullptr, like_empty.out()));
    EXPECT_EQ(shape_of(like_empty), empty_shape);
    EXPECT_EQ(size_of(like_empty), 0);
    EXPECT_EQ(flags_of(like_empty) & kContiguityFlags, kContiguityFlags);
  }
}

// ------------------------------------------------------------------------------------------------
// arange
// ------------------------------------------------------------------------------------------------

TEST_F(Creation, ArangeOfIntegers) {
  const struct {
    std::int64_t start, stop, step;
    std::vector<std::int64_t> expected;
  } cases[] = {
      {0, 10, 3, {0, 3, 6, 9}},
      {10, 0, -3, {10, 7, 4, 1}},
      {-5, 5, 4, {-5, -1, 3}},
      {0, 1, 1, {0}},
      {5, 5, 1, {}},
      {5, 0, 1, {}},
      {0, 5, -1, {}},
  };
  for (const auto& c : cases) {
    for (ga_dtype_t dtype : {GA_INT64, GA_INT8, GA_INT32, GA_UINT16, GA_FLOAT64, GA_FLOAT32, GA_FLOAT16}) {
      OwnedArray array;
      GA_ASSERT_OK(
          ga_array_arange(int_scalar(c.start), int_scalar(c.stop), int_scalar(c.step), dtype, nullptr, array.out()));
      const std::string where = "arange(" + std::to_string(c.start) + ", " + std::to_string(c.stop) + ", " +
                                std::to_string(c.step) + ") " + dtype_name(dtype);
      EXPECT_EQ(shape_of(array), (Shape{static_cast<std::int64_t>(c.expected.size())})) << where;
      EXPECT_EQ(dtype_of(array), dtype) << where;
      expect_scalars(download_scalars(array), ints_as(c.expected, dtype), where);
    }
  }
}

TEST_F(Creation, ArangeOfLargeIntegersIsExact) {
  // NumPy: np.arange(2**62, 2**62 + 10 * 3**30, 3**30, dtype=np.int64) starts with
  // 4611686018427387904, 4611891909559482553 and ends with 4613539038616239745.
  const std::int64_t start = std::int64_t{1} << 62;
  const std::int64_t step = 205891132094649;  // 3^30
  OwnedArray array;
  GA_ASSERT_OK(ga_array_arange(int_scalar(start), int_scalar(start + 10 * step), int_scalar(step), GA_INT64, nullptr,
                               array.out()));
  const std::vector<ga_scalar_t> values = download_scalars(array);
  ASSERT_EQ(values.size(), 10u);
  EXPECT_EQ(values[1].as_int, 4611891909559482553LL);
  EXPECT_EQ(values[9].as_int, 4613539038616239745LL);
  for (std::size_t i = 0; i < values.size(); ++i)
    EXPECT_EQ(values[i].as_int, start + static_cast<std::int64_t>(i) * step) << i;

  // The length comes from exact 128-bit arithmetic: the full int64 range with a huge step.
  OwnedArray wide;
  GA_ASSERT_OK(ga_array_arange(int_scalar(std::numeric_limits<std::int64_t>::min()),
                               int_scalar(std::numeric_limits<std::int64_t>::max()),
                               int_scalar(std::int64_t{1} << 62), GA_INT64, nullptr, wide.out()));
  expect_scalars(
      download_scalars(wide),
      ints_as({std::numeric_limits<std::int64_t>::min(), -(std::int64_t{1} << 62), 0, std::int64_t{1} << 62},
              GA_INT64),
      "arange over the int64 range");

  // Unsigned scalars past 2^63.
  OwnedArray unsigned_array;
  const std::uint64_t big = (std::uint64_t{1} << 63) + 1;
  GA_ASSERT_OK(ga_array_arange(uint_scalar(big), uint_scalar(big + 5), uint_scalar(2), GA_UINT64, nullptr,
                               unsigned_array.out()));
  const std::vector<ga_scalar_t> unsigned_values = download_scalars(unsigned_array);
  ASSERT_EQ(unsigned_values.size(), 3u);
  for (std::size_t i = 0; i < 3; ++i) EXPECT_EQ(unsigned_values[i].as_uint, big + 2 * i) << i;
}

TEST_F(Creation, ArangeOfFloatsMatchesNumPyExactly) {
  // NumPy 1.24's values as hexadecimal floats; arange stores start and start + step, then
  // first + i * delta with a separate multiply and add. Compared exactly (bit for bit).
  const std::vector<double> f32_tenths = {0x0.0p+0,      0x1.99999ap-4, 0x1.99999ap-3, 0x1.333334p-2,
                                          0x1.99999ap-2, 0x1.0p-1,      0x1.333334p-1, 0x1.666666p-1,
                                          0x1.99999ap-1, 0x1.cccccep-1};
  const std::vector<double> f64_tenths = {
      0x0.0p+0, 0x1.999999999999ap-4, 0x1.999999999999ap-3, 0x1.3333333333334p-2, 0x1.999999999999ap-2,
      0x1.0p-1, 0x1.3333333333334p-1, 0x1.6666666666667p-1, 0x1.999999999999ap-1, 0x1.ccccccccccccdp-1};
  const std::vector<double> f32_offset = {
      -0x1.8p+0,     -0x1.333334p+0, -0x1.ccccdp-1, -0x1.333338p-1, -0x1.33334p-2, -0x1.0p-22,   0x1.33332p-2,
      0x1.333328p-1, 0x1.ccccc0p-1,  0x1.33332cp+0, 0x1.7ffff8p+0,  0x1.ccccc4p+0, 0x1.0cccc8p+1};
  const std::vector<double> f64_offset = {-0x1.8p+0,
                                          -0x1.3333333333333p+0,
                                          -0x1.cccccccccccccp-1,
                                          -0x1.3333333333332p-1,
                                          -0x1.3333333333330p-2,
                                          0x1.0p-52,
                                          0x1.3333333333338p-2,
                                          0x1.3333333333338p-1,
                                          0x1.cccccccccccd0p-1,
                                          0x1.3333333333334p+0,
                                          0x1.8000000000002p+0,
                                          0x1.cccccccccccd0p+0,
                                          0x1.0cccccccccccep+1};
  const struct {
    double start, stop, step;
    ga_dtype_t dtype;
    const std::vector<double>& expected;
  } cases[] = {
      {0.0, 1.0, 0.1, GA_FLOAT32, f32_tenths},
      {0.0, 1.0, 0.1, GA_FLOAT64, f64_tenths},
      {-1.5, 2.2, 0.3, GA_FLOAT32, f32_offset},
      {-1.5, 2.2, 0.3, GA_FLOAT64, f64_offset},
  };
  for (const auto& c : cases) {
    OwnedArray array;
    GA_ASSERT_OK(ga_array_arange(real_scalar(c.start), real_scalar(c.stop), real_scalar(c.step), c.dtype, nullptr,
                                 array.out()));
    expect_scalars(download_scalars(array), reals_as(c.expected, c.dtype),
                   std::string("arange(") + std::to_string(c.start) + ", " + std::to_string(c.stop) + ", " +
                       std::to_string(c.step) + ") " + dtype_name(c.dtype));
  }
}

TEST_F(Creation, ArangeOfFloat16MatchesNumPyBits) {
  // NumPy 1.24: np.arange(start, stop, step, dtype=np.float16).view(np.uint16).
  const struct {
    double start, stop, step;
    std::vector<std::uint16_t> bits;
  } cases[] = {
      {0.0, 1.0, 0.1, {0x0000, 0x2E66, 0x3266, 0x34CC, 0x3666, 0x3800, 0x38CC, 0x3999, 0x3A66, 0x3B33}},
      {-1.5,
       2.2,
       0.3,
       {0xBE00, 0xBCCD, 0xBB34, 0xB8CE, 0xB4D0, 0x9400, 0x34C8, 0x38CA, 0x3B30, 0x3CCB, 0x3DFE, 0x3F31,
        0x4032}},
  };
  for (const auto& c : cases) {
    OwnedArray array;
    GA_ASSERT_OK(ga_array_arange(real_scalar(c.start), real_scalar(c.stop), real_scalar(c.step), GA_FLOAT16, nullptr,
                                 array.out()));
    const std::vector<unsigned char> bytes = download(array);
    ASSERT_EQ(bytes.size(), 2 * c.bits.size());
    for (std::size_t i = 0; i < c.bits.size(); ++i) {
      EXPECT_EQ(load<std::uint16_t>(&bytes[2 * i]), c.bits[i])
          << "float16 arange(" << c.start << ") element " << i;
    }
  }
}

TEST_F(Creation, ArangeOfBoolAllowsAtMostTwoElements) {
  OwnedArray two, one;
  GA_ASSERT_OK(ga_array_arange(int_scalar(0), int_scalar(2), int_scalar(1), GA_BOOL, nullptr, two.out()));
  expect_scalars(download_scalars(two), {bool_scalar(false), bool_scalar(true)}, "arange(0, 2) bool");
  GA_ASSERT_OK(ga_array_arange(int_scalar(1), int_scalar(-1), int_scalar(-1), GA_BOOL, nullptr, one.out()));
  expect_scalars(download_scalars(one), {bool_scalar(true), bool_scalar(false)}, "arange(1, -1, -1) bool");
  ga_array_t out = untouched_marker();
  GA_EXPECT_STATUS(ga_array_arange(int_scalar(0), int_scalar(3), int_scalar(1), GA_BOOL, nullptr, &out),
                   GA_ERROR_DTYPE);
  EXPECT_EQ(out, untouched_marker());
}

TEST_F(Creation, ArangeErrors) {
  ga_array_t out = untouched_marker();
  GA_EXPECT_STATUS(ga_array_arange(int_scalar(0), int_scalar(3), int_scalar(1), GA_COMPLEX64, nullptr, &out),
                   GA_ERROR_UNSUPPORTED);
  GA_EXPECT_STATUS(ga_array_arange(real_scalar(0), real_scalar(3), real_scalar(1), GA_COMPLEX128, nullptr, &out),
                   GA_ERROR_UNSUPPORTED);
  GA_EXPECT_STATUS(ga_array_arange(int_scalar(0), int_scalar(3), int_scalar(0), GA_INT32, nullptr, &out),
                   GA_ERROR_INVALID_ARGUMENT);
  GA_EXPECT_STATUS(ga_array_arange(real_scalar(0), real_scalar(3), real_scalar(0.0), GA_FLOAT32, nullptr, &out),
                   GA_ERROR_INVALID_ARGUMENT);
  GA_EXPECT_STATUS(ga_array_arange(real_scalar(0), real_scalar(INFINITY), real_scalar(1.0), GA_FLOAT32, nullptr, &out),
                   GA_ERROR_INVALID_ARGUMENT);
  GA_EXPECT_STATUS(
      ga_array_arange(real_scalar(0), real_scalar(std::nan("")), real_scalar(1.0), GA_FLOAT64, nullptr, &out),
      GA_ERROR_INVALID_ARGUMENT);
  GA_EXPECT_STATUS(ga_array_arange(int_scalar(0), int_scalar(3), int_scalar(1),
                                   static_cast<ga_dtype_t>(GA_DTYPE_COUNT), nullptr, &out),
                   GA_ERROR_DTYPE);
  GA_EXPECT_STATUS(ga_array_arange(real_scalar(0, static_cast<ga_dtype_t>(99)), int_scalar(3), int_scalar(1),
                                   GA_INT32, nullptr, &out),
                   GA_ERROR_DTYPE);
  EXPECT_EQ(out, untouched_marker());
  GA_EXPECT_STATUS(ga_array_arange(int_scalar(0), int_scalar(3), int_scalar(1), GA_INT32, nullptr, nullptr),
                   GA_ERROR_INVALID_ARGUMENT);
}

// ------------------------------------------------------------------------------------------------
// linspace, logspace
// ------------------------------------------------------------------------------------------------

namespace {

// NumPy's linspace: i * step + start in float64, two roundings, the last value exactly stop when
// `endpoint`; integer dtypes floor (NumPy 2), then the cast.
std::vector<double> linspace_reference(double start, double stop, std::int64_t num, bool endpoint) {
  const std::int64_t divisions = endpoint ? num - 1 : num;
  const double step = (stop - start) / static_cast<double>(divisions);
  std::vector<double> values;
  for (std::int64_t i = 0; i < num; ++i) {
    const double product = static_cast<double>(i) * (divisions > 0 ? step : 0.0);
    values.push_back(product + start);
  }
  if (endpoint && num > 1) values.back() = stop;
  return values;
}

}  // namespace

TEST_F(Creation, LinspaceMatchesNumPy) {
  for (bool endpoint : {true, false}) {
    OwnedArray array;
    double step = 0;
    GA_ASSERT_OK(ga_array_linspace(-1.3, 2.7, 50, endpoint, GA_FLOAT64, nullptr, array.out(), &step));
    EXPECT_EQ(shape_of(array), (Shape{50}));
    EXPECT_EQ(step, (2.7 - -1.3) / (endpoint ? 49 : 50));
    const std::vector<double> values = download_reals(array);
    // NumPy 1.24: np.linspace(-1.3, 2.7, 50, endpoint=...) at indices 0, 7, 13, 48, 49.
    const std::vector<double> numpy =
        endpoint ? std::vector<double>{-0x1.4cccccccccccdp+0, -0x1.7507507507508p-1, -0x1.e903227b4c478p-3,
                                       0x1.4f26a94602170p+1, 0x1.599999999999ap+1}
                 : std::vector<double>{-0x1.4cccccccccccdp+0, -0x1.7ae147ae147aep-1, -0x1.0a3d70a3d70a4p-2,
                                       0x1.451eb851eb852p+1, 0x1.4f5c28f5c28f6p+1};
    const std::size_t indices[] = {0, 7, 13, 48, 49};
    for (std::size_t k = 0; k < 5; ++k) EXPECT_EQ(values[indices[k]], numpy[k]) << "index " << indices[k];
    // Every value, bit for bit: an FMA would differ from NumPy at 25 of these indices.
    expect_scalars(download_scalars(array), reals_as(linspace_reference(-1.3, 2.7, 50, endpoint), GA_FLOAT64),
                   endpoint ? "linspace endpoint" : "linspace no endpoint");
  }
}

TEST_F(Creation, LinspaceOfFewValuesAndItsStep) {
  const double nan = std::numeric_limits<double>::quiet_NaN();
  // NumPy: linspace(2, 5, num, endpoint, retstep=True).
  const struct {
    std::int64_t num;
    bool endpoint;
    std::vector<double> values;
    double step;
  } cases[] = {
      {0, true, {}, nan},
      {0, false, {}, nan},
      {1, true, {2.0}, nan},
      {1, false, {2.0}, 3.0},
      {2, true, {2.0, 5.0}, 3.0},
      {2, false, {2.0, 3.5}, 1.5},
      {4, true, {2.0, 3.0, 4.0, 5.0}, 1.0},
  };
  for (const auto& c : cases) {
    OwnedArray array;
    double step = 12345;
    GA_ASSERT_OK(ga_array_linspace(2.0, 5.0, c.num, c.endpoint, GA_FLOAT64, nullptr, array.out(), &step));
    const std::string where = "linspace num " + std::to_string(c.num) + (c.endpoint ? " endpoint" : "");
    EXPECT_EQ(shape_of(array), (Shape{c.num})) << where;
    EXPECT_TRUE(same_real(step, c.step)) << where << ": step " << step;
    expect_scalars(download_scalars(array), reals_as(c.values, GA_FLOAT64), where);
    OwnedArray without_step;
    GA_ASSERT_OK(ga_array_linspace(2.0, 5.0, c.num, c.endpoint, GA_FLOAT32, nullptr, without_step.out(), nullptr));
    expect_scalars(download_scalars(without_step), reals_as(c.values, GA_FLOAT32), where + " float32");
  }
  // start == stop: every value is start.
  OwnedArray same;
  GA_ASSERT_OK(ga_array_linspace(1.25, 1.25, 5, true, GA_FLOAT64, nullptr, same.out(), nullptr));
  expect_scalars(download_scalars(same), reals_as({1.25, 1.25, 1.25, 1.25, 1.25}, GA_FLOAT64),
                 "linspace start == stop");
}

TEST_F(Creation, LinspaceCastsToEveryRealDtypeAndFloorsForIntegers) {
  const std::vector<double> reference = linspace_reference(-3.7, 1000.3, 37, true);
  for (ga_dtype_t dtype : kAllDtypes) {
    if (kind_of(dtype) == GA_KIND_COMPLEX) continue;
    OwnedArray array;
    GA_ASSERT_OK(ga_array_linspace(-3.7, 1000.3, 37, true, dtype, nullptr, array.out(), nullptr));
    std::vector<ga_scalar_t> expected;
    for (double value : reference)
      expected.push_back(cast_scalar(real_scalar(is_integer(dtype) ? std::floor(value) : value), dtype));
    expect_scalars(download_scalars(array), expected, std::string("linspace as ") + dtype_name(dtype));
  }
  // NumPy 2 floors, so negative values round down: -1.5 -> -2, not -1.
  OwnedArray floored;
  GA_ASSERT_OK(ga_array_linspace(-3.0, 3.0, 5, true, GA_INT32, nullptr, floored.out(), nullptr));
  expect_scalars(download_scalars(floored), ints_as({-3, -2, 0, 1, 3}, GA_INT32), "linspace(-3, 3, 5) int32");
  OwnedArray halves;
  GA_ASSERT_OK(ga_array_linspace(-2.5, 2.5, 6, true, GA_INT64, nullptr, halves.out(), nullptr));
  expect_scalars(download_scalars(halves), ints_as({-3, -2, -1, 0, 1, 2}, GA_INT64),
                 "linspace(-2.5, 2.5, 6) int64");
}

TEST_F(Creation, LinspaceErrors) {
  ga_array_t out = untouched_marker();
  double step = 7.0;
  GA_EXPECT_STATUS(ga_array_linspace(0, 1, 5, true, GA_COMPLEX64, nullptr, &out, &step), GA_ERROR_UNSUPPORTED);
  GA_EXPECT_STATUS(ga_array_linspace(0, 1, -1, true, GA_FLOAT64, nullptr, &out, &step), GA_ERROR_INVALID_ARGUMENT);
  GA_EXPECT_STATUS(ga_array_linspace(0, 1, 5, true, static_cast<ga_dtype_t>(-2), nullptr, &out, &step),
                   GA_ERROR_DTYPE);
  GA_EXPECT_STATUS(ga_array_linspace(0, 1, 5, true, GA_FLOAT64, nullptr, nullptr, &step), GA_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(out, untouched_marker());
  EXPECT_EQ(step, 7.0);
  GA_EXPECT_STATUS(ga_array_logspace(0, 1, 5, true, 10.0, GA_COMPLEX128, nullptr, &out), GA_ERROR_UNSUPPORTED);
  GA_EXPECT_STATUS(ga_array_logspace(0, 1, -3, true, 10.0, GA_FLOAT64, nullptr, &out), GA_ERROR_INVALID_ARGUMENT);
  GA_EXPECT_STATUS(ga_array_logspace(0, 1, 5, true, 10.0, GA_FLOAT64, nullptr, nullptr), GA_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(out, untouched_marker());
}

TEST_F(Creation, LogspaceOfBaseTenAndTwo) {
  // NumPy: np.logspace(0, 3, 4) == [1, 10, 100, 1000]; np.logspace(0, 10, 11, base=2) == 2**i.
  // Exact powers must come out exact, also through the truncating cast to integers.
  for (ga_dtype_t dtype : {GA_FLOAT64, GA_FLOAT32, GA_INT32, GA_UINT16, GA_INT64}) {
    OwnedArray tens, twos;
    GA_ASSERT_OK(ga_array_logspace(0, 3, 4, true, 10.0, dtype, nullptr, tens.out()));
    expect_scalars(download_scalars(tens), ints_as({1, 10, 100, 1000}, dtype),
                   std::string("logspace base 10 ") + dtype_name(dtype));
    GA_ASSERT_OK(ga_array_logspace(0, 10, 11, true, 2.0, dtype, nullptr, twos.out()));
    std::vector<std::int64_t> powers;
    for (int i = 0; i <= 10; ++i) powers.push_back(std::int64_t{1} << i);
    expect_scalars(download_scalars(twos), ints_as(powers, dtype),
                   std::string("logspace base 2 ") + dtype_name(dtype));
  }
}

TEST_F(Creation, LogspaceIsPowOfLinspaceWithinTwoUlps) {
  // NumPy: np.logspace(-1, 2, 7, endpoint=False, dtype=np.float32) starts 0.1, 0.26826957, 0.7196857.
  for (bool endpoint : {true, false}) {
    const std::vector<double> exponents = linspace_reference(-1.0, 2.0, 7, endpoint);
    OwnedArray f64, f32;
    GA_ASSERT_OK(ga_array_logspace(-1.0, 2.0, 7, endpoint, 10.0, GA_FLOAT64, nullptr, f64.out()));
    GA_ASSERT_OK(ga_array_logspace(-1.0, 2.0, 7, endpoint, 10.0, GA_FLOAT32, nullptr, f32.out()));
    const std::vector<double> wide = download_reals(f64);
    const std::vector<double> narrow = download_reals(f32);
    ASSERT_EQ(wide.size(), 7u);
    ASSERT_EQ(narrow.size(), 7u);
    for (std::size_t i = 0; i < 7; ++i) {
      const double expected = std::pow(10.0, exponents[i]);
      // CUDA's pow is within 2 ulps of the exact result (CUDA C Programming Guide, Table 14).
      // Against glibc's correctly rounded pow that allows 2.5 ulps; 3 keeps clear of the edge.
      EXPECT_NEAR(wide[i], expected,
                  3 * std::ldexp(std::numeric_limits<double>::epsilon(), std::ilogb(expected)))
          << "float64 element " << i;
      EXPECT_NEAR(
          narrow[i], static_cast<float>(expected),
          std::ldexp(static_cast<double>(std::numeric_limits<float>::epsilon()), std::ilogb(expected)))
          << "float32 element " << i;
    }
    if (!endpoint) {
      EXPECT_FLOAT_EQ(static_cast<float>(narrow[1]), 0.26826957f);
      EXPECT_FLOAT_EQ(static_cast<float>(narrow[2]), 0.7196857f);
    }
  }
}

// ------------------------------------------------------------------------------------------------
// eye, identity, tri
// ------------------------------------------------------------------------------------------------

TEST_F(Creation, EyeWithDiagonalOffsetsShapesAndOrders) {
  const struct {
    std::int64_t rows, columns, k;
  } cases[] = {{4, 4, 0}, {4, 5, 2},  {5, 4, -3}, {3, 7, 0}, {7, 3, 0}, {4, 6, 1},
               {3, 3, 5}, {3, 3, -3}, {0, 3, 0},  {3, 0, 0}, {1, 1, 0}, {40, 33, -7}};
  for (const auto& c : cases) {
    for (ga_order_t order : {GA_ORDER_C, GA_ORDER_F}) {
      for (ga_dtype_t dtype : {GA_FLOAT32, GA_INT8, GA_BOOL, GA_COMPLEX64, GA_FLOAT16, GA_UINT64}) {
        OwnedArray array;
        GA_ASSERT_OK(ga_array_eye(c.rows, c.columns, c.k, dtype, order, nullptr, array.out()));
        const std::string where = "eye(" + std::to_string(c.rows) + ", " + std::to_string(c.columns) +
                                  ", k=" + std::to_string(c.k) + ") " + dtype_name(dtype) +
                                  (order == GA_ORDER_F ? " F" : " C");
        expect_new_array(array, Shape{c.rows, c.columns}, dtype, order, where);
        std::vector<ga_scalar_t> expected;
        for (std::int64_t r = 0; r < c.rows; ++r) {
          for (std::int64_t col = 0; col < c.columns; ++col) {
            expected.push_back(cast_scalar(int_scalar(col - r == c.k ? 1 : 0), dtype));
          }
        }
        expect_scalars(download_scalars(array), expected, where);
      }
    }
  }
}

TEST_F(Creation, Identity) {
  for (std::int64_t n : {0, 1, 5, 64}) {
    OwnedArray array;
    GA_ASSERT_OK(ga_array_identity(n, GA_FLOAT64, nullptr, array.out()));
    expect_new_array(array, Shape{n, n}, GA_FLOAT64, GA_ORDER_C, "identity " + std::to_string(n));
    const std::vector<double> values = download_reals(array);
    for (std::int64_t r = 0; r < n; ++r) {
      for (std::int64_t c = 0; c < n; ++c) EXPECT_EQ(values[r * n + c], r == c ? 1.0 : 0.0) << r << ", " << c;
    }
  }
}

TEST_F(Creation, TriHasOnesAtAndBelowDiagonalK) {
  // NumPy's tri(N, M, k): m[i, j] = j <= i + k.
  const struct {
    std::int64_t rows, columns, k;
  } cases[] = {{4, 5, 0},   {4, 5, -1}, {3, 3, 2}, {5, 2, 1},  {6, 6, -6},
               {2, 9, 100}, {0, 3, 0},  {3, 0, 0}, {70, 33, 3}};
  for (const auto& c : cases) {
    for (ga_dtype_t dtype :
         {GA_INT32, GA_BOOL, GA_FLOAT16, GA_BFLOAT16, GA_COMPLEX128, GA_FLOAT64, GA_UINT8}) {
      OwnedArray array;
      GA_ASSERT_OK(ga_array_tri(c.rows, c.columns, c.k, dtype, nullptr, array.out()));
      const std::string where = "tri(" + std::to_string(c.rows) + ", " + std::to_string(c.columns) +
                                ", k=" + std::to_string(c.k) + ") " + dtype_name(dtype);
      expect_new_array(array, Shape{c.rows, c.columns}, dtype, GA_ORDER_C, where);
      std::vector<ga_scalar_t> expected;
      for (std::int64_t r = 0; r < c.rows; ++r) {
        for (std::int64_t col = 0; col < c.columns; ++col)
          expected.push_back(cast_scalar(int_scalar(col <= r + c.k), dtype));
      }
      expect_scalars(download_scalars(array), expected, where);
    }
  }
}

TEST_F(Creation, EyeAndTriErrors) {
  ga_array_t out = untouched_marker();
  GA_EXPECT_STATUS(ga_array_eye(-1, 3, 0, GA_FLOAT32, GA_ORDER_C, nullptr, &out), GA_ERROR_INVALID_ARGUMENT);
  GA_EXPECT_STATUS(ga_array_eye(3, -1, 0, GA_FLOAT32, GA_ORDER_C, nullptr, &out), GA_ERROR_INVALID_ARGUMENT);
  GA_EXPECT_STATUS(ga_array_eye(3, 3, 0, GA_FLOAT32, GA_ORDER_K, nullptr, &out), GA_ERROR_INVALID_ARGUMENT);
  GA_EXPECT_STATUS(ga_array_eye(3, 3, 0, static_cast<ga_dtype_t>(GA_DTYPE_COUNT), GA_ORDER_C, nullptr, &out),
                   GA_ERROR_DTYPE);
  GA_EXPECT_STATUS(ga_array_eye(3, 3, 0, GA_FLOAT32, GA_ORDER_C, nullptr, nullptr), GA_ERROR_INVALID_ARGUMENT);
  GA_EXPECT_STATUS(ga_array_identity(-2, GA_FLOAT32, nullptr, &out), GA_ERROR_INVALID_ARGUMENT);
  GA_EXPECT_STATUS(ga_array_identity(2, static_cast<ga_dtype_t>(-1), nullptr, &out), GA_ERROR_DTYPE);
  GA_EXPECT_STATUS(ga_array_tri(-1, 2, 0, GA_FLOAT32, nullptr, &out), GA_ERROR_INVALID_ARGUMENT);
  GA_EXPECT_STATUS(ga_array_tri(2, -1, 0, GA_FLOAT32, nullptr, &out), GA_ERROR_INVALID_ARGUMENT);
  GA_EXPECT_STATUS(ga_array_tri(2, 2, 0, static_cast<ga_dtype_t>(77), nullptr, &out), GA_ERROR_DTYPE);
  GA_EXPECT_STATUS(ga_array_tri(2, 2, 0, GA_FLOAT32, nullptr, nullptr), GA_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(out, untouched_marker());
}

// ------------------------------------------------------------------------------------------------
// meshgrid
// ------------------------------------------------------------------------------------------------

TEST_F(Creation, MeshgridOfTwoVectors) {
  const OwnedArray x = upload_values(real_values({1.5, 2.5, 3.5}), Shape{3}, GA_FLOAT64);
  const OwnedArray y = upload_values(real_values({10, 20}), Shape{2}, GA_INT32);
  const ga_array_t vectors[] = {x, y};
  // xy (NumPy's default): both grids are (len(y), len(x)); X[i, j] = x[j], Y[i, j] = y[i].
  ga_array_t grids[2] = {nullptr, nullptr};
  GA_ASSERT_OK(ga_array_meshgrid(vectors, 2, GA_MESHGRID_XY, nullptr, grids));
  OwnedArray gx(grids[0]), gy(grids[1]);
  EXPECT_EQ(shape_of(gx), (Shape{2, 3}));
  EXPECT_EQ(shape_of(gy), (Shape{2, 3}));
  EXPECT_EQ(dtype_of(gx), GA_FLOAT64);
  EXPECT_EQ(dtype_of(gy), GA_INT32);
  EXPECT_EQ(flags_of(gx) & GA_ARRAY_C_CONTIGUOUS, unsigned{GA_ARRAY_C_CONTIGUOUS});
  expect_scalars(download_scalars(gx), reals_as({1.5, 2.5, 3.5, 1.5, 2.5, 3.5}, GA_FLOAT64), "meshgrid xy X");
  expect_scalars(download_scalars(gy), ints_as({10, 10, 10, 20, 20, 20}, GA_INT32), "meshgrid xy Y");
  // ij: (len(x), len(y)); X[i, j] = x[i], Y[i, j] = y[j].
  GA_ASSERT_OK(ga_array_meshgrid(vectors, 2, GA_MESHGRID_IJ, nullptr, grids));
  OwnedArray ix(grids[0]), iy(grids[1]);
  EXPECT_EQ(shape_of(ix), (Shape{3, 2}));
  EXPECT_EQ(shape_of(iy), (Shape{3, 2}));
  expect_scalars(download_scalars(ix), reals_as({1.5, 1.5, 2.5, 2.5, 3.5, 3.5}, GA_FLOAT64), "meshgrid ij X");
  expect_scalars(download_scalars(iy), ints_as({10, 20, 10, 20, 10, 20}, GA_INT32), "meshgrid ij Y");
}

TEST_F(Creation, MeshgridOfThreeVectorsFlattensEachInput) {
  const OwnedArray x = upload_values(real_values({0, 1, 2}), Shape{3}, GA_INT64);
  const OwnedArray y = upload_values(real_values({-1, -2}), Shape{2}, GA_FLOAT32);
  const OwnedArray z =
      upload_values(real_values({5, 6, 7, 8}), Shape{2, 2}, GA_UINT8);  // flattened: 4 values
  const ga_array_t vectors[] = {x, y, z};
  const std::vector<double> xs{0, 1, 2}, ys{-1, -2}, zs{5, 6, 7, 8};
  for (ga_meshgrid_indexing_t indexing : {GA_MESHGRID_XY, GA_MESHGRID_IJ}) {
    ga_array_t grids[3] = {};
    GA_ASSERT_OK(ga_array_meshgrid(vectors, 3, indexing, nullptr, grids));
    OwnedArray gx(grids[0]), gy(grids[1]), gz(grids[2]);
    const bool xy = indexing == GA_MESHGRID_XY;
    const Shape shape = xy ? Shape{2, 3, 4} : Shape{3, 2, 4};
    for (ga_array_t grid : {gx.get(), gy.get(), gz.get()}) EXPECT_EQ(shape_of(grid), shape);
    std::vector<double> ex, ey, ez;
    for (std::int64_t a = 0; a < shape[0]; ++a) {
      for (std::int64_t b = 0; b < shape[1]; ++b) {
        for (std::int64_t c = 0; c < shape[2]; ++c) {
          ex.push_back(xs[static_cast<std::size_t>(xy ? b : a)]);
          ey.push_back(ys[static_cast<std::size_t>(xy ? a : b)]);
          ez.push_back(zs[static_cast<std::size_t>(c)]);
        }
      }
    }
    const std::string where = xy ? "meshgrid xy" : "meshgrid ij";
    expect_scalars(download_scalars(gx), reals_as(ex, GA_INT64), where + " X");
    expect_scalars(download_scalars(gy), reals_as(ey, GA_FLOAT32), where + " Y");
    expect_scalars(download_scalars(gz), reals_as(ez, GA_UINT8), where + " Z");
  }
}

TEST_F(Creation, MeshgridOfOneVectorAndOfNone) {
  const OwnedArray x = upload_values(real_values({4, 5}), Shape{2}, GA_FLOAT16);
  const ga_array_t vectors[] = {x};
  ga_array_t grid = nullptr;
  GA_ASSERT_OK(ga_array_meshgrid(vectors, 1, GA_MESHGRID_XY, nullptr, &grid));
  OwnedArray owned(grid);
  EXPECT_EQ(shape_of(owned), (Shape{2}));
  expect_scalars(download_scalars(owned), reals_as({4, 5}, GA_FLOAT16), "meshgrid of one");
  EXPECT_NE(owned.get(), x.get());  // a copy, as numpy.meshgrid(copy=True)
  GA_EXPECT_STATUS(ga_array_meshgrid(nullptr, 0, GA_MESHGRID_IJ, nullptr, nullptr), GA_OK);
}

TEST_F(Creation, MeshgridErrorsWriteNothing) {
  const OwnedArray x = upload_values(real_values({1, 2}), Shape{2}, GA_FLOAT32);
  OwnedArray released;
  GA_ASSERT_OK(ga_array_zeros(1, Shape{3}.data(), GA_FLOAT32, GA_ORDER_C, nullptr, released.out()));
  const ga_array_t dead = released.get();
  released.reset();
  ga_array_t grids[2] = {untouched_marker(), untouched_marker()};
  const ga_array_t good[] = {x, x};
  const ga_array_t with_dead[] = {x, dead};
  GA_EXPECT_STATUS(ga_array_meshgrid(good, 2, static_cast<ga_meshgrid_indexing_t>(2), nullptr, grids),
                   GA_ERROR_INVALID_ARGUMENT);
  GA_EXPECT_STATUS(ga_array_meshgrid(nullptr, 2, GA_MESHGRID_XY, nullptr, grids), GA_ERROR_INVALID_ARGUMENT);
  GA_EXPECT_STATUS(ga_array_meshgrid(good, -1, GA_MESHGRID_XY, nullptr, grids), GA_ERROR_INVALID_ARGUMENT);
  GA_EXPECT_STATUS(ga_array_meshgrid(with_dead, 2, GA_MESHGRID_XY, nullptr, grids), GA_ERROR_INVALID_HANDLE);
  GA_EXPECT_STATUS(ga_array_meshgrid(good, 2, GA_MESHGRID_XY, nullptr, nullptr), GA_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(grids[0], untouched_marker());
  EXPECT_EQ(grids[1], untouched_marker());
}

// ------------------------------------------------------------------------------------------------
// Bad arguments of the shape-taking functions
// ------------------------------------------------------------------------------------------------

TEST_F(Creation, BadShapesDtypesAndOrdersLeaveTheOutputUntouched) {
  using Create = ga_status_t (*)(int, const int64_t*, ga_dtype_t, ga_order_t, ga_stream_t, ga_array_t*);
  const struct {
    const char* name;
    Create create;
  } creators[] = {
      {"empty", ga_array_empty},
      {"zeros", ga_array_zeros},
      {"ones", ga_array_ones},
      {"full",
       [](int ndim, const int64_t* shape, ga_dtype_t dtype, ga_order_t order, ga_stream_t stream,
          ga_array_t* result) { return ga_array_full(ndim, shape, real_scalar(2.0), dtype, order, stream, result); }},
  };
  const std::int64_t ok_shape[GA_MAX_DIMS + 1] = {2, 3, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
                                                  1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1};
  const std::int64_t negative[] = {2, -3};
  const std::int64_t overflowing[] = {std::int64_t{1} << 40, std::int64_t{1} << 40};
  const std::int64_t overflowing_bytes[] = {std::int64_t{1} << 61};  // 2^61 elements of 8 bytes
  for (const auto& creator : creators) {
    SCOPED_TRACE(creator.name);
    ga_array_t result = untouched_marker();
    GA_EXPECT_STATUS(creator.create(2, nullptr, GA_FLOAT32, GA_ORDER_C, nullptr, &result), GA_ERROR_INVALID_ARGUMENT);
    GA_EXPECT_STATUS(creator.create(GA_MAX_DIMS + 1, ok_shape, GA_FLOAT32, GA_ORDER_C, nullptr, &result),
                     GA_ERROR_INVALID_ARGUMENT);
    GA_EXPECT_STATUS(creator.create(-1, ok_shape, GA_FLOAT32, GA_ORDER_C, nullptr, &result), GA_ERROR_INVALID_ARGUMENT);
    GA_EXPECT_STATUS(creator.create(2, negative, GA_FLOAT32, GA_ORDER_C, nullptr, &result), GA_ERROR_INVALID_ARGUMENT);
    GA_EXPECT_STATUS(creator.create(2, overflowing, GA_INT8, GA_ORDER_C, nullptr, &result), GA_ERROR_INVALID_ARGUMENT);
    GA_EXPECT_STATUS(creator.create(1, overflowing_bytes, GA_FLOAT64, GA_ORDER_C, nullptr, &result),
                     GA_ERROR_INVALID_ARGUMENT);
    GA_EXPECT_STATUS(creator.create(2, ok_shape, static_cast<ga_dtype_t>(GA_DTYPE_COUNT), GA_ORDER_C, nullptr, &result),
                     GA_ERROR_DTYPE);
    GA_EXPECT_STATUS(creator.create(2, ok_shape, static_cast<ga_dtype_t>(-1), GA_ORDER_C, nullptr, &result),
                     GA_ERROR_DTYPE);
    GA_EXPECT_STATUS(creator.create(2, ok_shape, GA_FLOAT32, GA_ORDER_A, nullptr, &result), GA_ERROR_INVALID_ARGUMENT);
    GA_EXPECT_STATUS(creator.create(2, ok_shape, GA_FLOAT32, static_cast<ga_order_t>(9), nullptr, &result),
                     GA_ERROR_INVALID_ARGUMENT);
    GA_EXPECT_STATUS(creator.create(2, ok_shape, GA_FLOAT32, GA_ORDER_C, nullptr, nullptr), GA_ERROR_INVALID_ARGUMENT);
    EXPECT_EQ(result, untouched_marker());
    // The full 32 dimensions are fine.
    OwnedArray deep;
    GA_EXPECT_STATUS(creator.create(GA_MAX_DIMS, ok_shape, GA_FLOAT32, GA_ORDER_F, nullptr, deep.out()), GA_OK);
    EXPECT_EQ(shape_of(deep).size(), std::size_t{GA_MAX_DIMS});
  }
  // The message names the argument.
  ga_array_t out = untouched_marker();
  EXPECT_EQ(ga_array_zeros(2, negative, GA_FLOAT32, GA_ORDER_C, nullptr, &out), GA_ERROR_INVALID_ARGUMENT);
  EXPECT_NE(std::string(ga_last_error()).find("(2, -3)"), std::string::npos) << ga_last_error();
  EXPECT_EQ(
      ga_array_full(1, ok_shape, real_scalar(1.0, static_cast<ga_dtype_t>(40)), GA_FLOAT32, GA_ORDER_C, nullptr, &out),
      GA_ERROR_DTYPE);
  EXPECT_EQ(out, untouched_marker());
}

TEST_F(Creation, LikeFunctionErrorsLeaveTheOutputUntouched) {
  OwnedArray prototype;
  GA_ASSERT_OK(ga_array_zeros(1, Shape{4}.data(), GA_FLOAT32, GA_ORDER_C, nullptr, prototype.out()));
  ga_array_t out = untouched_marker();
  GA_EXPECT_STATUS(ga_array_empty_like(nullptr, GA_DTYPE_SAME, GA_ORDER_C, nullptr, &out), GA_ERROR_INVALID_HANDLE);
  GA_EXPECT_STATUS(ga_array_zeros_like(nullptr, GA_DTYPE_SAME, GA_ORDER_C, nullptr, &out), GA_ERROR_INVALID_HANDLE);
  GA_EXPECT_STATUS(ga_array_ones_like(prototype, static_cast<ga_dtype_t>(GA_DTYPE_COUNT), GA_ORDER_C, nullptr, &out),
                   GA_ERROR_DTYPE);
  GA_EXPECT_STATUS(
      ga_array_full_like(prototype, real_scalar(1.0), GA_FLOAT32, static_cast<ga_order_t>(4), nullptr, &out),
      GA_ERROR_INVALID_ARGUMENT);
  GA_EXPECT_STATUS(ga_array_full_like(prototype, real_scalar(1.0, static_cast<ga_dtype_t>(20)), GA_FLOAT32,
                                      GA_ORDER_C, nullptr, &out),
                   GA_ERROR_DTYPE);
  GA_EXPECT_STATUS(ga_array_empty_like(prototype, GA_DTYPE_SAME, GA_ORDER_C, nullptr, nullptr),
                   GA_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(out, untouched_marker());
}

// ------------------------------------------------------------------------------------------------
// The result pointer is output-only. These checks come before the stream is resolved, so the plain
// tests run on any machine; the ones that succeed need a GPU.
// ------------------------------------------------------------------------------------------------

TEST(CreationArguments, FailingCallsLeaveAGarbageResultUntouched) {
  const std::int64_t shape[GA_MAX_DIMS + 1] = {2, 3};
  const ga_array_t garbage = reinterpret_cast<ga_array_t>(std::uintptr_t{0x1234});
  ga_array_t result = garbage;
  for (int ndim : {-1, GA_MAX_DIMS + 1}) {
    SCOPED_TRACE(ndim);
    GA_EXPECT_STATUS(ga_array_zeros(ndim, shape, GA_FLOAT32, GA_ORDER_C, nullptr, &result), GA_ERROR_INVALID_ARGUMENT);
    EXPECT_NE(std::string(ga_last_error()).find("ga_array_zeros: argument 'shape' has " + std::to_string(ndim)),
              std::string::npos)
        << ga_last_error();
    GA_EXPECT_STATUS(ga_array_empty(ndim, shape, GA_FLOAT32, GA_ORDER_C, nullptr, &result), GA_ERROR_INVALID_ARGUMENT);
    GA_EXPECT_STATUS(ga_array_ones(ndim, shape, GA_INT8, GA_ORDER_F, nullptr, &result), GA_ERROR_INVALID_ARGUMENT);
    GA_EXPECT_STATUS(ga_array_full(ndim, shape, real_scalar(2.0), GA_FLOAT64, GA_ORDER_C, nullptr, &result),
                     GA_ERROR_INVALID_ARGUMENT);
    GA_EXPECT_STATUS(ga_array_from_host(shape, ndim, shape, nullptr, GA_INT64, GA_ORDER_C, nullptr, &result),
                     GA_ERROR_INVALID_ARGUMENT);
  }
  GA_EXPECT_STATUS(ga_array_zeros(2, nullptr, GA_FLOAT32, GA_ORDER_C, nullptr, &result), GA_ERROR_INVALID_ARGUMENT);
  EXPECT_NE(std::string(ga_last_error()).find("argument 'shape' is NULL"), std::string::npos) << ga_last_error();
  EXPECT_EQ(result, garbage);
  ga_array_t grids[2] = {garbage, garbage};
  GA_EXPECT_STATUS(ga_array_meshgrid(nullptr, 2, GA_MESHGRID_XY, nullptr, grids), GA_ERROR_INVALID_ARGUMENT);
  const ga_array_t not_handles[] = {nullptr, nullptr};
  GA_EXPECT_STATUS(ga_array_meshgrid(not_handles, 2, GA_MESHGRID_XY, nullptr, grids), GA_ERROR_INVALID_HANDLE);
  EXPECT_NE(std::string(ga_last_error()).find("vectors[0]"), std::string::npos) << ga_last_error();
  EXPECT_EQ(grids[0], garbage);
  EXPECT_EQ(grids[1], garbage);
}

TEST(CreationArguments, NullResultIsAnInvalidArgumentNamingResult) {
  const std::int64_t shape[] = {2, 3};
  const float host[6] = {};
  const struct {
    const char* name;
    ga_status_t status;
  } calls[] = {
      {"ga_array_empty", ga_array_empty(2, shape, GA_FLOAT32, GA_ORDER_C, nullptr, nullptr)},
      {"ga_array_zeros", ga_array_zeros(2, shape, GA_FLOAT32, GA_ORDER_C, nullptr, nullptr)},
      {"ga_array_ones", ga_array_ones(2, shape, GA_FLOAT32, GA_ORDER_C, nullptr, nullptr)},
      {"ga_array_full", ga_array_full(2, shape, real_scalar(1.0), GA_FLOAT32, GA_ORDER_C, nullptr, nullptr)},
      {"ga_array_arange", ga_array_arange(int_scalar(0), int_scalar(3), int_scalar(1), GA_INT32, nullptr, nullptr)},
      {"ga_array_linspace", ga_array_linspace(0, 1, 5, 1, GA_FLOAT64, nullptr, nullptr, nullptr)},
      {"ga_array_logspace", ga_array_logspace(0, 1, 5, 1, 10.0, GA_FLOAT64, nullptr, nullptr)},
      {"ga_array_eye", ga_array_eye(3, 3, 0, GA_FLOAT32, GA_ORDER_C, nullptr, nullptr)},
      {"ga_array_identity", ga_array_identity(3, GA_FLOAT32, nullptr, nullptr)},
      {"ga_array_tri", ga_array_tri(3, 3, 0, GA_FLOAT32, nullptr, nullptr)},
      {"ga_array_from_host", ga_array_from_host(host, 2, shape, nullptr, GA_FLOAT32, GA_ORDER_C, nullptr, nullptr)},
      {"ga_array_from_host_async",
       ga_array_from_host_async(host, 2, shape, nullptr, GA_FLOAT32, GA_ORDER_C, nullptr, nullptr)},
  };
  for (const auto& call : calls) EXPECT_EQ(call.status, GA_ERROR_INVALID_ARGUMENT) << call.name;
  // The message of the last call; each names its function and 'result'.
  EXPECT_NE(std::string(ga_last_error()).find("ga_array_from_host_async: argument 'result' is NULL"),
            std::string::npos)
      << ga_last_error();
  GA_EXPECT_STATUS(ga_array_zeros(2, shape, GA_FLOAT32, GA_ORDER_C, nullptr, nullptr), GA_ERROR_INVALID_ARGUMENT);
  EXPECT_NE(std::string(ga_last_error()).find("ga_array_zeros: argument 'result' is NULL"), std::string::npos)
      << ga_last_error();
}

TEST_F(Creation, GarbageInTheResultIsOverwrittenOnSuccess) {
  const ga_array_t garbage = reinterpret_cast<ga_array_t>(std::uintptr_t{0x1234});
  ga_array_t result = garbage;
  GA_ASSERT_OK(ga_array_zeros(2, Shape{2, 3}.data(), GA_FLOAT32, GA_ORDER_C, nullptr, &result));
  ASSERT_NE(result, garbage);
  OwnedArray zeros(result);
  expect_new_array(zeros, Shape{2, 3}, GA_FLOAT32, GA_ORDER_C, "zeros over garbage");
  expect_all_equal(zeros, cast_scalar(real_scalar(0.0), GA_FLOAT32), "zeros over garbage");
  ga_array_t grids[2] = {garbage, garbage};
  const ga_array_t vectors[] = {zeros, zeros};
  GA_ASSERT_OK(ga_array_meshgrid(vectors, 2, GA_MESHGRID_IJ, nullptr, grids));
  OwnedArray gx(grids[0]), gy(grids[1]);
  EXPECT_EQ(shape_of(gx), (Shape{6, 6}));
  EXPECT_EQ(shape_of(gy), (Shape{6, 6}));
  // A failing call after a good one leaves what the good one wrote.
  result = garbage;
  GA_EXPECT_STATUS(ga_array_zeros(-1, Shape{2}.data(), GA_FLOAT32, GA_ORDER_C, nullptr, &result),
                   GA_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(result, garbage);
}

// Creation on a stream of the caller's, and a released stream, which is refused before any work.
TEST_F(Creation, OnAStreamOfTheCallersAndAReleasedStream) {
  ga_stream_t stream = nullptr;
  GA_ASSERT_OK(ga_stream_create(GA_STREAM_NON_BLOCKING, 0, &stream));
  OwnedArray ones;
  GA_ASSERT_OK(ga_array_ones(1, Shape{5}.data(), GA_INT32, GA_ORDER_C, stream, ones.out()));
  GA_ASSERT_OK(ga_stream_synchronize(stream));
  expect_all_equal(ones, int_scalar(1, GA_INT32), "ones on a non-blocking stream");
  OwnedArray sequence;
  GA_ASSERT_OK(ga_array_arange(int_scalar(0), int_scalar(4), int_scalar(1), GA_INT64, stream, sequence.out()));
  GA_ASSERT_OK(ga_stream_synchronize(stream));
  expect_scalars(download_scalars(sequence), ints_as({0, 1, 2, 3}, GA_INT64), "arange on a stream");
  ones.reset();
  sequence.reset();
  GA_ASSERT_OK(ga_stream_release(stream));
  ga_array_t result = untouched_marker();
  GA_EXPECT_STATUS(ga_array_zeros(1, Shape{5}.data(), GA_FLOAT32, GA_ORDER_C, stream, &result),
                   GA_ERROR_INVALID_HANDLE);
  EXPECT_NE(std::string(ga_last_error()).find("'stream'"), std::string::npos) << ga_last_error();
  GA_EXPECT_STATUS(ga_array_eye(2, 2, 0, GA_FLOAT32, GA_ORDER_C, stream, &result), GA_ERROR_INVALID_HANDLE);
  EXPECT_EQ(result, untouched_marker());
}
