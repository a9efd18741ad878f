// Export of arrays as DLPack managed tensors, without copying.
#pragma once

#include <garray/dlpack.h>

#include "core/array/array.hpp"

#include <cstdint>

namespace garray {

// A managed tensor describing `array` in place, after handing the data off to `consumer_stream`
// (see hand_off_to_consumer_stream). The caller owns the result and calls its deleter once, from
// any thread; until then it keeps the array's buffer alive. One heap allocation holds the managed
// tensor, the buffer reference, and the shape and strides the tensor points to.
ga_dlpack_managed_tensor_versioned_t* export_dlpack_versioned(const Array& array,
                                                              std::int64_t consumer_stream);

// The same as a legacy (unversioned) managed tensor, which has no room for the read-only flag.
ga_dlpack_managed_tensor_t* export_dlpack_legacy(const Array& array, std::int64_t consumer_stream);

}  // namespace garray
