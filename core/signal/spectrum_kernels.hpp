// The elementwise steps of the FFT convolution, compiled ahead with nvcc: the product of two
// spectra and the conjugate of an operand, over contiguous complex64 or complex128 arrays.
#pragma once

#include <garray/base.h>

#include <cuda_runtime_api.h>

#include <cstdint>

namespace garray::spectrum_kernels {

// product[i] *= factor[i] for `count` elements of `dtype` (complex64 or complex128).
void multiply(ga_dtype_t dtype, void* product, const void* factor, std::int64_t count, cudaStream_t stream);

// values[i] = conj(values[i]).
void conjugate(ga_dtype_t dtype, void* values, std::int64_t count, cudaStream_t stream);

}  // namespace garray::spectrum_kernels
