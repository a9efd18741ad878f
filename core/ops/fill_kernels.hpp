// Generated sources of kernels that write values computed from the index alone: fills, sequences
// (arange, linspace, logspace) and the triangle of ones (tri).
#pragma once

#include "core/ops/copy_kernels.hpp"

namespace garray {

// dst[i] = value.  Arguments: (Dst* dst, Index n, Dst value).
const GeneratedKernel& contiguous_fill_kernel(ga_dtype_t dtype, bool wide);

// Arguments: (Dst* dst, Index n, ga_loop_params params, Dst value); one operand.
const GeneratedKernel& strided_fill_kernel(ga_dtype_t dtype, int rank, bool wide);

enum class SequenceKind {
  arange_integer,  // dst[i] = start + i * step in 64-bit integer arithmetic (wrapping)
  arange_float,    // NumPy: dst[0] = T(start), dst[1] = T(start + step), then first + i * delta
  linspace,        // dst[i] = cast(start + i * step) in double, integers floored; last = stop
  logspace,        // dst[i] = cast(pow(base, start + i * step)); last uses stop
};

// Arguments: (Dst* dst, Index n, double start, double step, double stop, double base,
// long long integer_start, long long integer_step, int pin_last).
const GeneratedKernel& sequence_kernel(SequenceKind kind, ga_dtype_t dtype, bool wide);

// dst[r * columns + c] = (c <= r + k) for a C-contiguous rows × columns array.
// Arguments: (Dst* dst, Index n, long long columns, long long k).
const GeneratedKernel& tri_kernel(ga_dtype_t dtype, bool wide);

}  // namespace garray
