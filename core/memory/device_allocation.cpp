#include "core/memory/device_allocation.hpp"

#include "core/common/error.hpp"
#include "core/memory/device_memory.hpp"

#include <string>
#include <utility>

namespace garray {

DeviceAllocation::DeviceAllocation(void* data, std::size_t size, StreamRef stream) noexcept
    : data_(data), size_(size), stream_(std::move(stream)) {}

DeviceAllocation::DeviceAllocation(DeviceAllocation&& other) noexcept
    : data_(std::exchange(other.data_, nullptr)),
      size_(std::exchange(other.size_, 0)),
      stream_(std::move(other.stream_)) {}

DeviceAllocation& DeviceAllocation::operator=(DeviceAllocation&& other) noexcept {
  if (this != &other) {
    release();
    data_ = std::exchange(other.data_, nullptr);
    size_ = std::exchange(other.size_, 0);
    stream_ = std::move(other.stream_);
  }
  return *this;
}

DeviceAllocation::~DeviceAllocation() { release(); }

void DeviceAllocation::set_stream(StreamRef stream) {
  GA_REQUIRE_ARGUMENT(stream != nullptr, "the stream is empty");
  GA_REQUIRE_ARGUMENT(stream->device() == device(),
                   "the memory is on device " + std::to_string(device()) +
                       " but the stream on device " + std::to_string(stream->device()));
  stream_ = std::move(stream);
}

void DeviceAllocation::release() noexcept {
  if (data_ == nullptr) return;
  try {
    // The pool handed the block out, so it always takes it back.
    static_cast<void>(DeviceMemory::of(stream_->device()).deallocate(data_, stream_));
  } catch (...) {
    // A destructor cannot report; a CUDA failure here leaves the block with the pool as free.
  }
  data_ = nullptr;
}

DeviceAllocation allocate_device(std::size_t bytes, const StreamRef& stream) {
  return DeviceAllocation(allocate_device_memory(bytes, stream), bytes, stream);
}

}  // namespace garray
