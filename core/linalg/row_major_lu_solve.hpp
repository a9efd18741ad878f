// A X = B from a row-major LU (tournament_lu::factor, panel_lu::factor: P A = L U in C order, the permutation as the
// rows of A in the order of P A), compiled ahead with nvcc.
//
// cuBLAS's trsm (and trsv) of one right-hand side against a 4096 x 4096 float32 factor took ~250 us a triangle on an
// H100: a chain of small dependent steps. Here, for up to kMaxRightHandSides right-hand sides, one block of threads per
// block of 64 rows inverts its diagonal block D and forms D^-1 times its tiles beside the two blocks solved just
// before it; it takes every earlier block's solution off its rows as soon as that is published (tagged words in global
// memory, the blocks launched in dependency order), so that when the one before it is published a single round of dot
// products gives its own: ~1.3 us a block of 64 rows (4096^2 float32: 85 us the lower triangle, 100 the upper,
// against 268 for both before and ~500 by trsm; 147 for both where the upper's kernel starts during the lower's, from
// compute capability 9.0). More right-hand sides go to cuBLAS's trsm.
#pragma once

#include <garray/base.h>

#include <cublas_v2.h>
#include <cuda_runtime_api.h>

#include <cstddef>
#include <cstdint>

namespace garray::row_major_lu_solve {

// Bytes of the scratch solve() needs for n x n factors of `dtype` (float32 or float64).
std::size_t workspace_bytes(ga_dtype_t dtype, std::int64_t n);

// X = A^-1 B for the k right-hand sides B held column-major in `b` (n values each) into `x` (the same layout; not
// `b`), from the factors `lu` and `permutation` of an n x n matrix of `dtype`. `blas` works on `stream`. Returns the
// first cuBLAS failure (for check_cublas); launch failures throw.
cublasStatus_t solve(ga_dtype_t dtype, const void* lu, std::int64_t n, const int* permutation, const void* b, void* x,
                     std::int64_t k, void* workspace, cublasHandle_t blas, cudaStream_t stream);

}  // namespace garray::row_major_lu_solve
