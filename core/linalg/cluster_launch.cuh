// A kernel launched as one thread-block cluster (compute capability 9.0 and newer): the factorizations' panels.
#pragma once

#include <cuda_runtime.h>

#include <cstddef>
#include <utility>

namespace garray {

// `kernel` on `stream` as one cluster of `blocks` blocks of `threads` threads with `shared` bytes of dynamic shared
// memory each.
template <class... Parameters, class... Arguments>
cudaError_t launch_cluster(void (*kernel)(Parameters...), int blocks, int threads, std::size_t shared,
                           cudaStream_t stream, Arguments&&... arguments) {
  cudaLaunchConfig_t config{};
  config.gridDim = dim3(blocks);
  config.blockDim = dim3(threads);
  config.dynamicSmemBytes = shared;
  config.stream = stream;
  cudaLaunchAttribute cluster{};
  cluster.id = cudaLaunchAttributeClusterDimension;
  cluster.val.clusterDim.x = blocks;
  cluster.val.clusterDim.y = 1;
  cluster.val.clusterDim.z = 1;
  config.attrs = &cluster;
  config.numAttrs = 1;
  return cudaLaunchKernelEx(&config, kernel, std::forward<Arguments>(arguments)...);
}

}  // namespace garray
