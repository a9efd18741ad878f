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

// Bytes of the scratch substitute_upper() needs for n x n float32 factors.
std::size_t upper_workspace_bytes(std::int64_t n);

// x = U^-1 y for one float32 right-hand side (n values; y may be x), U on and above the diagonal of the row-major
// factors `lu`: the upper kernel alone, launched to start during the kernel queued before it on `stream` (programmatic
// dependent launch; compute capability 9.0 and newer), which may still write y and the rows of `lu` from
// `settled_rows`: blocks of rows before them prepare meanwhile (D^-1, D^-1 N, their first tiles). `workspace`:
// upper_workspace_bytes(n), zero. Launch failures throw.
void substitute_upper(const float* lu, std::int64_t n, const float* y, float* x, std::int64_t settled_rows,
                      void* workspace, cudaStream_t stream);

}  // namespace garray::row_major_lu_solve
