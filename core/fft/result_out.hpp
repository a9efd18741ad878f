// The check every FFT routine makes of a caller's `out` before any work: device, writeable, shape
// and same_kind casting from the result's dtype.
#pragma once

#include "core/array/array.hpp"
#include "core/runtime/stream.hpp"

namespace garray {

// Throws GA_ERROR_INVALID_ARGUMENT (another device, read-only), GA_ERROR_SHAPE_MISMATCH (not
// `shape`) or GA_ERROR_DTYPE (`dtype` does not cast to it with same_kind).
void require_result_out(const Array& out, const Dims& shape, ga_dtype_t dtype, const StreamRef& stream);

}  // namespace garray
