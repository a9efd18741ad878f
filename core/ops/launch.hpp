// Launching generated kernels: compile through the engine (cached), then launch on a stream.
#pragma once

#include "core/ops/copy_kernels.hpp"
#include "core/runtime/stream.hpp"

#include <cuda_runtime_api.h>

#include <cstdint>

namespace garray {

// Compiles (or finds in the cache) `kernel`, one of the memoized generated kernels, for the
// stream's device and launches it there. After the first launch on a device the loaded kernel is
// found by the kernel's address alone, and stays loaded for the life of the process.
// `arguments` point at each kernel argument, in order, as cudaLaunchKernel takes them.
void launch_generated(const GeneratedKernel& kernel, dim3 grid, dim3 block, const StreamRef& stream,
                      void** arguments);

// Blocks for a grid-stride loop over `count` elements with `threads` per block: enough to fill the
// device several times over, no more.
unsigned grid_stride_blocks(std::int64_t count, int threads, int device);

}  // namespace garray
