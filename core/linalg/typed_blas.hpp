// cuBLAS's float32 and float64 gemm and trsm under one name each, for code templated on the element type.
#pragma once

#include <cublas_v2.h>

#include <type_traits>

namespace garray::typed_blas {

template <class T>
cublasStatus_t gemm(cublasHandle_t h, int m, int n, int k, const T* alpha, const T* a, int lda, const T* b, int ldb,
                    const T* beta, T* c, int ldc) {
  static_assert(std::is_same_v<T, float> || std::is_same_v<T, double>);
  if constexpr (std::is_same_v<T, float>) {
    return cublasSgemm(h, CUBLAS_OP_N, CUBLAS_OP_N, m, n, k, alpha, a, lda, b, ldb, beta, c, ldc);
  } else {
    return cublasDgemm(h, CUBLAS_OP_N, CUBLAS_OP_N, m, n, k, alpha, a, lda, b, ldb, beta, c, ldc);
  }
}

template <class T>
cublasStatus_t trsm(cublasHandle_t h, cublasSideMode_t side, cublasFillMode_t fill, cublasOperation_t op,
                    cublasDiagType_t diag, int m, int n, const T* alpha, const T* a, int lda, T* b, int ldb) {
  static_assert(std::is_same_v<T, float> || std::is_same_v<T, double>);
  if constexpr (std::is_same_v<T, float>) {
    return cublasStrsm(h, side, fill, op, diag, m, n, alpha, a, lda, b, ldb);
  } else {
    return cublasDtrsm(h, side, fill, op, diag, m, n, alpha, a, lda, b, ldb);
  }
}

}  // namespace garray::typed_blas
