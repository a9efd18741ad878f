// LU of many small matrices at once: cuBLAS's batched getrf/getrs/getri, one launch for the whole stack instead of one
// cuSOLVER call per matrix (1000 64 x 64 inverses take a few launches instead of 2000 calls). The matrices are read
// column-major, as cuSOLVER's, from a C-contiguous stack.
#pragma once

#include "core/array/array.hpp"
#include "core/runtime/stream.hpp"

#include <cublas_v2.h>

#include <cstdint>

namespace garray {

// Whether `count` n x n matrices are faster through the batched routines than one by one.
bool prefers_batched_lu(std::int64_t count, std::int64_t n);

// The device array of the addresses of every matrix of a C-contiguous stack (uint64, one per matrix), as cuBLAS's
// batched routines take them.
Array matrix_addresses(const Array& stack, const StreamRef& stream);

// Factors every matrix of `stack` in place; `pivots` (int32, count * n) and `info` (int32, count) receive LAPACK's
// pivots and info words.
void batched_lu_factor(const Array& stack, const Array& addresses, const Array& pivots, const Array& info,
                       const StreamRef& stream);
// Solves op(A) X = B in place of `rhs` (a C-contiguous (..., k, n) stack: each block column-major).
void batched_lu_solve(const Array& stack, const Array& addresses, const Array& pivots, const Array& rhs,
                      cublasOperation_t operation, const StreamRef& stream);
// Writes the inverse of every factored matrix into the C-contiguous stack `inverse`.
void batched_lu_invert(const Array& stack, const Array& addresses, const Array& pivots, const Array& inverse,
                       const Array& info, const StreamRef& stream);

}  // namespace garray
