// What the ElementwiseKernel and ReductionKernel tests share: shaped uploads and downloads of
// float32/float64 data, owned handles, and a host reference of a C-order index walk.
#pragma once

#include "jit/raw_kernel_support.hpp"

#include <garray/garray.h>

#include <cstdint>
#include <vector>

template <class T>
ga_array_t upload_shaped(const std::vector<T>& values, std::vector<int64_t> shape) {
  ga_array_t array = nullptr;
  EXPECT_EQ(ga_array_from_host(values.data(), static_cast<int>(shape.size()), shape.data(), nullptr, dtype_of<T>(),
                               GA_ORDER_C, &array),
            GA_OK)
      << ga_last_error();
  return array;
}

inline std::vector<int64_t> shape_of(ga_array_t array) {
  int ndim = 0;
  EXPECT_EQ(ga_array_ndim(array, &ndim), GA_OK);
  std::vector<int64_t> shape(static_cast<size_t>(ndim));
  EXPECT_EQ(ga_array_shape(array, shape.data()), GA_OK);
  return shape;
}

inline ga_dtype_t dtype_of_array(ga_array_t array) {
  ga_dtype_t dtype = GA_BOOL;
  EXPECT_EQ(ga_array_dtype(array, &dtype), GA_OK);
  return dtype;
}

// Values 0.25 * ((i * 7919) % 23 - 11): small, exact in float32, of both signs.
template <class T>
std::vector<T> test_values(size_t count) {
  std::vector<T> values(count);
  for (size_t i = 0; i < count; ++i) values[i] = static_cast<T>(0.25 * (static_cast<double>((i * 7919) % 23) - 11.0));
  return values;
}

// Releases the handles it holds when the test ends, pass or fail.
class Handles {
 public:
  ~Handles() {
    for (ga_array_t array : arrays_) ga_array_release(array);
  }
  ga_array_t operator()(ga_array_t array) {
    arrays_.push_back(array);
    return array;
  }

 private:
  std::vector<ga_array_t> arrays_;
};
