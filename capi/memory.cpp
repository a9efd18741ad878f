#include <garray/memory.h>

#include "capi/guard.hpp"
#include "capi/handles.hpp"
#include "core/common/versioned_struct.hpp"
#include "core/memory/device_memory.hpp"
#include "core/memory/memory_stats.hpp"
#include "core/memory/pinned_memory.hpp"
#include "core/runtime/device.hpp"

#include <cstddef>

using garray::capi::deref;
using garray::capi::guarded;
using garray::capi::require_out;
using garray::capi::stream_or_current;

namespace {

// Throws GA_ERROR_INVALID_ARGUMENT for NULL `stats` or a struct_size too small to hold anything.
void require_stats(const ga_memory_stats_t* stats) {
  garray::require_versioned_struct(stats, offsetof(ga_memory_stats_t, used_bytes), "stats", "ga_memory_stats_t");
}

// Copies `stats` into the caller's struct, no further than its struct_size reaches.
void write_stats(const garray::MemoryStats& stats, ga_memory_stats_t* out) {
  ga_memory_stats_t filled{};
  filled.used_bytes = stats.used_bytes;
  filled.cached_bytes = stats.cached_bytes;
  filled.total_bytes = stats.total_bytes;
  filled.peak_used_bytes = stats.peak_used_bytes;
  filled.limit_bytes = stats.limit_bytes;
  filled.allocations = stats.allocations;
  filled.allocations_total = stats.allocations_total;
  filled.upstream_allocations = stats.upstream_allocations;
  garray::write_versioned_struct(out, filled);
}

}  // namespace

extern "C" {

GA_API ga_status_t ga_memory_allocate(size_t bytes, ga_stream_t stream, void** ptr) {
  return guarded(__func__, [&] {
    const garray::StreamRef& ordered_on = stream_or_current(stream);
    require_out(ptr, "ptr");
    *ptr = garray::allocate_device_memory(bytes, ordered_on);
  });
}

GA_API ga_status_t ga_memory_free(void* ptr, ga_stream_t stream) {
  return guarded(__func__, [&] {
    garray::free_device_memory(ptr, stream ? deref(stream, "stream") : garray::StreamRef());
  });
}

GA_API ga_status_t ga_memory_pool_stats(int device, ga_memory_stats_t* stats) {
  return guarded(__func__, [&] {
    require_stats(stats);
    write_stats(garray::DeviceMemory::of(device).stats(), stats);
  });
}

GA_API ga_status_t ga_memory_pool_reset_peak(int device) {
  return guarded(__func__, [&] { garray::DeviceMemory::of(device).reset_peak(); });
}

GA_API ga_status_t ga_memory_pool_free_all_blocks(int device) {
  return guarded(__func__, [&] { garray::DeviceMemory::of(device).free_all_blocks(); });
}

GA_API ga_status_t ga_memory_pool_set_limit(int device, size_t bytes) {
  return guarded(__func__, [&] { garray::DeviceMemory::of(device).set_limit(bytes); });
}

GA_API ga_status_t ga_memory_pool_get_limit(int device, size_t* bytes) {
  return guarded(__func__, [&] {
    garray::DeviceMemory& memory = garray::DeviceMemory::of(device);
    require_out(bytes, "bytes");
    *bytes = memory.limit();
  });
}

GA_API ga_status_t ga_memory_pool_set_backend(int device, ga_memory_backend_t backend) {
  return guarded(__func__, [&] { garray::DeviceMemory::of(device).set_backend(backend); });
}

GA_API ga_status_t ga_memory_pool_get_backend(int device, ga_memory_backend_t* backend) {
  return guarded(__func__, [&] {
    garray::DeviceMemory& memory = garray::DeviceMemory::of(device);
    require_out(backend, "backend");
    *backend = memory.backend();
  });
}

GA_API ga_status_t ga_memory_set_allocator(int device, const ga_allocator_t* allocator) {
  return guarded(__func__, [&] { garray::DeviceMemory::of(device).set_allocator(allocator); });
}

GA_API ga_status_t ga_pinned_allocate(size_t bytes, void** ptr) {
  return guarded(__func__, [&] {
    garray::require_device(0);
    require_out(ptr, "ptr");
    *ptr = garray::allocate_pinned(bytes);
  });
}

GA_API ga_status_t ga_pinned_free(void* ptr, ga_stream_t stream) {
  return guarded(__func__, [&] { garray::free_pinned(ptr, stream_or_current(stream)); });
}

GA_API ga_status_t ga_pinned_pool_stats(ga_memory_stats_t* stats) {
  return guarded(__func__, [&] {
    require_stats(stats);
    write_stats(garray::pinned_memory_stats(), stats);
  });
}

GA_API ga_status_t ga_pinned_pool_free_all_blocks(void) {
  return guarded(__func__, [] { garray::free_all_pinned_blocks(); });
}

}  // extern "C"
