#include "core/signal/order_filter_kernels.hpp"

#include "core/common/cuda_check.hpp"
#include "core/common/error.hpp"
#include "core/signal/device_arithmetic.cuh"

#include <algorithm>

namespace garray::order_filter_kernels {

namespace {

constexpr int kThreads = 256;

unsigned blocks_for(std::int64_t count) {
  return static_cast<unsigned>(std::clamp<std::int64_t>((count + kThreads - 1) / kThreads, 1, std::int64_t{1} << 20));
}

template <class T>
__device__ __forceinline__ T value_at(const T* __restrict__ input, const Geometry& g, const std::int64_t* position,
                                      const std::int64_t* __restrict__ offset) {
  std::int64_t flat = 0;
  for (int d = 0; d < g.ndim; ++d) {
    const std::int64_t i = position[d] + offset[d] - g.center[d];
    if (i < 0 || i >= g.shape[d]) return T{};
    flat = flat * g.shape[d] + i;
  }
  return input[flat];
}

template <class T>
__global__ void order_filter_kernel(const T* __restrict__ input, T* __restrict__ output, Geometry g,
                                    std::int64_t total, const std::int64_t* __restrict__ offsets,
                                    std::int64_t count, std::int64_t rank) {
  GA_SIGNAL_GRID_STRIDE_LOOP(o, total) {
    std::int64_t position[kMaxDims];
    std::int64_t rest = o;
    for (int d = g.ndim - 1; d >= 0; --d) {
      position[d] = rest % g.shape[d];
      rest /= g.shape[d];
    }
    T chosen = value_at(input, g, position, offsets);
    for (std::int64_t a = 0; a < count; ++a) {
      const T candidate = value_at(input, g, position, offsets + a * g.ndim);
      std::int64_t below = 0, equal = 0;
      for (std::int64_t b = 0; b < count; ++b) {
        const T other = value_at(input, g, position, offsets + b * g.ndim);
        below += other < candidate;
        equal += other == candidate;
      }
      if (below <= rank && rank < below + equal) {
        chosen = candidate;
        break;
      }
    }
    output[o] = chosen;
  }
}

template <class T>
__device__ __forceinline__ void order_pair(T& low, T& high) {
  const T a = low, b = high;
  low = b < a ? b : a;
  high = b < a ? a : b;
}

// The median of KH x KW (odd count N = 2k + 1) by forgetful selection: of k + 2 values the minimum
// and maximum lie on either side of the median of all N, so both are dropped and the next value
// joins; after k - 1 rounds the median of the last three is the answer. Every index is a
// compile-time constant, so the values stay in registers.
template <class T, int KH, int KW>
__global__ void median_2d_kernel(const T* __restrict__ input, T* __restrict__ output, std::int64_t height,
                                 std::int64_t width) {
  constexpr int N = KH * KW;
  constexpr int k = N / 2;
  const std::int64_t x = static_cast<std::int64_t>(blockIdx.x) * blockDim.x + threadIdx.x;
  const std::int64_t y = static_cast<std::int64_t>(blockIdx.y) * blockDim.y + threadIdx.y;
  if (x >= width || y >= height) return;
  T v[N];
#pragma unroll
  for (int e = 0; e < N; ++e) {
    const std::int64_t iy = y + e / KW - KH / 2;
    const std::int64_t ix = x + e % KW - KW / 2;
    v[e] = (iy >= 0 && iy < height && ix >= 0 && ix < width) ? __ldg(input + iy * width + ix) : T{};
  }
  constexpr int hi = k + 1;  // the set is v[lo .. hi]
#pragma unroll
  for (int lo = 0; lo < k - 1; ++lo) {
#pragma unroll
    for (int i = lo + 1; i <= hi; ++i) order_pair(v[lo], v[i]);
#pragma unroll
    for (int i = lo + 1; i < hi; ++i) order_pair(v[i], v[hi]);
    v[hi] = v[k + 2 + lo];  // the dropped maximum's place takes the next value
  }
  order_pair(v[k - 1], v[k]);
  order_pair(v[k], v[k + 1]);
  order_pair(v[k - 1], v[k]);
  output[y * width + x] = v[k];
}

template <class T>
void launch_order_filter(const void* input, void* output, const Geometry& g, const std::int64_t* offsets,
                         std::int64_t count, std::int64_t rank, cudaStream_t stream) {
  std::int64_t total = 1;
  for (int d = 0; d < g.ndim; ++d) total *= g.shape[d];
  if (total == 0) return;
  order_filter_kernel<T><<<blocks_for(total), kThreads, 0, stream>>>(static_cast<const T*>(input),
                                                                     static_cast<T*>(output), g, total, offsets,
                                                                     count, rank);
  check_cuda(cudaGetLastError(), "order_filter_kernel");
}

template <class T, int KH, int KW>
void launch_median(const void* input, void* output, std::int64_t height, std::int64_t width, cudaStream_t stream) {
  const dim3 block(32, 8);
  const dim3 grid(static_cast<unsigned>((width + 31) / 32), static_cast<unsigned>((height + 7) / 8));
  median_2d_kernel<T, KH, KW><<<grid, block, 0, stream>>>(static_cast<const T*>(input), static_cast<T*>(output),
                                                          height, width);
  check_cuda(cudaGetLastError(), "median_2d_kernel");
}

template <class T>
bool median_of(const void* input, void* output, std::int64_t height, std::int64_t width, std::int64_t window,
               cudaStream_t stream) {
  switch (window) {
    case 3: launch_median<T, 3, 3>(input, output, height, width, stream); return true;
    case 5: launch_median<T, 5, 5>(input, output, height, width, stream); return true;
    case 7: launch_median<T, 7, 7>(input, output, height, width, stream); return true;
    default: return false;
  }
}

}  // namespace

bool computes_in(ga_dtype_t dtype) {
  return dtype == GA_FLOAT32 || dtype == GA_FLOAT64 || dtype == GA_INT64 || dtype == GA_UINT64;
}

void order_filter(ga_dtype_t dtype, const void* input, void* output, const Geometry& geometry,
                  const std::int64_t* offsets, std::int64_t count, std::int64_t rank, cudaStream_t stream) {
  switch (dtype) {
    case GA_FLOAT32: return launch_order_filter<float>(input, output, geometry, offsets, count, rank, stream);
    case GA_FLOAT64: return launch_order_filter<double>(input, output, geometry, offsets, count, rank, stream);
    case GA_INT64: return launch_order_filter<long long>(input, output, geometry, offsets, count, rank, stream);
    case GA_UINT64:
      return launch_order_filter<unsigned long long>(input, output, geometry, offsets, count, rank, stream);
    default: throw Error(GA_ERROR_DTYPE, "order-filter kernels do not compute in this dtype");
  }
}

bool median_2d(ga_dtype_t dtype, const void* input, void* output, std::int64_t height, std::int64_t width,
               std::int64_t window_height, std::int64_t window_width, cudaStream_t stream) {
  if (window_height != window_width || height > 65535 * 8) return false;
  if (height == 0 || width == 0) return true;
  if (dtype == GA_FLOAT32) return median_of<float>(input, output, height, width, window_height, stream);
  if (dtype == GA_FLOAT64) return median_of<double>(input, output, height, width, window_height, stream);
  return false;
}

}  // namespace garray::order_filter_kernels
