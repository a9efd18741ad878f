// The arithmetic the signal kernels share, over their compute dtypes (float, double, cuFloatComplex,
// cuDoubleComplex, unsigned long long), and the grid-stride loop and boundary rule of their sums.
// Included by the .cu files of core/signal/ only.
#pragma once

#include <garray/signal.h>

#include <cuComplex.h>

#include <cstdint>

namespace garray::signal_device {

#define GA_SIGNAL_GRID_STRIDE_LOOP(i, count)                                                           \
  for (std::int64_t i = static_cast<std::int64_t>(blockIdx.x) * blockDim.x + threadIdx.x; i < (count); \
       i += static_cast<std::int64_t>(gridDim.x) * blockDim.x)

template <class T>
__device__ __forceinline__ T zero() {
  return T{};
}

// acc + w v
__device__ __forceinline__ float mul_add(float acc, float w, float v) { return fmaf(w, v, acc); }
__device__ __forceinline__ double mul_add(double acc, double w, double v) { return fma(w, v, acc); }
__device__ __forceinline__ unsigned long long mul_add(unsigned long long acc, unsigned long long w,
                                                      unsigned long long v) {
  return acc + w * v;
}
__device__ __forceinline__ cuFloatComplex mul_add(cuFloatComplex acc, cuFloatComplex w, cuFloatComplex v) {
  return make_cuFloatComplex(fmaf(-w.y, v.y, fmaf(w.x, v.x, acc.x)), fmaf(w.y, v.x, fmaf(w.x, v.y, acc.y)));
}
__device__ __forceinline__ cuDoubleComplex mul_add(cuDoubleComplex acc, cuDoubleComplex w, cuDoubleComplex v) {
  return make_cuDoubleComplex(fma(-w.y, v.y, fma(w.x, v.x, acc.x)), fma(w.y, v.x, fma(w.x, v.y, acc.y)));
}

__device__ __forceinline__ float conjugate(float x) { return x; }
__device__ __forceinline__ double conjugate(double x) { return x; }
__device__ __forceinline__ unsigned long long conjugate(unsigned long long x) { return x; }
__device__ __forceinline__ cuFloatComplex conjugate(cuFloatComplex x) { return cuConjf(x); }
__device__ __forceinline__ cuDoubleComplex conjugate(cuDoubleComplex x) { return cuConj(x); }

// Moves index `i` of an axis of `n` samples inside by the boundary rule; false where the fill value
// stands (GA_BOUNDARY_FILL past an edge). Symmetric reflection repeats the edge sample (SciPy's
// 'symm': ... b a | a b c | c b ...), with period 2n.
__device__ __forceinline__ bool extend(std::int64_t& i, std::int64_t n, ga_boundary_t boundary) {
  if (i >= 0 && i < n) return true;
  if (boundary == GA_BOUNDARY_FILL) return false;
  if (boundary == GA_BOUNDARY_WRAP) {
    i %= n;
    if (i < 0) i += n;
    return true;
  }
  const std::int64_t period = 2 * n;
  std::int64_t p = i % period;
  if (p < 0) p += period;
  i = p < n ? p : period - 1 - p;
  return true;
}

}  // namespace garray::signal_device
