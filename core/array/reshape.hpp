// Reshaping: giving an array's elements, read in C or F order, a new shape; a view whenever the
// strides allow it, else a compact copy.
#pragma once

#include <garray/array.h>

#include "core/array/array.hpp"
#include "core/array/dims.hpp"
#include "core/runtime/deferred_stream.hpp"
#include "core/runtime/stream.hpp"

#include <cstdint>
#include <optional>

namespace garray {

// GA_ORDER_A resolved for `array` as NumPy does: F when it is F- and not C-contiguous, else C.
// GA_ORDER_C and GA_ORDER_F come back unchanged; anything else throws GA_ERROR_INVALID_ARGUMENT.
ga_order_t resolve_reshape_order(const Array& array, ga_order_t order);

// `requested` with its one -1 replaced so that the product is `size`. Throws
// GA_ERROR_INVALID_ARGUMENT for a second -1 or another negative extent, and GA_ERROR_SHAPE_MISMATCH
// (naming both) when the sizes cannot agree.
Dims resolve_requested_shape(const Dims& requested, std::int64_t size);

// Strides under which `new_shape` reads the elements of the (non-empty) layout
// `old_shape`/`old_strides` in `order` (C or F), or nullopt when only a copy can. Axes of the old
// shape that are merged must be evenly spaced in `order`; an axis of extent 1 gets the stride of
// the next faster axis, as NumPy's _attempt_nocopy_reshape gives.
std::optional<Dims> reshaped_strides(const Dims& old_shape, const Dims& old_strides,
                                     const Dims& new_shape, ga_order_t order);

// The view of `array` with shape `requested` (one -1 allowed) read in `order` (C, F or A), or
// nullopt when a copy is needed. Contiguous inputs get fresh compact strides, an unchanged shape
// keeps its strides, as in NumPy.
std::optional<Array> reshape_view(const Array& array, const Dims& requested, ga_order_t order);

// reshape_view(), or else a copy in the resolved order, made on `stream` (GA_ERROR_INVALID_ARGUMENT
// when a copy is needed and `array` is not on the stream's device); a view needs no stream, nor a
// device. The copy is the result's own: it is not flagged as a view.
Array reshape(const Array& array, const Dims& requested, ga_order_t order, DeferredStream stream);

// A new array with the elements of `source` laid out in `order` (C, F, A or K as NumPy's copy),
// made on `stream`, which must be on the array's device: the one place reshaping and ravelling
// copy.
Array copy_in_order(const Array& source, ga_order_t order, const StreamRef& stream);

// Another view of a freshly copied array's buffer, flagged as owning its data as a new array is:
// nothing else can see that buffer.
Array as_owner(const Array& fresh, const Dims& shape, const Dims& strides);

}  // namespace garray
