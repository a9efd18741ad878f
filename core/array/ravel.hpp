// Flattening to one dimension: ravel (a view whenever one exists) and flatten (always a copy).
#pragma once

#include <garray/array.h>

#include "core/array/array.hpp"
#include "core/runtime/deferred_stream.hpp"
#include "core/runtime/stream.hpp"

#include <optional>

namespace garray {

// The 1-D view of `array` read in `order`, or nullopt when its strides allow none. C, F and A read
// as reshape_view() with shape (size,); K reads memory order, which needs positive strides that lay
// the elements out compactly under some axis permutation. Throws GA_ERROR_INVALID_ARGUMENT for
// another order.
std::optional<Array> ravel_view(const Array& array, ga_order_t order);

// ravel_view(), or else flatten() on `stream` (a view needs no stream, nor a device). As CuPy, and
// unlike NumPy's ravel, a strided input that one constant stride can walk gives a view.
Array ravel(const Array& array, ga_order_t order, DeferredStream stream);

// A new 1-D array, owning its data, with the elements of `array` in `order` (C, F, A or K), copied
// on `stream` (GA_ERROR_INVALID_ARGUMENT when `array` is not on its device). The order is checked
// before the stream is looked up, so a bad one is reported as such without a device.
Array flatten(const Array& array, ga_order_t order, DeferredStream stream);

}  // namespace garray
