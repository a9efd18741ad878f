// Copies between arrays of any layout and dtype, on the device. The kernels come from the engine.
#pragma once

#include "core/array/array.hpp"
#include "core/runtime/stream.hpp"

namespace garray {

// A new array with `source`'s values and shape, in `order` (C, F, A or K as NumPy's copy), cast to
// `dtype` with CuPy's casting rules.
Array copy_as(const Array& source, ga_dtype_t dtype, ga_order_t order, const StreamRef& stream);

// Writes `source`, broadcast to destination's shape and cast to its dtype, into `destination`
// (any strided, writeable view). Overlapping source and destination are handled.
void copy_into(const Array& source, const Array& destination, const StreamRef& stream);

}  // namespace garray
