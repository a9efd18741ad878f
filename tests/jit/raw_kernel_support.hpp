// What the RawKernel and RawModule tests of the C API share: device arrays from and to host vectors,
// and kernel arguments.
#pragma once

#include "gpu_test.hpp"

#include <complex>
#include <cstdint>
#include <type_traits>
#include <vector>

template <class T>
constexpr ga_dtype_t dtype_of() {
  if constexpr (std::is_same_v<T, float>) return GA_FLOAT32;
  else if constexpr (std::is_same_v<T, double>) return GA_FLOAT64;
  else if constexpr (std::is_same_v<T, int64_t>) return GA_INT64;
  else if constexpr (std::is_same_v<T, int32_t>) return GA_INT32;
  else if constexpr (std::is_same_v<T, uint8_t>) return GA_UINT8;
  else if constexpr (std::is_same_v<T, std::complex<double>>) return GA_COMPLEX128;
  else static_assert(sizeof(T) == 0, "add the dtype here");
}

template <class T>
ga_array_t upload(const std::vector<T>& values) {
  const int64_t shape[1] = {static_cast<int64_t>(values.size())};
  ga_array_t array = nullptr;
  EXPECT_EQ(ga_array_from_host(values.data(), 1, shape, nullptr, dtype_of<T>(), GA_ORDER_C, nullptr, &array), GA_OK)
      << ga_last_error();
  return array;
}

template <class T>
std::vector<T> download(ga_array_t array, size_t count) {
  std::vector<T> values(count);
  EXPECT_EQ(ga_array_to_host(array, values.data(), count * sizeof(T), nullptr), GA_OK) << ga_last_error();
  return values;
}

inline ga_kernel_arg_t array_arg(ga_array_t array) {
  ga_kernel_arg_t arg{};
  arg.kind = GA_KERNEL_ARG_ARRAY;
  arg.array = array;
  return arg;
}

inline ga_kernel_arg_t scalar_arg(ga_dtype_t dtype, double real, int64_t integer) {
  ga_kernel_arg_t arg{};
  arg.kind = GA_KERNEL_ARG_SCALAR;
  arg.scalar.dtype = dtype;
  arg.scalar.as_real = real;
  arg.scalar.as_int = integer;
  return arg;
}
