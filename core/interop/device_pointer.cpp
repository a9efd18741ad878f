#include "core/interop/device_pointer.hpp"

#include "core/array/dtype.hpp"
#include "core/array/layout.hpp"
#include "core/common/cuda_check.hpp"
#include "core/common/error.hpp"
#include "core/runtime/device.hpp"

#include <cuda_runtime_api.h>

#include <string>

namespace garray {

namespace {

Dims element_strides(const std::int64_t* strides_bytes, int ndim, const Dims& shape, std::size_t itemsize) {
  if (strides_bytes == nullptr) return contiguous_strides(shape, GA_ORDER_C);
  Dims strides = Dims::from(strides_bytes, ndim, "strides_bytes");
  const auto item = static_cast<std::int64_t>(itemsize);
  for (int axis = 0; axis < ndim; ++axis) {
    if (strides[axis] % item != 0) {
      throw Error(GA_ERROR_INVALID_ARGUMENT, "strides_bytes[" + std::to_string(axis) + "] is " +
                                                 std::to_string(strides[axis]) + ", not a multiple of the itemsize " +
                                                 std::to_string(item));
    }
    strides[axis] /= item;
  }
  return strides;
}

// Managed and pinned memory are exported under their own DLPack device types, so the kind matters;
// asking CUDA also catches the common mistake of passing a plain host pointer.
MemoryKind memory_kind_of(const void* data, int device) {
  cudaPointerAttributes attributes{};
  check_cuda(cudaPointerGetAttributes(&attributes, data), "cudaPointerGetAttributes");
  switch (attributes.type) {
    case cudaMemoryTypeDevice:
      if (attributes.device != device) {
        throw Error(GA_ERROR_INVALID_ARGUMENT, "data is memory of device " + std::to_string(attributes.device) +
                                                   ", not of device " + std::to_string(device));
      }
      return MemoryKind::device;
    case cudaMemoryTypeManaged:
      return MemoryKind::managed;
    case cudaMemoryTypeHost:
      return MemoryKind::pinned_host;
    default:
      throw Error(GA_ERROR_INVALID_ARGUMENT,
                  "data is pageable host memory, which the device cannot reach; pin it with "
                  "cudaHostRegister, or import it as a kDLCPU DLPack tensor to copy it");
  }
}

}  // namespace

ExternalArray wrap_device_pointer(void* data, int device, int ndim, const std::int64_t* shape,
                                  const std::int64_t* strides_bytes, ga_dtype_t dtype, bool writeable,
                                  ExternalRelease release) {
  const std::size_t itemsize = dtype_info(dtype).itemsize;
  const Dims extents = Dims::from(shape, ndim, "shape");
  const std::int64_t size = checked_element_count(extents, itemsize);
  const Dims strides = element_strides(strides_bytes, ndim, extents, itemsize);
  if (data == nullptr && size > 0) {
    throw Error(GA_ERROR_INVALID_ARGUMENT,
                "argument 'data' is NULL but the array has " + std::to_string(size) + " elements");
  }
  const ExternalSpan span = span_of_view(data, extents, strides, itemsize, "strides_bytes");
  require_device(device);
  const MemoryKind kind = size == 0 ? MemoryKind::device : memory_kind_of(data, device);
  return ExternalArray::wrap({span, device, kind, dtype, extents, strides, writeable}, release);
}

}  // namespace garray
