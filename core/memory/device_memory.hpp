// The memory of one device: the backend that serves its allocations (garray's caching pool over
// cudaMalloc, cudaMallocAsync, or the caller's hooks), its limit and its statistics. Plus the raw
// allocate/free behind ga_memory_allocate() and ga_memory_free().
#pragma once

#include <garray/memory.h>

#include "core/memory/caching_allocator.hpp"
#include "core/memory/cuda_stream_ordering.hpp"
#include "core/memory/cuda_upstreams.hpp"
#include "core/memory/memory_stats.hpp"
#include "core/memory/tracked_allocations.hpp"
#include "core/runtime/stream.hpp"

#include <cstddef>
#include <shared_mutex>

namespace garray {

// Thread-safe. Allocations and frees share a lock that a change of backend takes alone, so a
// backend never changes under an allocation in flight.
class DeviceMemory {
 public:
  // The memory of `device`, created at its first use (reading GA_GPU_MEMORY_LIMIT and
  // GA_MEMORY_BACKEND, which may throw GA_ERROR_INVALID_ARGUMENT) and never destroyed, so that
  // blocks freed by other static objects at exit still find it. GA_ERROR_NO_DEVICE for a bad
  // ordinal.
  static DeviceMemory& of(int device);
  // The memory of `device` if it has been created; nullptr otherwise or for a bad ordinal.
  static DeviceMemory* find(int device) noexcept;

  DeviceMemory(const DeviceMemory&) = delete;
  DeviceMemory& operator=(const DeviceMemory&) = delete;

  int device() const noexcept { return device_; }

  // `bytes` that work on `stream` (a stream of this device) may use at once; nullptr for 0 bytes.
  void* allocate(std::size_t bytes, const StreamRef& stream);
  // Takes back `ptr`, last used by work on `stream`. False, changing nothing, for a pointer this
  // device's memory did not hand out.
  [[nodiscard]] bool deallocate(void* ptr, const StreamRef& stream);
  bool owns(const void* ptr) const;

  MemoryStats stats() const;
  void reset_peak();
  // Returns every cached block to the driver, once no queued work can still use it.
  void free_all_blocks();
  void set_limit(std::size_t bytes);
  std::size_t limit() const;

  // POOL or ASYNC; GA_ERROR_INVALID_ARGUMENT while blocks are in use or for any other value,
  // GA_ERROR_UNSUPPORTED for ASYNC on a device without memory pools.
  void set_backend(ga_memory_backend_t backend);
  ga_memory_backend_t backend() const;
  // The caller's hooks (copied), or nullptr for the pool again; GA_ERROR_INVALID_ARGUMENT while
  // blocks are in use or for incomplete hooks.
  void set_allocator(const ga_allocator_t* allocator);

 private:
  explicit DeviceMemory(int device);

  void* allocate_outside_pool(std::size_t bytes, const Stream& stream);
  void release_outside_pool(void* ptr, std::size_t bytes, const Stream& stream);
  void require_async_supported() const;
  void require_nothing_in_use(const char* change) const;

  const int device_;
  DeviceUpstream upstream_;
  CudaEventOrdering ordering_;
  CachingAllocator pool_;
  TrackedAllocations outside_pool_;
  mutable std::shared_mutex backend_mutex_;
  ga_memory_backend_t backend_ = GA_MEMORY_BACKEND_POOL;
  ga_allocator_t hooks_{};
};

// `bytes` from the pool of the stream's device, ordered on `stream`; nullptr for 0 bytes.
void* allocate_device_memory(std::size_t bytes, const StreamRef& stream);

// Returns `ptr` to the pool of its device, ordered on `stream`, or for an empty `stream` on the
// calling thread's current stream of that device. nullptr is ignored. GA_ERROR_INVALID_ARGUMENT for
// a pointer no device pool handed out or a stream of another device; GA_ERROR_NO_DEVICE without
// one.
void free_device_memory(void* ptr, const StreamRef& stream);

}  // namespace garray
