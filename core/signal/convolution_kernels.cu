#include "core/signal/convolution_kernels.hpp"

#include "core/common/cuda_check.hpp"
#include "core/common/error.hpp"
#include "core/signal/device_arithmetic.cuh"

#include <algorithm>
#include <cstring>

namespace garray::convolution_kernels {

namespace {

using namespace garray::signal_device;

constexpr int kThreads = 256;
constexpr int kTileX = 32;  // a warp's outputs along a row: its shared-memory reads are consecutive
constexpr int kTileY = 8;

// One thread an output: the kernel's elements walked in C order with an index counter per axis.
template <class T>
__global__ void direct_kernel(const T* __restrict__ input, const T* __restrict__ kernel, T* __restrict__ output,
                              Geometry g, std::int64_t output_count, std::int64_t kernel_count, T fill,
                              Conjugation conjugation) {
  GA_SIGNAL_GRID_STRIDE_LOOP(o, output_count) {
    std::int64_t base[kMaxDims];  // m + start
    std::int64_t rest = o;
    for (int d = g.ndim - 1; d >= 0; --d) {
      base[d] = rest % g.output_shape[d] + g.start[d];
      rest /= g.output_shape[d];
    }
    std::int64_t k_index[kMaxDims] = {};
    T acc = zero<T>();
    for (std::int64_t k = 0; k < kernel_count; ++k) {
      std::int64_t flat = 0;
      bool inside = true;
      for (int d = 0; d < g.ndim && inside; ++d) {
        std::int64_t i = base[d] - k_index[d];
        inside = extend(i, g.input_shape[d], g.boundary);
        flat = flat * g.input_shape[d] + i;
      }
      const T w = conjugation.kernel ? conjugate(kernel[k]) : kernel[k];
      const T v = inside ? (conjugation.input ? conjugate(input[flat]) : input[flat]) : fill;
      acc = mul_add(acc, w, v);
      for (int d = g.ndim - 1; d >= 0; --d) {
        if (++k_index[d] < g.kernel_shape[d]) break;
        k_index[d] = 0;
      }
    }
    output[o] = acc;
  }
}

// Outputs per thread (a column of R) and kernel rows per unrolled chunk (C), per compute dtype: the
// R accumulators and the R + C - 1 input values of a column stay in registers.
template <class T>
struct TileShape {
  static constexpr int rows = 8, chunk = 16;
};
template <>
struct TileShape<float> {
  static constexpr int rows = 16, chunk = 32;
};
template <>
struct TileShape<cuDoubleComplex> {
  static constexpr int rows = 4, chunk = 8;
};

struct Plane {
  std::int64_t height, width;                  // the input
  int kernel_height, kernel_width;             // the kernel
  std::int64_t out_height, out_width;          // the output
  std::int64_t start_y, start_x;               // the mode's start
  ga_boundary_t boundary;
};

// A block's outputs are kTileX wide and kTileY * R tall. Its input (with the kernel's halo, the
// boundary rule applied once, here) is staged in shared memory; then each thread walks the kernel's
// columns, loads the input column under its R outputs into registers once per chunk of C kernel
// rows, and adds C * R products from it: about (R + 2C) shared or cached loads per R * C
// fused multiply-adds.
template <class T>
__global__ void tiled_kernel(const T* __restrict__ input, const T* __restrict__ kernel, T* __restrict__ output,
                             Plane p, T fill, Conjugation conjugation) {
  constexpr int R = TileShape<T>::rows;
  constexpr int C = TileShape<T>::chunk;
  extern __shared__ unsigned char shared_bytes[];
  T* tile = reinterpret_cast<T*>(shared_bytes);
  const int kh = p.kernel_height, kw = p.kernel_width;
  const int rows = kTileY * R + kh - 1;
  const int cols = kTileX + kw - 1;
  const std::int64_t y0 = static_cast<std::int64_t>(blockIdx.y) * (kTileY * R);
  const std::int64_t x0 = static_cast<std::int64_t>(blockIdx.x) * kTileX;
  const std::int64_t iy0 = y0 + p.start_y - (kh - 1);
  const std::int64_t ix0 = x0 + p.start_x - (kw - 1);
  for (int idx = threadIdx.y * kTileX + threadIdx.x; idx < rows * cols; idx += kTileX * kTileY) {
    std::int64_t iy = iy0 + idx / cols;
    std::int64_t ix = ix0 + idx % cols;
    const bool inside = extend(iy, p.height, p.boundary) && extend(ix, p.width, p.boundary);
    tile[idx] = inside ? (conjugation.input ? conjugate(input[iy * p.width + ix]) : input[iy * p.width + ix]) : fill;
  }
  __syncthreads();

  T acc[R];
#pragma unroll
  for (int r = 0; r < R; ++r) acc[r] = zero<T>();
  const T* column_top = tile + threadIdx.y * R * cols + threadIdx.x;
  for (int ky0 = 0; ky0 < kh; ky0 += C) {
    const int chunk = min(C, kh - ky0);
    for (int kx = 0; kx < kw; ++kx) {  // the tile's column offset: kernel column kw - 1 - kx
      T v[R + C - 1];
#pragma unroll
      for (int j = 0; j < R + C - 1; ++j) v[j] = j < R + chunk - 1 ? column_top[(ky0 + j) * cols + kx] : fill;
      const T* weights = kernel + static_cast<std::int64_t>(kh - 1 - ky0) * kw + (kw - 1 - kx);
#pragma unroll
      for (int c = 0; c < C; ++c) {
        if (c < chunk) {
          const T w = conjugation.kernel ? conjugate(weights[-c * kw]) : weights[-c * kw];
#pragma unroll
          for (int r = 0; r < R; ++r) acc[r] = mul_add(acc[r], w, v[r + c]);
        }
      }
    }
  }
  const std::int64_t ox = x0 + threadIdx.x;
#pragma unroll
  for (int r = 0; r < R; ++r) {
    const std::int64_t oy = y0 + threadIdx.y * R + r;
    if (oy < p.out_height && ox < p.out_width) output[oy * p.out_width + ox] = acc[r];
  }
}

// Whether the tile of `plane` fits in a block's shared memory (raising the block's limit to the
// device's opt-in maximum where needed) and the grid in its limits.
template <class T>
bool prepare_tiled(const Plane& plane, std::size_t& shared_bytes, dim3& grid) {
  constexpr int R = TileShape<T>::rows;
  if (plane.out_height < 2) return false;  // a single row would leave R - 1 of each R outputs idle
  const std::int64_t rows = kTileY * R + std::int64_t{plane.kernel_height} - 1;
  const std::int64_t cols = kTileX + std::int64_t{plane.kernel_width} - 1;
  shared_bytes = static_cast<std::size_t>(rows * cols) * sizeof(T);
  const std::int64_t blocks_y = (plane.out_height + kTileY * R - 1) / (kTileY * R);
  const std::int64_t blocks_x = (plane.out_width + kTileX - 1) / kTileX;
  if (blocks_y > 65535 || blocks_x > 0x7fffffff) return false;
  int device = 0;
  check_cuda(cudaGetDevice(&device), "cudaGetDevice");
  int optin = 0;
  check_cuda(cudaDeviceGetAttribute(&optin, cudaDevAttrMaxSharedMemoryPerBlockOptin, device), "cudaDeviceGetAttribute");
  if (shared_bytes > static_cast<std::size_t>(optin)) return false;
  if (shared_bytes > 48 * 1024) {
    check_cuda(cudaFuncSetAttribute(tiled_kernel<T>, cudaFuncAttributeMaxDynamicSharedMemorySize,
                                    static_cast<int>(shared_bytes)),
               "cudaFuncSetAttribute");
  }
  grid = dim3(static_cast<unsigned>(blocks_x), static_cast<unsigned>(blocks_y));
  return true;
}

template <class T>
void launch(const void* input, const void* kernel, void* output, const Geometry& g, const void* fill_bytes,
            Conjugation conjugation, cudaStream_t stream) {
  T fill;
  std::memcpy(&fill, fill_bytes, sizeof(T));
  const auto* in = static_cast<const T*>(input);
  const auto* ker = static_cast<const T*>(kernel);
  auto* out = static_cast<T*>(output);
  std::int64_t output_count = 1, kernel_count = 1;
  for (int d = 0; d < g.ndim; ++d) {
    output_count *= g.output_shape[d];
    kernel_count *= g.kernel_shape[d];
  }
  if (output_count == 0) return;
  if (g.ndim == 2 && g.kernel_shape[0] <= 0x7fff && g.kernel_shape[1] <= 0x7fff) {
    const Plane plane{g.input_shape[0],
                      g.input_shape[1],
                      static_cast<int>(g.kernel_shape[0]),
                      static_cast<int>(g.kernel_shape[1]),
                      g.output_shape[0],
                      g.output_shape[1],
                      g.start[0],
                      g.start[1],
                      g.boundary};
    std::size_t shared_bytes = 0;
    dim3 grid;
    if (prepare_tiled<T>(plane, shared_bytes, grid)) {
      tiled_kernel<T><<<grid, dim3(kTileX, kTileY), shared_bytes, stream>>>(in, ker, out, plane, fill,
                                                                           conjugation);
      check_cuda(cudaGetLastError(), "convolution tiled_kernel");
      return;
    }
  }
  const auto blocks = static_cast<unsigned>(std::clamp<std::int64_t>((output_count + kThreads - 1) / kThreads, 1,
                                                                     std::int64_t{1} << 20));
  direct_kernel<T><<<blocks, kThreads, 0, stream>>>(in, ker, out, g, output_count, kernel_count, fill,
                                                   conjugation);
  check_cuda(cudaGetLastError(), "convolution direct_kernel");
}

}  // namespace

bool computes_in(ga_dtype_t dtype) {
  return dtype == GA_FLOAT32 || dtype == GA_FLOAT64 || dtype == GA_COMPLEX64 || dtype == GA_COMPLEX128 ||
         dtype == GA_UINT64;
}

void convolve(ga_dtype_t dtype, const void* input, const void* kernel, void* output, const Geometry& geometry,
              const void* fill, Conjugation conjugation, cudaStream_t stream) {
  switch (dtype) {
    case GA_FLOAT32: return launch<float>(input, kernel, output, geometry, fill, conjugation, stream);
    case GA_FLOAT64: return launch<double>(input, kernel, output, geometry, fill, conjugation, stream);
    case GA_COMPLEX64:
      return launch<cuFloatComplex>(input, kernel, output, geometry, fill, conjugation, stream);
    case GA_COMPLEX128:
      return launch<cuDoubleComplex>(input, kernel, output, geometry, fill, conjugation, stream);
    case GA_UINT64:
      return launch<unsigned long long>(input, kernel, output, geometry, fill, conjugation, stream);
    default: throw Error(GA_ERROR_DTYPE, "convolution kernels do not compute in this dtype");
  }
}

}  // namespace garray::convolution_kernels
