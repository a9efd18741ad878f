// What SciPy's convolutions share on the host: the argument rules (modes, ndim, empty inputs,
// valid mode's sizes), the result and compute dtypes, and the output shape and start of each mode.
#pragma once

#include "core/array/array.hpp"
#include "core/signal/convolution_kernels.hpp"

#include <garray/signal.h>

namespace garray::convolution_geometry {

// Throws GA_ERROR_INVALID_ARGUMENT naming `function` for an unknown mode.
void require_mode(ga_convolve_mode_t mode, const char* function);

// Throws GA_ERROR_SHAPE_MISMATCH for inputs of different ndim, GA_ERROR_INVALID_ARGUMENT for an
// empty input; both name `function`.
void require_same_ndim_and_nonempty(const Array& in1, const Array& in2, const char* function);

// SciPy's _inputs_swap_needed: in valid mode, whether in2 is the larger (then the inputs trade
// places); throws GA_ERROR_INVALID_ARGUMENT when neither is at least as large along every axis.
bool swap_for_valid(const Dims& in1, const Dims& in2, ga_convolve_mode_t mode, const char* function);

// A 0-d array as a view of shape (1,), so that 0-d inputs multiply as SciPy's in1 * in2.
Array at_least_1d(const Array& array);

// NumPy's result_type of the inputs, and the dtype the direct sums run in for it (uint64 for bool
// and integers, float32 for the half-precision floats).
ga_dtype_t result_dtype(const Array& in1, const Array& in2);
ga_dtype_t direct_compute_dtype(ga_dtype_t result);

// The sum's geometry for a signal of `input` and a kernel of `kernel` (the signal at least as large
// in valid mode): output lengths n + k - 1, n or n - k + 1 and starts 0, the centring offset
// ((k - 1) // 2, or k // 2 with `same_start_rounds_up`: correlate2d's) or k - 1.
convolution_kernels::Geometry geometry_of(const Dims& input, const Dims& kernel, ga_convolve_mode_t mode,
                                          ga_boundary_t boundary, bool same_start_rounds_up);

}  // namespace garray::convolution_geometry
