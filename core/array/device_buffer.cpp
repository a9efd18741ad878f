#include "core/array/buffer.hpp"

#include "core/memory/device_allocation.hpp"

#include <memory>

namespace garray {

BufferRef allocate_device_buffer(std::size_t bytes, const StreamRef& stream) {
  auto allocation = std::make_shared<DeviceAllocation>(allocate_device(bytes, stream));
  void* data = allocation->data();
  return std::make_shared<Buffer>(data, bytes, stream->device(), MemoryKind::device, true,
                                  [allocation = std::move(allocation)]() mutable { allocation.reset(); });
}

}  // namespace garray
