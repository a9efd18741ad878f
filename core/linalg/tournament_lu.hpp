// LU factorization of large float32/float64 matrices with tournament pivoting, compiled ahead with nvcc.
//
// cuSOLVER's getrf spends about 3 us per column of a 4096 x 4096 float32 matrix on an H100 picking and applying
// pivots one column at a time (12.4 ms, every algorithm and math mode alike; bench/NOTES.md). This factorization works
// on the row-major (C-order) matrix itself, 64 columns (float64: 32) at a time:
//   1. pivots: blocks of 512 rows each eliminate their rows of the panel with partial pivoting, one row per thread,
//      and nominate the rows they picked; the nominees meet in further rounds until one block picks the panel's
//      pivot rows and factors them (the communication-avoiding LU's "tournament pivoting": as stable as partial
//      pivoting in practice, with a growth bound that is weaker only in theory);
//   2. those rows move to the top of the panel (whole rows, contiguous in C order);
//   3. cuBLAS: L21 = A21 U11^-1 and U12 = L11^-1 A12 (trsm), then A22 -= L21 U12 (sgemm/dgemm in full precision).
// P A = L U comes out as LAPACK stores it, row-major, with the permutation as the rows of A in the order of P A.
#pragma once

#include <garray/base.h>

#include <cublas_v2.h>
#include <cuda_runtime_api.h>

#include <cstddef>
#include <cstdint>

namespace garray::tournament_lu {

// Whether n x n matrices of `dtype` take a row-major LU rather than cuSOLVER's: float32 and float64 from order 512,
// where this one measured faster on an H100 at every order tried (float32 512: 0.58 ms against 0.96, 2048: 3.5
// against 4.9, 4096: 9.2 against 12.5, 8192: 32.3 against 35.5; float64 512: 0.74 against 1.05, 2048: 4.6 against
// 5.8). float32 up to order 4096 takes panel_lu.hpp's instead, where that takes it.
bool prefers(ga_dtype_t dtype, std::int64_t n);

// Bytes of the scratch factor() needs for one n x n matrix of `dtype`.
std::size_t workspace_bytes(ga_dtype_t dtype, std::int64_t n);

// P A = L U in place of the C-contiguous n x n matrix `a` of `dtype` (float32 or float64): L unit lower below the
// diagonal, U on and above it. permutation[i] = the row of A that is row i of P A; *info = 1 + the first k with
// U[k][k] == 0 (the matrix is singular), else 0. `blas` works on `stream`; all work is ordered after what is queued
// there and before what follows (large orders run part of it on a second stream of their own, joined back). Returns
// the first cuBLAS failure (for check_cublas); launch failures throw.
cublasStatus_t factor(ga_dtype_t dtype, void* a, std::int64_t n, int* permutation, int* info, void* workspace,
                      cublasHandle_t blas, cudaStream_t stream);

}  // namespace garray::tournament_lu
