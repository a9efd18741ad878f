// The memory behind arrays: a span of device-accessible bytes and how to give it back.
#pragma once

#include "core/runtime/stream.hpp"

#include <cstddef>
#include <functional>
#include <memory>

namespace garray {

enum class MemoryKind {
  device,       // cudaMalloc'd or pool memory of one device
  managed,      // CUDA managed memory
  pinned_host,  // page-locked host memory mapped into the device's address space
};

class Buffer {
 public:
  using Release = std::function<void()>;

  // `release` runs once when the last array using the buffer goes; it must not throw.
  Buffer(void* data, std::size_t bytes, int device, MemoryKind kind, bool allocated_by_garray,
         Release release) noexcept;
  ~Buffer();
  Buffer(const Buffer&) = delete;
  Buffer& operator=(const Buffer&) = delete;

  void* data() const noexcept { return data_; }
  std::size_t bytes() const noexcept { return bytes_; }
  int device() const noexcept { return device_; }
  MemoryKind kind() const noexcept { return kind_; }
  bool allocated_by_garray() const noexcept { return allocated_by_garray_; }

 private:
  void* data_;
  std::size_t bytes_;
  int device_;
  MemoryKind kind_;
  bool allocated_by_garray_;
  Release release_;
};

using BufferRef = std::shared_ptr<Buffer>;

// `bytes` of device memory from the pool of the stream's device, ordered on `stream`, returned to
// the pool on that stream when the last user goes.
BufferRef allocate_device_buffer(std::size_t bytes, const StreamRef& stream);

}  // namespace garray
