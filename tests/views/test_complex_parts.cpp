// Real and imaginary parts of complex arrays as views, on host-backed arrays. The zeros of a real
// array's imaginary part need a device: see test_views_device.cpp.
#include "core/array/complex_parts.hpp"

#include "host_array.hpp"

using views_test::expect_layout;
using views_test::host_array;

TEST(ComplexParts, ComponentDtypes) {
  EXPECT_EQ(garray::component_dtype(GA_COMPLEX64), GA_FLOAT32);
  EXPECT_EQ(garray::component_dtype(GA_COMPLEX128), GA_FLOAT64);
  EXPECT_EQ(garray::component_dtype(GA_FLOAT16), GA_FLOAT16);
  EXPECT_EQ(garray::component_dtype(GA_INT8), GA_INT8);
}

TEST(ComplexParts, ComplexPartsAreViewsWithDoubledStrides) {
  // z = np.zeros((3, 4), complex128)[::-1, 1::2]: z.real.strides == (-64, 32) bytes, z.imag is
  // 8 bytes further on; in float64 elements that is (-8, 4).
  const garray::Array z = host_array({3, 4}, GA_COMPLEX128);
  const garray::Array sliced = z.view({3, 2}, {-4, 2}, 2 * 4 * 16 + 16);
  const garray::Array real = garray::real_part(sliced);
  const garray::Array imag = garray::imag_part(sliced, garray::DeferredStream::current());
  EXPECT_EQ(real.dtype(), GA_FLOAT64);
  EXPECT_EQ(imag.dtype(), GA_FLOAT64);
  expect_layout(real, {{3, 2}, {-8, 4}, 144});
  expect_layout(imag, {{3, 2}, {-8, 4}, 152});
  EXPECT_TRUE(real.writeable());
  EXPECT_TRUE(imag.writeable());
  EXPECT_EQ(imag.buffer(), z.buffer());
}

TEST(ComplexParts, Complex64ZeroDimensionalAndEmpty) {
  const garray::Array c = host_array({}, GA_COMPLEX64);
  expect_layout(garray::imag_part(c, garray::DeferredStream::current()), {{}, {}, 4});
  EXPECT_EQ(garray::imag_part(c, garray::DeferredStream::current()).dtype(), GA_FLOAT32);
  const garray::Array column = host_array({5, 1}, GA_COMPLEX64);
  expect_layout(garray::real_part(column), {{5, 1}, {2, 2}, 0});
  EXPECT_FALSE(garray::real_part(column).is_c_contiguous());
  expect_layout(garray::imag_part(host_array({0, 3}, GA_COMPLEX64), garray::DeferredStream::current()),
                {{0, 3}, {6, 2}, 4});
}

TEST(ComplexParts, RealPartOfARealArrayIsAPlainView) {
  const garray::Array a = host_array({2, 3}, GA_INT16);
  const garray::Array real = garray::real_part(a.view({3, 2}, {1, 3}, 0));
  EXPECT_EQ(real.dtype(), GA_INT16);
  expect_layout(real, {{3, 2}, {1, 3}, 0});
  EXPECT_TRUE(real.is_view());
}

TEST(ComplexParts, HugeStridesOnUnitAxesDoNotOverflow) {
  // An axis of extent 1 may carry any stride (DLPack producers leave them arbitrary).
  const garray::Array z = host_array({1, 2}, GA_COMPLEX128);
  const std::int64_t huge = std::int64_t{1} << 62;
  const garray::Array odd = z.view({1, 2}, {huge, 1}, 0);
  expect_layout(garray::real_part(odd), {{1, 2}, {huge, 2}, 0});
}
