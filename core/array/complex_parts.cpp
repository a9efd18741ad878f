#include "core/array/complex_parts.hpp"

#include "core/array/layout.hpp"
#include "core/common/cuda_check.hpp"
#include "core/ops/device_check.hpp"
#include "core/runtime/device.hpp"
#include "core/runtime/stream.hpp"

namespace garray {

namespace {

// The view of one component of each complex element, `byte_shift` bytes into the element.
Array component_view(const Array& array, std::int64_t byte_shift) {
  Dims strides = array.strides();
  for (int axis = 0; axis < strides.size(); ++axis) strides[axis] = scaled_stride(strides[axis], 2);
  return array.view_as(component_dtype(array.dtype()), array.shape(), strides,
                       array.byte_offset() + byte_shift);
}

// NumPy's a.imag of a real array: zeros laid out as np.empty_like(a, order='A'), and read-only so
// that nobody mistakes writing to it for writing to `array`.
Array read_only_zeros_like(const Array& array, const StreamRef& stream) {
  require_on_stream_device(array, stream, "array");
  const ga_order_t order =
      array.is_f_contiguous() && !array.is_c_contiguous() ? GA_ORDER_F : GA_ORDER_C;
  const Array zeros = Array::empty(array.shape(), array.dtype(), order, stream);
  if (zeros.nbytes() > 0) {
    DeviceGuard guard(stream->device());
    check_cuda(cudaMemsetAsync(zeros.data(), 0, zeros.nbytes(), stream->native()),
               "cudaMemsetAsync");
  }
  return Array(zeros.buffer(), zeros.dtype(), zeros.shape(), zeros.strides(), zeros.byte_offset(),
               false, false);
}

bool is_complex(ga_dtype_t dtype) { return dtype_info(dtype).kind == GA_KIND_COMPLEX; }

}  // namespace

ga_dtype_t component_dtype(ga_dtype_t dtype) {
  switch (dtype) {
    case GA_COMPLEX64: return GA_FLOAT32;
    case GA_COMPLEX128: return GA_FLOAT64;
    default: return dtype;
  }
}

Array real_part(const Array& array) {
  if (is_complex(array.dtype())) return component_view(array, 0);
  return array.view(array.shape(), array.strides(), array.byte_offset());
}

Array imag_part(const Array& array, DeferredStream stream) {
  if (is_complex(array.dtype())) {
    return component_view(array, static_cast<std::int64_t>(array.itemsize() / 2));
  }
  return read_only_zeros_like(array, stream.get());
}

}  // namespace garray
