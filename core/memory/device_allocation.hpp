// Owned device memory from the pools: what arrays and workspaces hold.
#pragma once

#include "core/runtime/stream.hpp"

#include <cstddef>

namespace garray {

// A block of device memory, returned to its device's memory when the owner goes, ordered on the
// stream it was last used on. Movable, not copyable: arrays share one through std::shared_ptr, so
// the block goes back when the last array using it does.
class DeviceAllocation {
 public:
  DeviceAllocation() noexcept = default;
  DeviceAllocation(DeviceAllocation&& other) noexcept;
  DeviceAllocation& operator=(DeviceAllocation&& other) noexcept;
  ~DeviceAllocation();
  DeviceAllocation(const DeviceAllocation&) = delete;
  DeviceAllocation& operator=(const DeviceAllocation&) = delete;

  void* data() const noexcept { return data_; }
  std::size_t size() const noexcept { return size_; }
  // The device of the memory; -1 for an empty (default or moved-from) owner.
  int device() const noexcept { return stream_ ? stream_->device() : -1; }
  // Where the memory is used, and will be freed.
  const StreamRef& stream() const noexcept { return stream_; }

  // Work on `stream` (of the same device) uses the memory from now on, so the free is ordered
  // there. Work queued earlier on the previous stream must be ordered before the later work on
  // `stream` (by an event), as garray's operations do when they change streams; otherwise the pool
  // could hand the block to `stream` while the previous one still uses it. Not synchronised: owners
  // shared between threads must not call it concurrently.
  void set_stream(StreamRef stream);

 private:
  friend DeviceAllocation allocate_device(std::size_t bytes, const StreamRef& stream);
  DeviceAllocation(void* data, std::size_t size, StreamRef stream) noexcept;
  void release() noexcept;

  void* data_ = nullptr;
  std::size_t size_ = 0;
  StreamRef stream_;
};

// `bytes` of memory on the device of `stream`, usable at once by work on `stream`; the memory of
// an empty allocation is nullptr. Throws GA_ERROR_OUT_OF_MEMORY after the pool has returned its
// cache and retried.
DeviceAllocation allocate_device(std::size_t bytes, const StreamRef& stream);

}  // namespace garray
