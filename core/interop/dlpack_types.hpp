// The vocabulary shared by DLPack export and import: dtypes and devices in DLPack's terms.
#pragma once

#include <garray/dlpack.h>

#include "core/array/buffer.hpp"

#include <cstdint>

namespace garray {

// garray's dtype as DLPack spells it: bool is {BOOL, 8}, bfloat16 {BFLOAT, 16}, complex64
// {COMPLEX, 64}; always one lane. Throws GA_ERROR_DTYPE for a value outside ga_dtype_t.
ga_dlpack_dtype_t to_dlpack_dtype(ga_dtype_t dtype);

// The garray dtype of a DLPack dtype. `field` names it in messages ("tensor->dl_tensor.dtype").
// Throws GA_ERROR_UNSUPPORTED for more than one lane, and GA_ERROR_DTYPE for a code DLPack does not
// define or a code and width garray has no dtype for (float8, opaque handles, 128-bit integers).
ga_dtype_t from_dlpack_dtype(ga_dlpack_dtype_t dtype, const char* field);

// Where a buffer lives, as DLPack says it: CUDA with the device ordinal for device memory, CUDA
// managed and CUDA host with ordinal 0 (DLPack's convention for memory every device can reach).
ga_dlpack_device_t to_dlpack_device(const Buffer& buffer);

// DLPack's name of a device type ("kDLCUDA"), or "unknown" — for messages.
const char* dlpack_device_type_name(std::int32_t device_type) noexcept;

}  // namespace garray
