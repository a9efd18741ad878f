// The pinned host pool: page-locked memory for fast, asynchronous transfers, cached by the same
// algorithm as device memory. Host code touches a block as soon as it has it, so a freed block is
// reused only once the stream it was freed on has passed the free.
#pragma once

#include "core/memory/memory_stats.hpp"
#include "core/runtime/stream.hpp"

#include <cstddef>

namespace garray {

// `bytes` of page-locked host memory, or nullptr for 0 bytes. GA_ERROR_NO_DEVICE without a GPU;
// GA_ERROR_OUT_OF_MEMORY after the cache has been returned and the allocation retried.
void* allocate_pinned(std::size_t bytes);

// Returns `ptr` to the pool; it is handed out again once work queued on `stream` so far has
// finished. nullptr is ignored; GA_ERROR_INVALID_ARGUMENT for a pointer the pool did not hand out.
void free_pinned(void* ptr, const StreamRef& stream);

MemoryStats pinned_memory_stats();

// Waits for the streams blocks were freed on, then returns every wholly free segment to the driver.
void free_all_pinned_blocks();

}  // namespace garray
