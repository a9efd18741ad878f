// Inverses of stacks of small matrices (order up to 64; complex128 up to 32) by Gauss-Jordan elimination with partial
// pivoting, a warp or two a matrix, a row a lane held in registers, compiled ahead with nvcc.
//
// cuBLAS's getrfBatched + getriBatched take ~0.42 ms for 1000 float32 matrices of 64 x 64 on an H100 (CuPy's inv
// ~0.45), against ~11 us of bytes: they are several launches and passes over memory. Here each matrix is read once
// and written once, through shared memory in whole rows, and a step of the elimination costs one warp-wide maximum
// (the pivot search), one barrier of the matrix's warps (each posts its best row) and a fused multiply-add an entry.
// Rows are never swapped: the inverse is written out through the pivot order.
#pragma once

#include <garray/base.h>

#include <cuda_runtime_api.h>

#include <cstdint>

namespace garray::small_inverse {

// Whether `count` n x n matrices of `dtype` take this inverse: float32, float64 and complex64 of order 1 to 64,
// complex128 of order 1 to 32, up to INT_MAX of them.
bool prefers(ga_dtype_t dtype, std::int64_t n, std::int64_t count);

// inverse[i] = matrices[i]^-1 for each of `count` C-contiguous n x n matrices of `dtype` (prefers() true; `inverse` a
// separate C-contiguous stack of the same shape) and info[i] (int32) = 1 + the first step whose pivot is zero (as
// getrf's info; that inverse is then not finite), else 0. The pivot is the entry of largest magnitude (|re| + |im|) as
// LAPACK's, magnitudes within 2^-16 (float32) or 2^-13 (float64) of each other counting as equal (the lower row
// wins). Queued on `stream`; launch failures throw.
void invert(ga_dtype_t dtype, const void* matrices, void* inverse, std::int64_t count, std::int64_t n, int* info,
            cudaStream_t stream);

}  // namespace garray::small_inverse
