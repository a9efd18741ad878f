// A kernel launched as one thread-block cluster (compute capability 9.0 and newer): the factorizations' panels.
#pragma once

#include <cuda_runtime.h>

#include <cstddef>
#include <utility>

namespace garray {

// `kernel` on `stream` as one cluster of `blocks` blocks of `threads` threads with `shared` bytes of dynamic shared
// memory each. With `overlaps_previous`, the cluster may start before the kernel queued before it ends (programmatic
// dependent launch): the kernel then executes `griddepcontrol.wait` before it reads what that one wrote.
template <class... Parameters, class... Arguments>
cudaError_t launch_cluster(void (*kernel)(Parameters...), int blocks, int threads, std::size_t shared,
                           bool overlaps_previous, cudaStream_t stream, Arguments&&... arguments) {
  cudaLaunchConfig_t config{};
  config.gridDim = dim3(blocks);
  config.blockDim = dim3(threads);
  config.dynamicSmemBytes = shared;
  config.stream = stream;
  cudaLaunchAttribute attributes[2]{};
  attributes[0].id = cudaLaunchAttributeClusterDimension;
  attributes[0].val.clusterDim.x = blocks;
  attributes[0].val.clusterDim.y = 1;
  attributes[0].val.clusterDim.z = 1;
  attributes[1].id = cudaLaunchAttributeProgrammaticStreamSerialization;
  attributes[1].val.programmaticStreamSerializationAllowed = 1;
  config.attrs = attributes;
  config.numAttrs = overlaps_previous ? 2 : 1;
  return cudaLaunchKernelEx(&config, kernel, std::forward<Arguments>(arguments)...);
}

}  // namespace garray
