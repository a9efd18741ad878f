// Copies a strided view of host memory into a new C-contiguous array on a stream's device.
#pragma once

#include "core/array/array.hpp"
#include "core/array/dims.hpp"
#include "core/runtime/stream.hpp"

namespace garray {

// A new C-contiguous array on `stream`'s device, allocated and written on `stream`, holding the
// elements of the host view at `first_element` (strides in elements, any sign). Returns once the
// copy has finished, so the host memory may be freed at once. A view that is not C-contiguous is
// first gathered into a compact staging buffer, so the device sees one transfer.
Array upload_host_view(const void* first_element, ga_dtype_t dtype, const Dims& shape, const Dims& strides,
                       const StreamRef& stream);

}  // namespace garray
