// Arrays over malloc'd host memory, so that the shape and stride logic of views can be tested
// without a device, and a check of a view's layout against NumPy's.
#pragma once

#include "core/array/array.hpp"
#include "core/array/layout.hpp"
#include "core/common/error.hpp"

#include <gtest/gtest.h>

#include "expect_error.hpp"

#include <algorithm>
#include <cstdlib>
#include <memory>
#include <ostream>
#include <string>

namespace garray {

// Lets GoogleTest print shapes and strides in failure messages.
inline void PrintTo(const Dims& dims, std::ostream* os) { *os << format_shape(dims); }

}  // namespace garray

namespace views_test {

// A C-contiguous array of `shape` over fresh host memory, which is freed when the last view goes;
// `released` (when given) is set then. The buffer claims to be device memory: nothing reads it.
inline garray::Array host_array(const garray::Dims& shape, ga_dtype_t dtype = GA_FLOAT64,
                                bool* released = nullptr) {
  const std::size_t itemsize = garray::dtype_info(dtype).itemsize;
  const auto bytes =
      static_cast<std::size_t>(garray::checked_element_count(shape, itemsize)) * itemsize;
  void* data = std::malloc(std::max<std::size_t>(bytes, 1));
  auto buffer = std::make_shared<garray::Buffer>(data, bytes, 0, garray::MemoryKind::device, true,
                                                 [data, released] {
                                                   std::free(data);
                                                   if (released) *released = true;
                                                 });
  return garray::Array(std::move(buffer), dtype, shape,
                       garray::contiguous_strides(shape, GA_ORDER_C), 0, true, false);
}

// A shape, strides in elements and byte offset from the start of the buffer, as NumPy reports them
// (strides in bytes divided by the itemsize; offset from __array_interface__ addresses).
struct Layout {
  garray::Dims shape;
  garray::Dims strides;
  std::int64_t byte_offset;
};

inline void expect_layout(const garray::Array& array, const Layout& expected) {
  EXPECT_EQ(array.shape(), expected.shape);
  EXPECT_EQ(array.strides(), expected.strides);
  EXPECT_EQ(array.byte_offset(), expected.byte_offset);
}

// Runs `call`, expecting it to throw garray::Error with `status` and a message containing
// `fragment` (the argument order these tests read best in).
template <class Call>
void expect_error(Call&& call, ga_status_t status, const std::string& fragment) {
  expect_error_containing(status, fragment, std::forward<Call>(call));
}

}  // namespace views_test

#define EXPECT_GA_ERROR(statement, status, fragment) \
  views_test::expect_error([&] { statement; }, status, fragment)
