// Kernels launched with attributes: as one thread-block cluster (compute capability 9.0 and newer; the
// factorizations' panels), overlapping the kernel before them, with more than 48 KB of dynamic shared memory; the
// device side of that overlap.
#pragma once

#include "core/common/cuda_check.hpp"

#include <cuda_runtime.h>

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <utility>

namespace garray {

// `kernel` on `stream` as `blocks` blocks of `threads` threads with `shared` bytes of dynamic shared memory each, all
// one cluster when `clustered`. With `overlaps_previous`, the kernel may start before the kernel queued before it
// ends (programmatic dependent launch: once that one executes `griddepcontrol.launch_dependents`): it then executes
// `griddepcontrol.wait` before it reads what that one wrote.
template <class... Parameters, class... Arguments>
cudaError_t launch_kernel(void (*kernel)(Parameters...), int blocks, int threads, std::size_t shared, bool clustered,
                          bool overlaps_previous, cudaStream_t stream, Arguments&&... arguments) {
  cudaLaunchConfig_t config{};
  config.gridDim = dim3(blocks);
  config.blockDim = dim3(threads);
  config.dynamicSmemBytes = shared;
  config.stream = stream;
  cudaLaunchAttribute attributes[2]{};
  unsigned count = 0;
  if (clustered) {
    attributes[count].id = cudaLaunchAttributeClusterDimension;
    attributes[count].val.clusterDim.x = blocks;
    attributes[count].val.clusterDim.y = 1;
    attributes[count].val.clusterDim.z = 1;
    ++count;
  }
  if (overlaps_previous) {
    attributes[count].id = cudaLaunchAttributeProgrammaticStreamSerialization;
    attributes[count].val.programmaticStreamSerializationAllowed = 1;
    ++count;
  }
  config.attrs = attributes;
  config.numAttrs = count;
  return cudaLaunchKernelEx(&config, kernel, std::forward<Arguments>(arguments)...);
}

// Lets `kKernel` take `bytes` of dynamic shared memory a block on the current device, asked of the driver once per
// device (the first 64; a race asks twice, harmlessly), not once per call. `bytes` is the same on every call.
template <auto kKernel>
void allow_dynamic_shared_memory(std::size_t bytes, const char* what) {
  static std::atomic<std::uint64_t> allowed_devices{0};
  int device = 0;
  check_cuda(cudaGetDevice(&device), what);
  const std::uint64_t bit = device < 64 ? std::uint64_t{1} << device : 0;
  if ((allowed_devices.load(std::memory_order_acquire) & bit) != 0) return;
  check_cuda(cudaFuncSetAttribute(kKernel, cudaFuncAttributeMaxDynamicSharedMemorySize, static_cast<int>(bytes)), what);
  allowed_devices.fetch_or(bit, std::memory_order_acq_rel);
}

// The kernel launched after this one with `overlaps_previous` may start (once every block of this one has said so or
// exited). Below compute capability 9.0 kernels never overlap: this and wait_for_previous_kernel do nothing there.
__device__ __forceinline__ void let_next_kernel_start() {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 900
  asm volatile("griddepcontrol.launch_dependents;");
#endif
}

// Waits until the kernel before this one (launched with `overlaps_previous`) has ended and its writes are visible.
__device__ __forceinline__ void wait_for_previous_kernel() {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 900
  asm volatile("griddepcontrol.wait;" ::: "memory");
#endif
}

// `kernel` as one cluster of `blocks` blocks (launch_kernel).
template <class... Parameters, class... Arguments>
cudaError_t launch_cluster(void (*kernel)(Parameters...), int blocks, int threads, std::size_t shared,
                           bool overlaps_previous, cudaStream_t stream, Arguments&&... arguments) {
  return launch_kernel(kernel, blocks, threads, shared, true, overlaps_previous, stream,
                       std::forward<Arguments>(arguments)...);
}

}  // namespace garray
