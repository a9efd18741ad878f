// The direct convolution kernels of the signal module, compiled ahead with nvcc: out[m] =
// sum_k kernel[k] * input_ext[m + start - k] over C-contiguous arrays of one compute dtype, where
// input_ext extends the input past its edges by the boundary rule (a fill value, periodic wrap, or
// symmetric reflection including the edge sample). Every convolve/correlate mode of SciPy is this
// sum with its own output shape and start (core/signal/convolution.cpp).
#pragma once

#include <garray/base.h>
#include <garray/signal.h>

#include <cuda_runtime_api.h>

#include <cstdint>

namespace garray::convolution_kernels {

inline constexpr int kMaxDims = 8;

struct Geometry {
  int ndim = 0;
  std::int64_t input_shape[kMaxDims] = {};
  std::int64_t kernel_shape[kMaxDims] = {};
  std::int64_t output_shape[kMaxDims] = {};
  std::int64_t start[kMaxDims] = {};
  ga_boundary_t boundary = GA_BOUNDARY_FILL;
};

// The dtypes the kernels compute in: float32, float64, complex64, complex128, and uint64 for every
// integer and bool input (sums of products wrap modulo 2^64, which the cast to the result's width
// turns into the width's own wrapping).
bool computes_in(ga_dtype_t dtype);

// Which operands the sum conjugates as it reads them (the fill value never).
struct Conjugation {
  bool input = false;
  bool kernel = false;
};

// Queues the sum on `stream`. `fill` points to one element of `dtype` (read on the host). 2-D inputs of more than one output row go through
// a shared-memory tile (the input tile and its halo staged once per block, each thread summing a
// column of outputs with the input column held in registers); the rest through one thread per output.
// Launch failures throw.
void convolve(ga_dtype_t dtype, const void* input, const void* kernel, void* output, const Geometry& geometry,
              const void* fill, Conjugation conjugation, cudaStream_t stream);

}  // namespace garray::convolution_kernels
