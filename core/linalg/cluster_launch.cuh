// Kernels launched with attributes: as one thread-block cluster (compute capability 9.0 and newer; the
// factorizations' panels), overlapping the kernel before them; the device side of that overlap.
#pragma once

#include <cuda_runtime.h>

#include <cstddef>
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
