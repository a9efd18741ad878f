// Copies between arrays of any layout and dtype, on the device. The kernels come from the engine.
#pragma once

#include "core/array/array.hpp"
#include "core/runtime/deferred_stream.hpp"
#include "core/runtime/stream.hpp"

#include <optional>

namespace garray {

// A new array with `source`'s values and shape, in `order` (C, F, A or K as NumPy's copy), cast to
// `dtype` with CuPy's casting rules.
Array copy_as(const Array& source, ga_dtype_t dtype, ga_order_t order, const StreamRef& stream);

// NumPy's ascontiguousarray (`order` C) and asfortranarray (F): nullopt when `source` is already
// laid out so and has at least one dimension, for the caller to keep `source` itself (no stream
// used); else a new compact copy in `order`, made on `stream`, in which a 0-d source becomes
// shape (1,).
std::optional<Array> copy_unless_laid_out(const Array& source, ga_order_t order, DeferredStream stream);

// Writes `source`, broadcast to destination's shape and cast to its dtype, into `destination`
// (any strided, writeable view). Overlapping source and destination are handled.
void copy_into(const Array& source, const Array& destination, const StreamRef& stream);

}  // namespace garray
