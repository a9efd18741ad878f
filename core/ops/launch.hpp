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

// Blocks for a grid-stride loop over `count` items with `threads` per block: as many as give each
// thread one item, so that the loop runs once. Capping the grid at a few resident blocks per SM and
// looping instead cost 5-10% of memory bandwidth on the H100 (bench/NOTES.md).
unsigned grid_stride_blocks(std::int64_t count, int threads);

// Blocks for a kernel without a loop, in which each block handles `elements_per_block` elements:
// enough to cover `elements`. Throws GA_ERROR_INVALID_ARGUMENT beyond CUDA's grid limit (2^31 - 1
// blocks, trillions of elements).
unsigned single_pass_blocks(std::int64_t elements, std::int64_t elements_per_block);

}  // namespace garray
