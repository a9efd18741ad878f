// What the C API tests under tests/ops share: shaped uploads and whole-array downloads, owned
// handles, queries of an array's shape and dtype, ufunc operands, and small exact test values.
#pragma once

#include "array_queries.hpp"
#include "jit/raw_kernel_support.hpp"

#include <garray/garray.h>

#include <cstdint>
#include <utility>
#include <vector>

// A C-order device array of `shape` holding `values` as `dtype` (which may differ from T's, e.g.
// bytes as GA_BOOL).
template <class T>
ga_array_t upload_as(const std::vector<T>& values, std::vector<int64_t> shape, ga_dtype_t dtype) {
  ga_array_t array = nullptr;
  EXPECT_EQ(ga_array_from_host(values.data(), static_cast<int>(shape.size()), shape.data(), nullptr, dtype,
                               GA_ORDER_C, nullptr, &array),
            GA_OK)
      << ga_last_error();
  return array;
}

template <class T>
ga_array_t upload_shaped(const std::vector<T>& values, std::vector<int64_t> shape) {
  return upload_as(values, std::move(shape), dtype_of<T>());
}

// Every element in C order (any layout).
template <class T>
std::vector<T> fetch(ga_array_t array) {
  std::vector<T> values(static_cast<size_t>(size_of(array)));
  if (!values.empty()) {
    EXPECT_EQ(ga_array_to_host(array, values.data(), values.size() * sizeof(T), nullptr), GA_OK) << ga_last_error();
  }
  return values;
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

// upload_shaped, held by `owned`: 1-D over every value, or of `shape`.
template <class T>
ga_array_t make(Handles& owned, const std::vector<T>& values) {
  return owned(upload(values));
}

template <class T>
ga_array_t make(Handles& owned, const std::vector<T>& values, std::vector<int64_t> shape) {
  return owned(upload_shaped(values, std::move(shape)));
}

// upload_as, held by `owned`.
template <class T>
ga_array_t make(Handles& owned, const std::vector<T>& values, std::vector<int64_t> shape, ga_dtype_t dtype) {
  return owned(upload_as(values, std::move(shape), dtype));
}

inline ga_ufunc_t ufunc(const char* name) {
  ga_ufunc_t found = nullptr;
  EXPECT_EQ(ga_ufunc_find(name, &found), GA_OK) << ga_last_error();
  return found;
}

inline ga_operand_t array_operand(ga_array_t array) {
  ga_operand_t operand{};
  operand.kind = GA_OPERAND_ARRAY;
  operand.array = array;
  return operand;
}
