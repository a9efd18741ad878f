// The permutation and the info word of the row-major LU factorizations (tournament_lu.hpp, panel_lu.hpp).
#pragma once

#include <garray/base.h>

#include <cuda_runtime_api.h>

#include <cstdint>

namespace garray::lu_bookkeeping {

// permutation = 0, 1, ..., n - 1 and *info readied for finish(), on `stream`.
void start(int* permutation, std::int64_t n, int* info, cudaStream_t stream);

// *info = 1 + the first k with U[k][k] == 0 in the factored C-contiguous n x n matrix `a` of `dtype` (float32 or
// float64), else 0, on `stream`.
void finish(ga_dtype_t dtype, const void* a, std::int64_t n, int* info, cudaStream_t stream);

// For a factorization that reports its first zero pivot itself (*info = 1 + k by an atomic compare-and-swap from 0, as
// the panels find it, so no finish()): permutation = 0, 1, ..., n - 1, *info = 0 and `count` words from `words` zero,
// in one launch on `stream`.
void start_reporting(int* permutation, std::int64_t n, int* info, unsigned* words, std::int64_t count,
                     cudaStream_t stream);

}  // namespace garray::lu_bookkeeping
