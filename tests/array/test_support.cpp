// The GPU tests compute their expectations with array_test_support.hpp; these host tests check
// those helpers against the library's own host code, so that a GPU failure points at the device.
#include "core/array/half_float.hpp"
#include "core/array/layout.hpp"
#include "core/array/scalar.hpp"

#include "array_test_support.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <random>
#include <vector>

using namespace array_test;

TEST(ArrayTestSupport, Float16AndBfloat16EncodingsAreExact) {
  for (std::uint32_t pattern = 0; pattern <= 0xFFFF; ++pattern) {
    const auto bits = static_cast<std::uint16_t>(pattern);
    const double half = half_bits_to_double(bits);
    EXPECT_TRUE(same_real(half, garray::half_bits_to_float(bits))) << std::hex << pattern;
    if (!std::isnan(half)) {
      EXPECT_EQ(exact_half_bits(half), bits) << std::hex << pattern;
    }
    const double brain = bfloat16_bits_to_double(bits);
    EXPECT_TRUE(same_real(brain, garray::bfloat16_bits_to_float(bits))) << std::hex << pattern;
    if (!std::isnan(brain)) {
      EXPECT_EQ(exact_bfloat16_bits(brain), bits) << std::hex << pattern;
    }
  }
}

TEST(ArrayTestSupport, EncodeAndDecodeAgreeWithTheLibrary) {
  for (ga_dtype_t dtype : kAllDtypes) {
    for (const ga_scalar_t& value : boundary_values()) {
      const ga_scalar_t cast = cast_scalar(value, dtype);
      std::vector<unsigned char> bytes(16, 0);
      encode_element(cast, bytes.data());
      const garray::ElementBytes library = garray::scalar_to_element(value, dtype);
      const std::size_t itemsize = itemsize_of(dtype);
      // Same bytes as the library stores, except NaN payloads, which may differ.
      const ga_scalar_t decoded = decode_element(bytes.data(), dtype);
      EXPECT_TRUE(same_scalar(decoded, cast)) << describe(value) << " as " << dtype_name(dtype);
      EXPECT_TRUE(same_scalar(decoded, garray::element_to_scalar(library.data(), dtype)));
      const bool has_nan = std::isnan(cast.as_real) || std::isnan(cast.as_imag);
      if (!has_nan) {
        EXPECT_TRUE(
            std::equal(bytes.begin(), bytes.begin() + static_cast<std::ptrdiff_t>(itemsize), library.begin()))
            << describe(value) << " as " << dtype_name(dtype);
      }
    }
  }
}

TEST(ArrayTestSupport, LayoutHelpersAgreeWithTheLibrary) {
  const std::vector<std::vector<std::int64_t>> shapes = {{},     {0},    {1},       {5},         {3, 4},
                                                         {1, 4}, {3, 1}, {2, 0, 3}, {2, 3, 4, 5}};
  for (const auto& shape : shapes) {
    const garray::Dims dims = garray::Dims::from(shape.data(), static_cast<int>(shape.size()), "shape");
    for (ga_order_t order : {GA_ORDER_C, GA_ORDER_F}) {
      const std::vector<std::int64_t> strides = compact_strides(shape, order);
      const garray::Dims library = garray::contiguous_strides(dims, order);
      EXPECT_TRUE(std::equal(strides.begin(), strides.end(), library.begin(), library.end()));
    }
  }
  std::mt19937_64 rng(3);
  for (int trial = 0; trial < 2000; ++trial) {
    const int ndim = static_cast<int>(rng() % 4);
    std::vector<std::int64_t> shape, strides;
    for (int d = 0; d < ndim; ++d) {
      shape.push_back(static_cast<std::int64_t>(rng() % 4));
      strides.push_back(static_cast<std::int64_t>(rng() % 7) - 3);
    }
    // Half the time use compact strides, which must be recognised.
    if (trial % 2 == 0) strides = compact_strides(shape, trial % 4 == 0 ? GA_ORDER_C : GA_ORDER_F);
    const garray::Dims shape_dims = garray::Dims::from(shape.data(), ndim, "shape");
    const garray::Dims stride_dims = garray::Dims::from(strides.data(), ndim, "strides");
    const unsigned expected =
        (garray::is_c_contiguous(shape_dims, stride_dims) ? unsigned{GA_ARRAY_C_CONTIGUOUS} : 0u) |
        (garray::is_f_contiguous(shape_dims, stride_dims) ? unsigned{GA_ARRAY_F_CONTIGUOUS} : 0u);
    EXPECT_EQ(contiguity_flags(shape, strides), expected)
        << garray::format_shape(shape_dims) << " strides " << garray::format_shape(stride_dims);
  }
}

TEST(ArrayTestSupport, CastTestElementsCoverTheBoundariesAndKeepBoolsBoolean) {
  std::mt19937_64 rng(4);
  for (ga_dtype_t dtype : kAllDtypes) {
    const std::vector<unsigned char> bytes = cast_test_elements(dtype, 1000, rng);
    ASSERT_EQ(bytes.size(), 1000 * itemsize_of(dtype));
    const std::vector<ga_scalar_t> values = decode_elements(bytes, dtype);
    const std::vector<ga_scalar_t> boundaries = boundary_values();
    for (std::size_t i = 0; i < boundaries.size(); ++i) {
      EXPECT_TRUE(same_scalar(values[i], cast_scalar(boundaries[i], dtype))) << i << " " << dtype_name(dtype);
    }
    if (dtype == GA_BOOL) {
      for (unsigned char byte : bytes) EXPECT_LE(byte, 1);
    }
  }
  // The floating types see NaN, both infinities and both zeros.
  for (ga_dtype_t dtype : {GA_FLOAT16, GA_BFLOAT16, GA_FLOAT32, GA_FLOAT64}) {
    const std::vector<ga_scalar_t> values = decode_elements(cast_test_elements(dtype, 200, rng), dtype);
    bool nan = false, positive_infinity = false, negative_infinity = false, negative_zero = false;
    for (const ga_scalar_t& value : values) {
      nan = nan || std::isnan(value.as_real);
      positive_infinity = positive_infinity || value.as_real == INFINITY;
      negative_infinity = negative_infinity || value.as_real == -INFINITY;
      negative_zero = negative_zero || (value.as_real == 0 && std::signbit(value.as_real));
    }
    EXPECT_TRUE(nan && positive_infinity && negative_infinity && negative_zero) << dtype_name(dtype);
  }
}
