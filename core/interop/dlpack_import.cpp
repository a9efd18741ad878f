#include "core/interop/dlpack_import.hpp"

#include "core/array/dtype.hpp"
#include "core/array/layout.hpp"
#include "core/common/error.hpp"
#include "core/interop/dlpack_types.hpp"
#include "core/interop/host_upload.hpp"
#include "core/runtime/device.hpp"

#include <cstdint>
#include <limits>
#include <string>

namespace garray {

namespace {

template <class Managed>
void call_deleter(void* tensor) {
  auto* managed = static_cast<Managed*>(tensor);
  if (managed->deleter != nullptr) managed->deleter(managed);
}

template <class Managed>
ExternalRelease deleter_of(Managed* tensor) {
  return ExternalRelease{&call_deleter<Managed>, tensor};
}

// Messages are built only on failure: import is on the hot path of every zero-copy hand-off.
Dims checked_shape(const ga_dlpack_tensor_t& tensor) {
  if (tensor.ndim < 0) {
    throw Error(GA_ERROR_INVALID_ARGUMENT,
                "tensor->dl_tensor.ndim is " + std::to_string(tensor.ndim) + "; it cannot be negative");
  }
  if (tensor.ndim > kMaxDims) {
    throw Error(GA_ERROR_UNSUPPORTED, "tensor->dl_tensor.ndim is " + std::to_string(tensor.ndim) +
                                          "; garray arrays have at most " + std::to_string(kMaxDims) +
                                          " dimensions");
  }
  if (tensor.ndim > 0 && tensor.shape == nullptr) {
    throw Error(GA_ERROR_INVALID_ARGUMENT,
                "tensor->dl_tensor.shape is NULL but ndim is " + std::to_string(tensor.ndim));
  }
  const Dims shape = Dims::from(tensor.shape, tensor.ndim, "tensor->dl_tensor.shape");
  for (int axis = 0; axis < shape.size(); ++axis) {
    if (shape[axis] < 0) {
      throw Error(GA_ERROR_INVALID_ARGUMENT, "tensor->dl_tensor.shape[" + std::to_string(axis) + "] is " +
                                                 std::to_string(shape[axis]) + "; extents cannot be negative");
    }
  }
  return shape;
}

// Address of element (0, ..., 0): data + byte_offset.
void* checked_first_element(const ga_dlpack_tensor_t& tensor, std::int64_t size) {
  if (tensor.data == nullptr && size > 0) {
    throw Error(GA_ERROR_INVALID_ARGUMENT,
                "tensor->dl_tensor.data is NULL but the tensor has " + std::to_string(size) + " elements");
  }
  const auto base = reinterpret_cast<std::uintptr_t>(tensor.data);
  if (tensor.byte_offset > static_cast<std::uint64_t>(std::numeric_limits<std::int64_t>::max()) ||
      base > std::numeric_limits<std::uintptr_t>::max() - tensor.byte_offset) {
    throw Error(GA_ERROR_INVALID_ARGUMENT, "tensor->dl_tensor.byte_offset " + std::to_string(tensor.byte_offset) +
                                               " reaches outside the address space");
  }
  return reinterpret_cast<void*>(base + tensor.byte_offset);
}

// Before DLPack 1.2 NULL strides meant a compact row-major tensor; older producers still send it.
Dims strides_or_row_major(const ga_dlpack_tensor_t& tensor, const Dims& shape) {
  if (tensor.strides == nullptr) return contiguous_strides(shape, GA_ORDER_C);
  return Dims::from(tensor.strides, tensor.ndim, "tensor->dl_tensor.strides");
}

void require_cuda_device(std::int32_t device_id) {
  const int count = device_count();
  if (count == 0) {
    throw Error(GA_ERROR_NO_DEVICE,
                "tensor->dl_tensor.device names a CUDA device but no CUDA device is available (no GPU or "
                "no driver)");
  }
  if (device_id < 0 || device_id >= count) {
    throw Error(GA_ERROR_NO_DEVICE, "tensor->dl_tensor.device.device_id is " + std::to_string(device_id) +
                                        " but only devices 0.." + std::to_string(count - 1) + " exist");
  }
}

struct Placement {
  bool copy;
  MemoryKind kind;
  int device;
};

// Where the array goes. Managed and pinned memory carry device_id 0 by DLPack's convention whatever
// device made them, and every device reaches them, so they belong to the device of the caller's
// stream (by default its current device), as a copy of host memory does.
Placement placement_of(const ga_dlpack_device_t& device, const DeferredStream& stream) {
  switch (device.device_type) {
    case GA_DLPACK_CPU:
      return {true, MemoryKind::device, stream.get()->device()};
    case GA_DLPACK_CUDA:
      require_cuda_device(device.device_id);
      return {false, MemoryKind::device, device.device_id};
    case GA_DLPACK_CUDA_HOST:
      require_cuda_device(device.device_id);
      return {false, MemoryKind::pinned_host, stream.get()->device()};
    case GA_DLPACK_CUDA_MANAGED:
      require_cuda_device(device.device_id);
      return {false, MemoryKind::managed, stream.get()->device()};
    default:
      throw Error(GA_ERROR_UNSUPPORTED,
                  "tensor->dl_tensor.device.device_type " + std::to_string(device.device_type) + " (" +
                      dlpack_device_type_name(device.device_type) +
                      ") is not supported: garray imports kDLCPU, kDLCUDA, kDLCUDAHost and kDLCUDAManaged");
  }
}

ExternalArray import_tensor(const ga_dlpack_tensor_t& tensor, bool read_only, ExternalRelease release,
                            const DeferredStream& stream) {
  const Dims shape = checked_shape(tensor);
  const ga_dtype_t dtype = from_dlpack_dtype(tensor.dtype, "tensor->dl_tensor.dtype");
  const std::size_t itemsize = dtype_info(dtype).itemsize;
  const std::int64_t size = checked_element_count(shape, itemsize);
  void* first_element = checked_first_element(tensor, size);
  const Dims strides = strides_or_row_major(tensor, shape);
  const ExternalSpan span = span_of_view(first_element, shape, strides, itemsize, "tensor->dl_tensor.strides");
  const Placement placement = placement_of(tensor.device, stream);
  if (placement.copy) {
    return ExternalArray::copy_of(
        upload_host_view(first_element, dtype, shape, strides, stream.get()), release);
  }
  return ExternalArray::wrap({span, placement.device, placement.kind, dtype, shape, strides, !read_only},
                             release);
}

void require_tensor(const void* tensor) {
  if (tensor == nullptr) throw Error(GA_ERROR_INVALID_ARGUMENT, "argument 'tensor' is NULL");
}

}  // namespace

ExternalArray import_dlpack(ga_dlpack_managed_tensor_versioned_t* tensor, DeferredStream stream) {
  require_tensor(tensor);
  if (tensor->version.major != GA_DLPACK_MAJOR_VERSION) {
    throw Error(GA_ERROR_VERSION_MISMATCH, "tensor->version.major is " + std::to_string(tensor->version.major) +
                                               " but garray reads DLPack " + std::to_string(GA_DLPACK_MAJOR_VERSION) +
                                               ".x; the tensor's layout differs, and only its deleter may be "
                                               "called");
  }
  const bool read_only = (tensor->flags & GA_DLPACK_FLAG_READ_ONLY) != 0;
  return import_tensor(tensor->dl_tensor, read_only, deleter_of(tensor), stream);
}

ExternalArray import_dlpack(ga_dlpack_managed_tensor_t* tensor, DeferredStream stream) {
  require_tensor(tensor);
  return import_tensor(tensor->dl_tensor, false, deleter_of(tensor), stream);
}

}  // namespace garray
