#include "core/array/buffer.hpp"

#include "core/common/cuda_check.hpp"
#include "core/runtime/device.hpp"

namespace garray {

BufferRef allocate_device_buffer(std::size_t bytes, const StreamRef& stream) {
  DeviceGuard guard(stream->device());
  void* data = nullptr;
  if (bytes > 0) check_cuda(cudaMallocAsync(&data, bytes, stream->native()), "cudaMallocAsync");
  StreamRef owner = stream;
  return std::make_shared<Buffer>(data, bytes, stream->device(), MemoryKind::device, true,
                                  [data, owner] { if (data) cudaFreeAsync(data, owner->native()); });
}

}  // namespace garray
