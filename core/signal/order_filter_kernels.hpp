// The order-filter kernels of the signal module, compiled ahead with nvcc: each output the
// rank-th smallest of the input under a domain's nonzero offsets centred on it, zeros past the
// edges, over C-contiguous arrays of one compute dtype (float32, float64, int64 for signed integers,
// uint64 for unsigned integers and bool).
#pragma once

#include <garray/base.h>

#include <cuda_runtime_api.h>

#include <cstdint>

namespace garray::order_filter_kernels {

inline constexpr int kMaxDims = 8;

struct Geometry {
  int ndim = 0;
  std::int64_t shape[kMaxDims] = {};   // the input's and output's
  std::int64_t center[kMaxDims] = {};  // the domain's centre: its lengths // 2
};

bool computes_in(ga_dtype_t dtype);

// Any domain: `offsets` (device memory, `count` rows of `ndim` int64 positions in the domain) and
// a selection by counting, per candidate, the values below and equal to it (count^2 compares an
// output, no per-thread array).
void order_filter(ga_dtype_t dtype, const void* input, void* output, const Geometry& geometry,
                  const std::int64_t* offsets, std::int64_t count, std::int64_t rank, cudaStream_t stream);

// The median of full 2-D windows of `window_height` x `window_width` of float32 or float64 input of
// `height` x `width`, in registers; false (nothing queued) for the windows it has no network for
// (it has 3x3, 5x5 and 7x7).
bool median_2d(ga_dtype_t dtype, const void* input, void* output, std::int64_t height, std::int64_t width,
               std::int64_t window_height, std::int64_t window_width, cudaStream_t stream);

}  // namespace garray::order_filter_kernels
