#include "core/memory/pinned_memory.hpp"

#include "core/memory/caching_allocator.hpp"
#include "core/memory/cuda_stream_ordering.hpp"
#include "core/memory/cuda_upstreams.hpp"
#include "core/memory/unknown_pointer.hpp"
#include "core/runtime/device.hpp"

namespace garray {

namespace {

struct PinnedPool {
  PinnedUpstream upstream;
  CudaEventOrdering ordering;
  CachingAllocator allocator{upstream, ordering, "pinned host memory"};
};

// Never destroyed, so that blocks freed by other static objects at exit still find it.
CachingAllocator& pinned_pool() {
  require_device(0);
  static PinnedPool* pool = new PinnedPool;
  return pool->allocator;
}

}  // namespace

void* allocate_pinned(std::size_t bytes) { return pinned_pool().allocate(bytes, kNoStream); }

void free_pinned(void* ptr, const StreamRef& stream) {
  CachingAllocator& pool = pinned_pool();
  FreeingStream freeing = freeing_stream(stream);
  // Allocations of pinned memory wait for markers whatever the stream, so record the marker now:
  // by the next allocation the stream has often passed it.
  freeing.record_later = false;
  if (!pool.deallocate(ptr, freeing)) throw_unknown_pointer(ptr, "ga_pinned_allocate");
}

MemoryStats pinned_memory_stats() { return pinned_pool().stats(); }

void free_all_pinned_blocks() { pinned_pool().release_cached(); }

}  // namespace garray
