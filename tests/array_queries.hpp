// The shape and size of a C API array handle, for the tests that check results through the C API.
#pragma once

#include <garray/garray.h>

#include <gtest/gtest.h>

#include <cstdint>
#include <vector>

inline std::vector<int64_t> shape_of(ga_array_t array) {
  int ndim = 0;
  EXPECT_EQ(ga_array_ndim(array, &ndim), GA_OK) << ga_last_error();
  std::vector<int64_t> shape(static_cast<size_t>(ndim));
  EXPECT_EQ(ga_array_shape(array, shape.data()), GA_OK) << ga_last_error();
  return shape;
}

inline int64_t size_of(ga_array_t array) {
  int64_t size = 0;
  EXPECT_EQ(ga_array_size(array, &size), GA_OK) << ga_last_error();
  return size;
}
