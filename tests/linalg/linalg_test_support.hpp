// Host-side helpers of the linalg C API tests: owned handles, uploads and downloads of float64 (and complex128) data,
// and reference products to check factorizations by reconstruction.
#pragma once

#include "array_queries.hpp"

#include <garray/garray.h>

#include <gtest/gtest.h>

#include <complex>
#include <cstdint>
#include <random>
#include <vector>

// One owned array handle, released at scope exit.
struct OwnedArray {
  ga_array_t handle = nullptr;
  OwnedArray() = default;
  explicit OwnedArray(ga_array_t array) : handle(array) {}
  OwnedArray(const OwnedArray&) = delete;
  OwnedArray& operator=(const OwnedArray&) = delete;
  ~OwnedArray() {
    if (handle) ga_array_release(handle);
  }
  ga_array_t* out() { return &handle; }
};

inline ga_array_t upload(const std::vector<double>& values, std::vector<int64_t> shape, ga_dtype_t dtype = GA_FLOAT64) {
  ga_array_t host_copy = nullptr;
  EXPECT_EQ(ga_array_from_host(values.data(), static_cast<int>(shape.size()), shape.data(), nullptr, GA_FLOAT64,
                               GA_ORDER_C, nullptr, &host_copy),
            GA_OK)
      << ga_last_error();
  if (dtype == GA_FLOAT64) return host_copy;
  ga_array_t cast = nullptr;
  EXPECT_EQ(ga_array_astype(host_copy, dtype, GA_ORDER_C, nullptr, &cast), GA_OK) << ga_last_error();
  ga_array_release(host_copy);
  return cast;
}

inline ga_array_t upload_complex(const std::vector<std::complex<double>>& values, std::vector<int64_t> shape) {
  ga_array_t array = nullptr;
  EXPECT_EQ(ga_array_from_host(values.data(), static_cast<int>(shape.size()), shape.data(), nullptr, GA_COMPLEX128,
                               GA_ORDER_C, nullptr, &array),
            GA_OK)
      << ga_last_error();
  return array;
}

// The array's values as float64 (complex: real parts are not wanted here; use download_complex).
inline std::vector<double> download(ga_array_t array) {
  ga_array_t cast = nullptr;
  EXPECT_EQ(ga_array_astype(array, GA_FLOAT64, GA_ORDER_C, nullptr, &cast), GA_OK) << ga_last_error();
  std::vector<double> values(static_cast<size_t>(size_of(cast)));
  EXPECT_EQ(ga_array_to_host(cast, values.data(), values.size() * sizeof(double), nullptr), GA_OK) << ga_last_error();
  ga_array_release(cast);
  return values;
}

inline std::vector<std::complex<double>> download_complex(ga_array_t array) {
  ga_array_t cast = nullptr;
  EXPECT_EQ(ga_array_astype(array, GA_COMPLEX128, GA_ORDER_C, nullptr, &cast), GA_OK) << ga_last_error();
  std::vector<std::complex<double>> values(static_cast<size_t>(size_of(cast)));
  EXPECT_EQ(ga_array_to_host(cast, values.data(), values.size() * sizeof(values[0]), nullptr), GA_OK) << ga_last_error();
  ga_array_release(cast);
  return values;
}

// Row-major (rows x inner) times (inner x columns).
template <class T>
std::vector<T> host_matmul(const std::vector<T>& a, const std::vector<T>& b, int64_t rows, int64_t inner,
                           int64_t columns) {
  std::vector<T> c(static_cast<size_t>(rows * columns), T{});
  for (int64_t i = 0; i < rows; ++i)
    for (int64_t k = 0; k < inner; ++k)
      for (int64_t j = 0; j < columns; ++j) c[i * columns + j] += a[i * inner + k] * b[k * columns + j];
  return c;
}

inline std::vector<double> host_transpose(const std::vector<double>& a, int64_t rows, int64_t columns) {
  std::vector<double> t(a.size());
  for (int64_t i = 0; i < rows; ++i)
    for (int64_t j = 0; j < columns; ++j) t[j * rows + i] = a[i * columns + j];
  return t;
}

inline std::vector<double> random_values(size_t count, unsigned seed) {
  std::mt19937 generator(seed);
  std::uniform_real_distribution<double> distribution(-1.0, 1.0);
  std::vector<double> values(count);
  for (double& value : values) value = distribution(generator);
  return values;
}

// A well-conditioned n x n matrix: random plus n on the diagonal.
inline std::vector<double> well_conditioned(int64_t n, unsigned seed) {
  std::vector<double> a = random_values(static_cast<size_t>(n * n), seed);
  for (int64_t i = 0; i < n; ++i) a[i * n + i] += static_cast<double>(n);
  return a;
}

// A symmetric positive definite n x n matrix: B Bᵀ + n I.
inline std::vector<double> positive_definite(int64_t n, unsigned seed) {
  const std::vector<double> b = random_values(static_cast<size_t>(n * n), seed);
  std::vector<double> a = host_matmul(b, host_transpose(b, n, n), n, n, n);
  for (int64_t i = 0; i < n; ++i) a[i * n + i] += static_cast<double>(n);
  return a;
}

template <class T>
void expect_near_all(const std::vector<T>& actual, const std::vector<T>& expected, double tolerance) {
  ASSERT_EQ(actual.size(), expected.size());
  for (size_t i = 0; i < actual.size(); ++i) EXPECT_NEAR(std::abs(actual[i] - expected[i]), 0.0, tolerance) << i;
}

inline std::vector<double> identity_values(int64_t n) {
  std::vector<double> eye(static_cast<size_t>(n * n), 0.0);
  for (int64_t i = 0; i < n; ++i) eye[i * n + i] = 1.0;
  return eye;
}
