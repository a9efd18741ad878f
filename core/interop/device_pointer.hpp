// Wrapping of a caller's device-accessible pointer as an array, without copying.
#pragma once

#include <garray/base.h>

#include "core/interop/external_memory.hpp"

#include <cstdint>

namespace garray {

// The array of `ndim` extents at `data` (the first element), with `strides_bytes` in bytes (NULL:
// C-contiguous), on `device`. CUDA says what kind of memory `data` is; pageable host memory and
// device memory of another device are refused. After adopt(), `release` runs once when the last
// view goes. Argument errors are found before the device is looked at, each naming the argument:
// GA_ERROR_DTYPE, GA_ERROR_INVALID_ARGUMENT, then GA_ERROR_NO_DEVICE and GA_ERROR_CUDA.
ExternalArray wrap_device_pointer(void* data, int device, int ndim, const std::int64_t* shape,
                                  const std::int64_t* strides_bytes, ga_dtype_t dtype, bool writeable,
                                  ExternalRelease release);

}  // namespace garray
