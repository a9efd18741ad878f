#include "core/signal/spectrum_kernels.hpp"

#include "core/common/cuda_check.hpp"
#include "core/common/error.hpp"
#include "core/signal/device_arithmetic.cuh"

#include <algorithm>

namespace garray::spectrum_kernels {

namespace {

using namespace garray::signal_device;

constexpr int kThreads = 256;

unsigned blocks_for(std::int64_t count) {
  return static_cast<unsigned>(std::clamp<std::int64_t>((count + kThreads - 1) / kThreads, 1, std::int64_t{1} << 20));
}

template <class T>
__global__ void multiply_kernel(T* __restrict__ product, const T* __restrict__ factor, std::int64_t count) {
  GA_SIGNAL_GRID_STRIDE_LOOP(i, count) { product[i] = mul_add(zero<T>(), product[i], factor[i]); }
}

template <class T>
__global__ void conjugate_kernel(T* values, std::int64_t count) {
  GA_SIGNAL_GRID_STRIDE_LOOP(i, count) { values[i] = signal_device::conjugate(values[i]); }
}

}  // namespace

void multiply(ga_dtype_t dtype, void* product, const void* factor, std::int64_t count, cudaStream_t stream) {
  if (count == 0) return;
  if (dtype == GA_COMPLEX64) {
    multiply_kernel<<<blocks_for(count), kThreads, 0, stream>>>(static_cast<cuFloatComplex*>(product),
                                                                static_cast<const cuFloatComplex*>(factor), count);
  } else if (dtype == GA_COMPLEX128) {
    multiply_kernel<<<blocks_for(count), kThreads, 0, stream>>>(static_cast<cuDoubleComplex*>(product),
                                                                static_cast<const cuDoubleComplex*>(factor), count);
  } else {
    throw Error(GA_ERROR_DTYPE, "spectrum product: complex64 or complex128 only");
  }
  check_cuda(cudaGetLastError(), "spectrum multiply_kernel");
}

void conjugate(ga_dtype_t dtype, void* values, std::int64_t count, cudaStream_t stream) {
  if (count == 0) return;
  if (dtype == GA_COMPLEX64) {
    conjugate_kernel<<<blocks_for(count), kThreads, 0, stream>>>(static_cast<cuFloatComplex*>(values), count);
  } else if (dtype == GA_COMPLEX128) {
    conjugate_kernel<<<blocks_for(count), kThreads, 0, stream>>>(static_cast<cuDoubleComplex*>(values), count);
  } else {
    throw Error(GA_ERROR_DTYPE, "spectrum conjugate: complex64 or complex128 only");
  }
  check_cuda(cudaGetLastError(), "spectrum conjugate_kernel");
}

}  // namespace garray::spectrum_kernels
